// A client's own blacklist, given as records (from its database or an import) → list
// blacklist:<clientId>. Individuals: first/last name, date of birth, nationality, documents.
// Businesses: name, registration number, country.

import { createHash } from 'node:crypto';
import type { Entity, ListLoad, LoadReject } from '../model.ts';
import { toCountryCode } from '../countries.ts';
import { parseDate } from './dates.ts';
import { addCountry, addDate, addExtra, addIdentifier, addName, makeLoad, newEntity, reject } from './entity.ts';

export interface BlacklistDocument {
  /** passport, national_id, drivers_license, tax_id … */
  type: string;
  number: string;
  /** Issuing country: name or ISO code. */
  country?: string;
}

interface BlacklistCommon {
  /** The client's id of the record; unique within the client's blacklist. */
  id: string;
  aliases?: string[];
  reason?: string;
  category?: string;
}

export interface BlacklistPerson extends BlacklistCommon {
  kind: 'person';
  firstName: string;
  lastName: string;
  middleName?: string;
  /** ISO date, year, or a list form ("01 Jan 1960", "1/2/1960" month first). */
  dob?: string;
  /** Name, adjective or ISO code. */
  nationality?: string;
  documents?: BlacklistDocument[];
}

export interface BlacklistBusiness extends BlacklistCommon {
  kind: 'business';
  name: string;
  registrationNumber?: string;
  /** Country of registration: name or ISO code. */
  country?: string;
}

export type BlacklistRecord = BlacklistPerson | BlacklistBusiness;

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * Builds the blacklist of one client. Records that cannot be screened (no id, no name, an
 * id seen before) are rejected with their 1-based position in `records` as the line.
 */
export function loadBlacklist(clientId: string, records: BlacklistRecord[], options: { version?: string } = {}): ListLoad {
  const client = clientId.trim();
  if (!client) throw new Error('loadBlacklist needs a client id');
  const list = `blacklist:${client}`;
  const rejects: LoadReject[] = [];
  const entities: Entity[] = [];
  const seen = new Set<string>();
  records.forEach((rec, i) => {
    const line = i + 1;
    const raw = JSON.stringify(rec);
    const id = text(rec?.id);
    if (!id) return reject(rejects, line, 'no id', raw);
    if (seen.has(id)) return reject(rejects, line, `duplicate id ${id}`, raw);
    if (rec.kind === 'person') {
      const first = text(rec.firstName);
      const middle = text(rec.middleName);
      const last = text(rec.lastName);
      if (!first && !last) return reject(rejects, line, `${id}: no first or last name`, raw);
      seen.add(id);
      const e = newEntity(list, id, 'person');
      const given = [first, middle].filter(Boolean).join(' ');
      addName(e, { full: [given, last].filter(Boolean).join(' '), kind: 'primary', ...(given ? { given } : {}), ...(last ? { family: last } : {}) });
      for (const a of rec.aliases ?? []) addName(e, { full: text(a), kind: 'strong' });
      if (text(rec.dob)) {
        const d = parseDate(rec.dob);
        if (d) addDate(e, d);
        else addExtra(e, 'dob_unparsed', rec.dob);
      }
      addCountry(e.nationalities, text(rec.nationality));
      for (const doc of rec.documents ?? []) {
        const number = text(doc?.number);
        if (!number) continue;
        const country = text(doc.country);
        addIdentifier(e, { type: text(doc.type).toLowerCase() || 'other', value: number, ...(country ? { country: toCountryCode(country) ?? country } : {}) });
      }
      addExtra(e, 'reason', text(rec.reason));
      addExtra(e, 'category', text(rec.category));
      entities.push(e);
    } else if (rec?.kind === 'business') {
      const name = text(rec.name);
      if (!name) return reject(rejects, line, `${id}: no name`, raw);
      seen.add(id);
      const e = newEntity(list, id, 'organisation');
      addName(e, { full: name, kind: 'primary' });
      for (const a of rec.aliases ?? []) addName(e, { full: text(a), kind: 'strong' });
      const country = text(rec.country) ? addCountry(e.countries, text(rec.country)) : undefined;
      const reg = text(rec.registrationNumber);
      if (reg) addIdentifier(e, { type: 'registration', value: reg, ...(country ? { country } : {}) });
      addExtra(e, 'reason', text(rec.reason));
      addExtra(e, 'category', text(rec.category));
      entities.push(e);
    } else {
      return reject(rejects, line, `${id}: kind must be "person" or "business"`, raw);
    }
  });
  const version = options.version ?? `sha256:${createHash('sha256').update(JSON.stringify(records)).digest('hex').slice(0, 12)}`;
  return makeLoad(list, version, [], entities, rejects);
}
