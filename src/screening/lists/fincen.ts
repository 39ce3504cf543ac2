// FinCEN 314(a) subject lists → list us_fincen_314a. Three CSV layouts, told apart by their
// header: persons (older: number/number_type; newer: + electronic_address), and businesses.
// Rows sharing a tracking_number are one subject and are merged; persons and businesses may
// reuse a tracking number, so the source id is "person:<tn>" or "business:<tn>".

import type { Entity, ListLoad, LoadReject } from '../model.ts';
import { WrongFileError } from '../model.ts';
import { readCsv } from './csv.ts';
import { parseDate } from './dates.ts';
import { addAddress, addDate, addExtra, addIdentifier, addName, makeLoad, newEntity, reject } from './entity.ts';
import { hashVersion, type ListInput, preview, readInput, type SourceText } from './source.ts';

const PERSON = [
  'tracking_number', 'last_name', 'first_name', 'middle_name', 'suffix', 'alias_last_name', 'alias_first_name',
  'alias_middle_name', 'alias_suffix', 'number', 'number_type', 'dob', 'street', 'city', 'state', 'zip', 'country', 'phone',
];
const PERSON_2025 = [...PERSON, 'electronic_address', 'electronic_address_type'];
const BUSINESS = [
  'tracking_number', 'business_name', 'dba_name', 'number', 'number_type', 'incorporated', 'street', 'city', 'state',
  'zip', 'country', 'phone',
];

export type FincenLayout = 'person' | 'person_2025' | 'business';

const LAYOUTS: Record<FincenLayout, string[]> = { person: PERSON, person_2025: PERSON_2025, business: BUSINESS };

/** Which 314(a) layout a header row is, if any. */
export function fincenLayout(header: string[]): FincenLayout | undefined {
  const h = header.map((c) => c.trim().toLowerCase());
  for (const [name, cols] of Object.entries(LAYOUTS) as [FincenLayout, string[]][]) {
    if (h.length === cols.length && cols.every((c, i) => h[i] === c)) return name;
  }
  return undefined;
}

function numberType(t: string): { type: string; note?: string } {
  const k = t.trim().toLowerCase();
  if (k === 'ssn/itin' || k === 'ssn') return { type: 'ssn', note: t.trim() };
  if (k === 'itin') return { type: 'itin' };
  if (k === 'passport') return { type: 'passport' };
  if (k.startsWith('driver')) return { type: 'drivers_license' };
  if (k === 'ein') return { type: 'ein' };
  if (k === 'tin' || k.includes('tax')) return { type: 'tax_id', note: t.trim() };
  return { type: 'other', note: t.trim() || undefined };
}

function personName(first: string, middle: string, last: string, suffix: string) {
  const given = [first, middle].filter(Boolean).join(' ');
  const full = [given, last, suffix].filter(Boolean).join(' ');
  return { full, given: given || undefined, family: last || undefined };
}

/** A date in a file name such as "Person12.09.2025.csv" (month first, as FinCEN writes dates). */
function dateInName(name: string): string | undefined {
  const m = /(\d{1,2})[.-](\d{1,2})[.-](\d{4})/.exec(name);
  return m ? parseDate(`${m[1]}/${m[2]}/${m[3]}`)?.value : undefined;
}

function readOne(src: SourceText, subjects: Map<string, Entity>, entities: Entity[], rejects: LoadReject[]): void {
  const rows = readCsv(src.text, { multiline: false });
  const head = rows.next();
  const header = head.done ? [] : head.value.fields;
  const layout = fincenLayout(header);
  if (!layout) {
    throw new WrongFileError(
      `${src.name} is not a FinCEN 314(a) person or business CSV: expected a header starting "tracking_number,last_name" ` +
        `or "tracking_number,business_name", it starts with ${preview(src.text)}`,
    );
  }
  const cols = LAYOUTS[layout];
  const kind = layout === 'business' ? 'business' : 'person';
  for (const r of rows) {
    if (r.error) {
      reject(rejects, r.line, `${src.name}: ${r.error}`, r.fields);
      continue;
    }
    if (r.fields.length !== cols.length) {
      reject(rejects, r.line, `${src.name}: expected ${cols.length} columns, got ${r.fields.length}`, r.fields);
      continue;
    }
    const row: Record<string, string> = {};
    cols.forEach((c, i) => (row[c] = r.fields[i]!.trim()));
    const tn = row.tracking_number!;
    if (!tn) {
      reject(rejects, r.line, `${src.name}: no tracking_number`, r.fields);
      continue;
    }
    const primary =
      kind === 'person'
        ? personName(row.first_name!, row.middle_name!, row.last_name!, row.suffix!)
        : { full: row.business_name!, given: undefined, family: undefined };
    if (!primary.full) {
      reject(rejects, r.line, `${src.name}: tracking_number ${tn} has no name`, r.fields);
      continue;
    }
    const key = `${kind}:${tn}`;
    let e = subjects.get(key);
    if (!e) {
      e = newEntity('us_fincen_314a', key, kind === 'person' ? 'person' : 'organisation');
      addExtra(e, 'tracking_number', tn);
      subjects.set(key, e);
      entities.push(e);
    }
    // The first row's name is the subject's name; other rows' names are further names for it.
    addName(e, { ...primary, kind: e.names.length === 0 ? 'primary' : 'strong' });
    if (kind === 'person') {
      const alias = personName(row.alias_first_name!, row.alias_middle_name!, row.alias_last_name!, row.alias_suffix!);
      if (alias.full) addName(e, { ...alias, kind: 'strong' });
      if (row.dob) {
        const d = parseDate(row.dob, { order: 'mdy' });
        if (d) addDate(e, d);
        else addExtra(e, 'dob_unparsed', row.dob);
      }
      if (row.electronic_address) {
        addExtra(e, row.electronic_address_type ? `electronic_address (${row.electronic_address_type})` : 'electronic_address', row.electronic_address);
      }
    } else {
      if (row.dba_name) addName(e, { full: row.dba_name, kind: 'strong' });
      if (row.incorporated) {
        const d = parseDate(row.incorporated, { order: 'mdy' });
        if (d) addDate(e, d);
        else addExtra(e, 'incorporated', row.incorporated);
      }
    }
    if (row.number) {
      const t = numberType(row.number_type ?? '');
      addIdentifier(e, { type: t.type, value: row.number, ...(t.note ? { note: t.note } : {}) });
    }
    addAddress(e, { street: row.street, city: row.city, region: row.state, postalCode: row.zip, country: row.country });
    addExtra(e, 'phone', row.phone);
  }
}

/** One or more 314(a) CSVs (person and business) → us_fincen_314a. */
export function parseFincen(sources: SourceText[]): ListLoad {
  const subjects = new Map<string, Entity>();
  const entities: Entity[] = [];
  const rejects: LoadReject[] = [];
  for (const src of sources) readOne(src, subjects, entities, rejects);
  // The list's date when every file carries one in its name, else a hash of the files.
  const dates = sources.map((s) => dateInName(s.name));
  const version = dates.length && dates.every(Boolean) ? dates.sort().at(-1)! : hashVersion(sources);
  return makeLoad('us_fincen_314a', version, sources.map((s) => s.where), entities, rejects);
}

export async function loadFincen314a(files: ListInput | ListInput[]): Promise<ListLoad> {
  const list = Array.isArray(files) ? files : [files];
  const sources: SourceText[] = [];
  for (const f of list) sources.push(await readInput(f));
  return parseFincen(sources);
}

/** Whether a text looks like a 314(a) CSV (for folder detection). */
export function looksLikeFincen(text: string): boolean {
  const start = text.replace(/^[\ufeff\ufffd]+/, '').slice(0, 400).toLowerCase();
  return start.startsWith('tracking_number,');
}
