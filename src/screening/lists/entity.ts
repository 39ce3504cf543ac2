// Helpers every parser uses to fill the entity model without repeats.

import type { Address, Entity, EntityName, Identifier, ListLoad, LoadReject, PartialDate, Schema } from '../model.ts';
import { toCountryCode } from '../countries.ts';
import { sameDate } from './dates.ts';

export function newEntity(list: string, sourceId: string, schema: Schema): Entity {
  return {
    id: `${list}:${sourceId}`,
    list,
    listVersion: '',
    sourceId,
    schema,
    names: [],
    birthDates: [],
    birthPlaces: [],
    nationalities: [],
    countries: [],
    addresses: [],
    identifiers: [],
    programmes: [],
    links: [],
  };
}

const RANK: Record<EntityName['kind'], number> = { primary: 3, strong: 2, former: 1, weak: 0 };

function collapse(s: string): string {
  // Most names have no double or odd spaces: skip the regex for them.
  return s.includes('  ') || s.includes('\t') || s.includes('\n') ? s.replace(/\s+/g, ' ').trim() : s.trim();
}

/** Case-insensitive equality without allocating for strings of different length. */
function sameText(a: string, b: string): boolean {
  return a.length === b.length && (a === b || a.toUpperCase() === b.toUpperCase());
}

/**
 * Adds a name unless the entity already has it; when it has it with a weaker kind, the
 * stronger kind wins (an alias equal to the primary name is not a second name).
 */
export function addName(e: Entity, name: EntityName): boolean {
  const full = collapse(name.full);
  if (!full) return false;
  for (const n of e.names) {
    if (!sameText(n.full, full)) continue;
    if (RANK[name.kind] > RANK[n.kind]) {
      n.kind = name.kind;
      if (name.given) n.given = name.given;
      if (name.family) n.family = name.family;
    }
    return false;
  }
  const out: EntityName = { full, kind: name.kind };
  if (name.given) out.given = name.given;
  if (name.family) out.family = name.family;
  if (name.original) out.original = true;
  e.names.push(out);
  return true;
}

/** Makes sure exactly one name is primary: the first strong one when the list had none. */
export function ensurePrimary(e: Entity): void {
  if (e.names.some((n) => n.kind === 'primary')) return;
  const pick = e.names.find((n) => n.kind === 'strong') ?? e.names[0];
  if (pick) pick.kind = 'primary';
}

/** "SURNAME, Given names" → parts; undefined when the name has no comma. */
export function splitSurnameFirst(full: string): { family: string; given: string } | undefined {
  const i = full.indexOf(', ');
  if (i <= 0) return undefined;
  const family = full.slice(0, i).trim();
  const given = full.slice(i + 2).trim();
  if (!family || !given) return undefined;
  return { family, given };
}

export function addUnique(list: string[], value: string | undefined): void {
  const v = value?.trim();
  if (v && !list.includes(v)) list.push(v);
}

/** Adds the alpha-2 code when resolvable, else the published text. */
export function addCountry(list: string[], text: string | undefined): string | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  const code = toCountryCode(t) ?? t;
  if (!list.includes(code)) list.push(code);
  return code;
}

export function addDate(e: Entity, d: PartialDate | undefined): void {
  if (!d) return;
  if (!e.birthDates.some((x) => sameDate(x, d))) e.birthDates.push(d);
}

export function addIdentifier(e: Entity, id: Identifier): void {
  const value = id.value.trim();
  if (!value) return;
  for (const x of e.identifiers) {
    if (x.type === id.type && x.country === id.country && sameText(x.value, value)) return;
  }
  const out: Identifier = { type: id.type, value };
  if (id.country) out.country = id.country;
  if (id.currency) out.currency = id.currency;
  if (id.note) out.note = id.note;
  e.identifiers.push(out);
}

export function addAddress(e: Entity, a: Omit<Address, 'full'> & { full?: string }): void {
  const street = a.street?.trim();
  const city = a.city?.trim();
  const region = a.region?.trim();
  const postalCode = a.postalCode?.trim();
  const countryText = a.country?.trim();
  let full = a.full?.trim();
  if (full === undefined) {
    full = '';
    for (const p of [street, city, region, postalCode, countryText]) if (p) full = full ? `${full}, ${p}` : p;
  }
  if (!full) return;
  const country = countryText ? (toCountryCode(countryText) ?? countryText) : undefined;
  for (const x of e.addresses) if (x.country === country && sameText(x.full, full)) return;
  const out: Address = { full };
  if (street) out.street = street;
  if (city) out.city = city;
  if (region) out.region = region;
  if (postalCode) out.postalCode = postalCode;
  if (country) out.country = country;
  e.addresses.push(out);
  if (country) addUnique(e.countries, country);
}

/** Appends to a display field; repeated values are kept once. */
export function addExtra(e: Entity, key: string, value: string | undefined): void {
  const v = value?.trim();
  if (!v) return;
  e.extra ??= {};
  const cur = e.extra[key];
  if (cur === undefined) e.extra[key] = v;
  else if (!cur.split('; ').includes(v)) e.extra[key] = `${cur}; ${v}`;
}

export function countNames(entities: Entity[]): number {
  let n = 0;
  for (const e of entities) n += e.names.length;
  return n;
}

export function makeLoad(list: string, listVersion: string, files: string[], entities: Entity[], rejects: LoadReject[]): ListLoad {
  for (const e of entities) e.listVersion = listVersion;
  return { list, listVersion, files, entities, names: countNames(entities), rejects };
}

export function reject(rejects: LoadReject[], line: number, reason: string, raw?: string | string[]): void {
  const r: LoadReject = { line, reason };
  if (raw !== undefined) {
    const text = Array.isArray(raw) ? raw.join(',') : raw;
    r.raw = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  }
  rejects.push(r);
}

/** Trims and maps OFAC's '-0-' empty marker to ''. */
export function clean(v: string | undefined): string {
  if (v === undefined) return '';
  const t = v.trim();
  return t === '-0-' ? '' : t;
}
