// The UK Sanctions List CSV published by the FCDO (UK-Sanctions-List.csv) → list uk_sanctions.
// A "Report Date: 14-Nov-2026" line comes before the header; then one row per name (and per
// address or date of birth) of a designation, grouped by Unique ID. Name 6 is the surname
// (or the whole name of an entity or ship), Name 1–5 the other names. Multi-valued cells use '|'.

import type { Entity, EntityName, ListLoad, LoadReject, Schema } from '../model.ts';
import { WrongFileError } from '../model.ts';
import { toCountryCode } from '../countries.ts';
import { readCsv } from './csv.ts';
import { parseDate } from './dates.ts';
import { addAddress, addCountry, addDate, addExtra, addIdentifier, addName, addUnique, ensurePrimary, makeLoad, newEntity, reject } from './entity.ts';
import { firstLine, hashVersion, type ListInput, preview, readInput, type SourceText } from './source.ts';

const REQUIRED = ['Unique ID', 'Name 6', 'Name type', 'Designation Type'];

function schemaOf(t: string): Schema {
  switch (t.trim().toLowerCase()) {
    case 'individual':
      return 'person';
    case 'entity':
      return 'organisation';
    case 'ship':
      return 'vessel';
    default:
      return 'unknown';
  }
}

function multi(v: string): string[] {
  return v
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** "Report Date: 14-Nov-2026" → "2026-11-14" */
export function ukReportDate(text: string): string | undefined {
  const line = firstLine(text.replace(/^[\ufeff\ufffd]+/, ''));
  if (!/^report date/i.test(line)) return undefined;
  const d = parseDate(line.replace(/^report date\s*:?\s*/i, '').replace(/,+$/, ''), { order: 'dmy' });
  return d?.value?.length === 10 ? d.value : undefined;
}

export function parseUk(src: SourceText): ListLoad {
  const list = 'uk_sanctions';
  const reportDate = ukReportDate(src.text);
  const rows = readCsv(src.text);
  let head = rows.next();
  // The report-date line is not the header.
  if (!head.done && /^report date/i.test(head.value.fields[0] ?? '')) head = rows.next();
  const header = head.done ? [] : head.value.fields.map((h) => h.trim());
  if (REQUIRED.some((c) => !header.includes(c))) {
    throw new WrongFileError(
      `${src.name} is not the UK Sanctions List CSV: expected a "Report Date" line and a header with ` +
        `${REQUIRED.join(', ')}, it starts with ${preview(src.text)}`,
    );
  }
  const at = new Map(header.map((h, i) => [h, i]));
  const rejects: LoadReject[] = [];
  const byId = new Map<string, Entity>();
  const entities: Entity[] = [];

  for (const r of rows) {
    const f = r.fields;
    if (r.error) {
      reject(rejects, r.line, r.error, f);
      continue;
    }
    if (f.length !== header.length) {
      reject(rejects, r.line, `expected ${header.length} columns, got ${f.length}`, f);
      continue;
    }
    const get = (c: string) => {
      const i = at.get(c);
      return i === undefined ? '' : f[i]!.trim();
    };
    const uid = get('Unique ID');
    if (!uid) {
      reject(rejects, r.line, 'no Unique ID', f);
      continue;
    }
    let e = byId.get(uid);
    if (!e) {
      e = newEntity(list, uid, schemaOf(get('Designation Type')));
      byId.set(uid, e);
      entities.push(e);
      addExtra(e, 'ofsi_group_id', get('OFSI Group ID'));
      addExtra(e, 'un_reference', get('UN Reference Number'));
      addUnique(e.programmes, get('Regime Name'));
      addExtra(e, 'designation_source', get('Designation source'));
      for (const s of multi(get('Sanctions Imposed'))) addExtra(e, 'sanctions_imposed', s);
      addExtra(e, 'date_designated', get('Date Designated'));
      addExtra(e, 'last_updated', get('Last Updated'));
      const other = get('Other Information');
      if (other) e.remarks = other;
      addExtra(e, 'statement_of_reasons', get('UK Statement of Reasons'));
    }

    // Names
    const surname = get('Name 6');
    const forenames = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'].map(get).filter(Boolean).join(' ');
    const full = [forenames, surname].filter(Boolean).join(' ');
    if (full) {
      const type = get('Name type').toLowerCase();
      const strength = get('Alias strength').toLowerCase();
      const kind: EntityName['kind'] =
        type === 'primary name' ? 'primary' : type === 'alias' && strength.startsWith('low') ? 'weak' : 'strong';
      const parts = e.schema === 'person' && surname && forenames ? { family: surname, given: forenames } : {};
      // Only one primary: another "Primary Name" row with a different name counts as a variation.
      const demote = kind === 'primary' && e.names.some((n) => n.kind === 'primary');
      addName(e, { full, kind: demote ? 'strong' : kind, ...parts });
    }
    const script = get('Name non-latin script');
    if (script) addName(e, { full: script, kind: 'strong', original: true });
    addExtra(e, 'title', get('Title'));

    // Person facts
    for (const d of multi(get('D.O.B'))) {
      const pd = parseDate(d, { order: 'dmy' });
      if (pd) addDate(e, pd);
      else addExtra(e, 'dob_unparsed', d);
    }
    for (const n of multi(get('Nationality(/ies)'))) addCountry(e.nationalities, n);
    const g = get('Gender').toLowerCase();
    if (g === 'male' || g === 'female') e.gender = g;
    const pob = [get('Town of birth'), get('Country of birth')].filter(Boolean).join(', ');
    addUnique(e.birthPlaces, pob);
    const cob = toCountryCode(get('Country of birth'));
    if (cob) addUnique(e.countries, cob);
    addExtra(e, 'position', get('Position'));
    for (const p of multi(get('Passport number'))) {
      const info = get('Passport additional information');
      addIdentifier(e, { type: 'passport', value: p, ...(info ? { note: info } : {}) });
    }
    for (const n of multi(get('National Identifier number'))) {
      const info = get('National Identifier additional information');
      addIdentifier(e, { type: 'national_id', value: n, ...(info ? { note: info } : {}) });
    }

    // Address
    const lines = ['Address Line 1', 'Address Line 2', 'Address Line 3', 'Address Line 4', 'Address Line 5'].map(get).filter(Boolean);
    const town = get('Address Line 6');
    const country = get('Address Country');
    if (lines.length || town || country) {
      addAddress(e, { street: lines.join(', '), city: town, postalCode: get('Address Postal Code'), country });
    }
    addExtra(e, 'phone', get('Phone number'));
    addExtra(e, 'website', get('Website'));
    addExtra(e, 'email', get('Email address'));

    // Entity facts
    for (const b of multi(get('Business registration number (s)'))) addIdentifier(e, { type: 'registration', value: b });
    addExtra(e, 'type_of_entity', get('Type of entity'));
    for (const s of multi(get('Subsidiaries'))) addExtra(e, 'subsidiaries', s);
    for (const p of multi(get('Parent company'))) {
      if (!e.links.some((l) => l.targetName === p)) e.links.push({ relation: 'parent', targetName: p });
    }

    // Ship facts
    const imo = get('IMO number').replace(/^IMO\s*/i, '');
    if (imo) addIdentifier(e, { type: 'imo', value: imo });
    const hin = get('Hull identification number (HIN)');
    if (hin) addIdentifier(e, { type: 'other', value: hin, note: 'Hull identification number (HIN)' });
    const flag = get('Current believed flag of ship');
    if (flag) {
      addExtra(e, 'vessel_flag', flag);
      const code = toCountryCode(flag);
      if (code) addUnique(e.countries, code);
    }
    for (const p of multi(get('Previous flags'))) addExtra(e, 'vessel_flag_former', p);
    addExtra(e, 'vessel_owner', get('Current owner/operator (s)'));
    addExtra(e, 'vessel_owner_former', get('Previous owner/operator (s)'));
    addExtra(e, 'vessel_type', get('Type of ship'));
    addExtra(e, 'tonnage', get('Tonnage of ship'));
    addExtra(e, 'length', get('Length of ship'));
    addExtra(e, 'year_built', get('Year Built'));
  }

  for (const e of entities) ensurePrimary(e);
  // Entities whose rows all lacked a name cannot be screened: reported, not kept.
  for (const e of entities) if (e.names.length === 0) reject(rejects, 0, `designation ${e.sourceId} has no name`);
  const kept = entities.filter((e) => e.names.length > 0);
  return makeLoad(list, reportDate ?? hashVersion([src]), [src.where], kept, rejects);
}

/** UK-Sanctions-List.csv → uk_sanctions. */
export async function loadUk(file: ListInput): Promise<ListLoad> {
  return parseUk(await readInput(file));
}
