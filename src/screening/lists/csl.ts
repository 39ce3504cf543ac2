// The US Consolidated Screening List (trade.gov consolidated.csv) → list us_csl. One header
// row, 29 columns; multi-valued columns are '; '-separated; ids are "CC, NUMBER, Type" or
// "NUMBER, Type" (the type last, the country first when there is one). Each record keeps its
// source list (SDN, Entity List, DPL …) in extra.source and its programmes in programmes.

import type { Entity, ListLoad, LoadReject, Schema } from '../model.ts';
import { WrongFileError } from '../model.ts';
import { toCountryCode } from '../countries.ts';
import { readCsv } from './csv.ts';
import { parseDate } from './dates.ts';
import {
  addAddress, addCountry, addDate, addExtra, addName, addUnique, makeLoad, newEntity, reject, splitSurnameFirst,
} from './entity.ts';
import { applyFact } from './facts.ts';
import { hashVersion, type ListInput, preview, readInput, type SourceText } from './source.ts';

export const CSL_COLUMNS = [
  '_id', 'source', 'entity_number', 'type', 'programs', 'name', 'title', 'addresses', 'federal_register_notice',
  'start_date', 'end_date', 'standard_order', 'license_requirement', 'license_policy', 'call_sign', 'vessel_type',
  'gross_tonnage', 'gross_registered_tonnage', 'vessel_flag', 'vessel_owner', 'remarks', 'source_list_url',
  'alt_names', 'citizenships', 'dates_of_birth', 'nationalities', 'places_of_birth', 'source_information_url', 'ids',
] as const;

type Col = (typeof CSL_COLUMNS)[number];

function schemaOf(type: string): Schema {
  switch (type.toLowerCase()) {
    case 'individual':
      return 'person';
    case 'entity':
      return 'organisation';
    case 'vessel':
      return 'vessel';
    case 'aircraft':
      return 'aircraft';
    default:
      // The BIS and State lists leave the type empty; they hold both people and companies.
      return 'unknown';
  }
}

/** "Specially Designated Nationals (SDN) - Treasury Department" → "SDN" */
export function sourceCode(source: string): string {
  const open = source.indexOf('(');
  const close = source.indexOf(')', open);
  const code = open !== -1 && close > open ? source.slice(open + 1, close).trim() : source.trim();
  return code.replace(/ List$/, '');
}

const NONE: readonly string[] = Object.freeze([]);

function split(v: string): readonly string[] {
  if (!v) return NONE;
  if (!v.includes('; ')) return [v];
  return v.split('; ').map((s) => s.trim()).filter(Boolean);
}

function cell(f: string[], i: number): string {
  return i < 0 ? '' : f[i]!.trim();
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One entry of the ids column. */
function applyId(e: Entity, entry: string): void {
  const lastComma = entry.lastIndexOf(', ');
  if (lastComma === -1) return;
  const label = entry.slice(lastComma + 2).trim();
  let parts = entry.slice(0, lastComma).split(', ');
  let country: string | undefined;
  let note: string | undefined;
  // A leading two-letter code is the issuing country; an ISO date after it is the issue date.
  if (parts.length > 1 && /^[A-Z]{2}$/.test(parts[0]!) && toCountryCode(parts[0]!)) {
    country = parts[0]!;
    parts = parts.slice(1);
    if (parts.length > 1 && ISO_DAY.test(parts[0]!)) {
      note = `issued ${parts[0]}`;
      parts = parts.slice(1);
    }
  }
  const value = parts.join(', ').trim();
  if (!applyFact(e, label, value, country, note)) addExtra(e, label.replace(/[:\s-]+$/, ''), value);
}

/** "(Linked To: ROSTEC)" in remarks. */
function links(e: Entity, remarks: string): void {
  let at = remarks.indexOf('Linked To: ');
  while (at !== -1) {
    const start = at + 11;
    let end = remarks.length;
    for (const stop of [')', ';']) {
      const i = remarks.indexOf(stop, start);
      if (i !== -1 && i < end) end = i;
    }
    const name = remarks.slice(start, end).trim();
    if (name && !e.links.some((l) => l.targetName === name)) e.links.push({ relation: 'linked_to', targetName: name });
    at = remarks.indexOf('Linked To: ', end);
  }
}

function resolveLinks(entities: Entity[]): void {
  const linking = entities.filter((e) => e.links.length > 0);
  if (linking.length === 0) return;
  // Links almost always spell the name as the list does: exact lookups first, a
  // case-insensitive table only when one misses.
  const exact = new Map<string, string>();
  for (const e of entities) {
    const p = e.names[0];
    if (p && !exact.has(p.full)) exact.set(p.full, e.id);
  }
  let folded: Map<string, string> | undefined;
  for (const e of linking) {
    for (const l of e.links) {
      if (!l.targetName) continue;
      let id = exact.get(l.targetName);
      if (!id) {
        folded ??= new Map([...exact].map(([k, v]) => [k.toUpperCase(), v] as [string, string]).reverse());
        id = folded.get(l.targetName.toUpperCase());
      }
      if (id && id !== e.id) l.targetId = id;
    }
  }
}

export function parseCsl(src: SourceText): ListLoad {
  const list = 'us_csl';
  const rows = readCsv(src.text);
  const head = rows.next();
  const header = head.done ? [] : head.value.fields.map((h) => h.trim());
  if (header.length < 6 || header[0] !== '_id' || !header.includes('name') || !header.includes('alt_names')) {
    throw new WrongFileError(
      `${src.name} is not a Consolidated Screening List CSV: expected a header starting "_id,source,entity_number", ` +
        `it starts with ${preview(src.text)}`,
    );
  }
  const at = Object.fromEntries(CSL_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<Col, number>;
  const width = header.length;
  const rejects: LoadReject[] = [];
  const entities: Entity[] = [];
  const seen = new Map<string, number>();
  let latest = '';

  for (const r of rows) {
    const f = r.fields;
    if (r.error) {
      reject(rejects, r.line, r.error, f);
      continue;
    }
    if (f.length !== width) {
      reject(rejects, r.line, `expected ${width} columns, got ${f.length}`, f);
      continue;
    }
    const id = cell(f, at._id);
    const name = cell(f, at.name);
    if (!id || !name) {
      reject(rejects, r.line, !id ? 'no _id' : 'no name', f);
      continue;
    }
    // One party can be on several source lists (SDN and SSI …) under the same _id: each
    // record stays its own entity, keyed by source and _id. A repeat within a source is a
    // duplicate record.
    const source = cell(f, at.source);
    const code = sourceCode(source);
    const sourceId = `${code}/${id}`;
    const first = seen.get(sourceId);
    if (first !== undefined) {
      reject(rejects, r.line, `duplicate record: ${code} _id ${id} already read on line ${first}`, f);
      continue;
    }
    seen.set(sourceId, r.line);
    const schema = schemaOf(cell(f, at.type));
    const e = newEntity(list, sourceId, schema);
    const parts = schema === 'person' ? splitSurnameFirst(name) : undefined;
    addName(e, { full: name, kind: 'primary', ...parts });
    for (const alt of split(cell(f, at.alt_names))) {
      addName(e, { full: alt, kind: 'strong', ...(schema === 'person' ? splitSurnameFirst(alt) : undefined) });
    }
    addExtra(e, 'source', code);
    addExtra(e, 'source_name', source);
    for (const p of split(cell(f, at.programs))) addUnique(e.programmes, p);
    addExtra(e, 'csl_id', id);
    addExtra(e, 'entity_number', cell(f, at.entity_number));
    addExtra(e, 'title', cell(f, at.title));
    for (const a of split(cell(f, at.addresses))) {
      const comma = a.lastIndexOf(', ');
      const tail = comma === -1 ? a : a.slice(comma + 2);
      const code = /^[A-Z]{2}$/.test(tail) ? toCountryCode(tail) : undefined;
      if (code) addAddress(e, { full: a, country: code });
      else addAddress(e, { full: a });
    }
    for (const d of split(cell(f, at.dates_of_birth))) {
      const pd = parseDate(d);
      if (pd) addDate(e, pd);
      else addExtra(e, 'dob_unparsed', d);
    }
    for (const c of split(cell(f, at.nationalities))) addCountry(e.nationalities, c);
    for (const c of split(cell(f, at.citizenships))) addCountry(e.nationalities, c);
    for (const p of split(cell(f, at.places_of_birth))) {
      addUnique(e.birthPlaces, p);
      const comma = p.lastIndexOf(', ');
      const code = toCountryCode(comma === -1 ? p : p.slice(comma + 2));
      if (code) addUnique(e.countries, code);
    }
    for (const entry of cell(f, at.ids).split('; ')) if (entry.trim()) applyId(e, entry.trim());
    const vesselFlag = cell(f, at.vessel_flag);
    if (vesselFlag) applyFact(e, 'Vessel Flag', vesselFlag);
    const callSign = cell(f, at.call_sign);
    if (callSign) applyFact(e, 'Call Sign', callSign);
    addExtra(e, 'vessel_type', cell(f, at.vessel_type));
    addExtra(e, 'tonnage', cell(f, at.gross_tonnage));
    addExtra(e, 'grt', cell(f, at.gross_registered_tonnage));
    addExtra(e, 'vessel_owner', cell(f, at.vessel_owner));
    const start = cell(f, at.start_date);
    addExtra(e, 'start_date', start);
    if (ISO_DAY.test(start) && start > latest) latest = start;
    addExtra(e, 'end_date', cell(f, at.end_date));
    addExtra(e, 'federal_register_notice', cell(f, at.federal_register_notice));
    addExtra(e, 'standard_order', cell(f, at.standard_order));
    addExtra(e, 'license_requirement', cell(f, at.license_requirement));
    addExtra(e, 'license_policy', cell(f, at.license_policy));
    addExtra(e, 'source_list_url', cell(f, at.source_list_url));
    addExtra(e, 'source_information_url', cell(f, at.source_information_url));
    const remarks = cell(f, at.remarks);
    if (remarks) {
      e.remarks = remarks;
      links(e, remarks);
    }
    entities.push(e);
  }
  resolveLinks(entities);
  return makeLoad(list, latest || hashVersion([src]), [src.where], entities, rejects);
}

/** consolidated.csv → us_csl. */
export async function loadCsl(file: ListInput): Promise<ListLoad> {
  return parseCsl(await readInput(file));
}
