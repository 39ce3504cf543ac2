// The UN Security Council consolidated list (XML, sc-sanctions.xsd) → list un_sc.
// INDIVIDUAL → person, ENTITY → organisation; FIRST..FOURTH_NAME make the primary name,
// NAME_ORIGINAL_SCRIPT an original-script alias, ALIAS QUALITY good/low → strong/weak
// (f.k.a. → former); REFERENCE_NUMBER is the source id and UN_LIST_TYPE the programme.

import { XMLParser } from 'fast-xml-parser';
import type { Entity, ListLoad, LoadReject } from '../model.ts';
import { WrongFileError } from '../model.ts';
import { parseUnDate } from './dates.ts';
import { addAddress, addCountry, addDate, addExtra, addIdentifier, addName, addUnique, makeLoad, newEntity, reject } from './entity.ts';
import { toCountryCode } from '../countries.ts';
import { hashVersion, type ListInput, preview, readInput, type SourceText } from './source.ts';

type Node = Record<string, unknown>;

const ARRAYS = new Set([
  'INDIVIDUAL', 'ENTITY', 'VALUE', 'INDIVIDUAL_ALIAS', 'ENTITY_ALIAS', 'INDIVIDUAL_ADDRESS', 'ENTITY_ADDRESS',
  'INDIVIDUAL_DATE_OF_BIRTH', 'INDIVIDUAL_PLACE_OF_BIRTH', 'INDIVIDUAL_DOCUMENT', 'TITLE', 'DESIGNATION',
  'NATIONALITY', 'LIST_TYPE', 'LAST_DAY_UPDATED',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Callbacks get the tag name only: building paths costs a third of the parse.
  jPath: false,
  isArray: (name: string) => ARRAYS.has(name),
});

function str(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && '#text' in v) return str((v as Node)['#text']);
  return '';
}

function nodes(v: unknown): Node[] {
  if (Array.isArray(v)) return v.filter((x): x is Node => !!x && typeof x === 'object');
  return v && typeof v === 'object' ? [v as Node] : [];
}

/** <NATIONALITY><VALUE>…</VALUE></NATIONALITY> → the values. */
function values(v: unknown): string[] {
  const out: string[] = [];
  for (const n of nodes(v)) for (const x of Array.isArray(n.VALUE) ? n.VALUE : [n.VALUE]) {
    const s = str(x);
    if (s) out.push(s);
  }
  return out;
}

function documentType(type: string): string {
  const t = type.toLowerCase();
  if (t.includes('pasaporte') || t.includes('passeport') || t.includes('passport')) return 'passport';
  if (t.includes('national identification') || t.includes('identity') || t.includes('id card')) return 'national_id';
  if (t.includes('tax')) return 'tax_id';
  return 'other';
}

function joinParts(parts: string[]): string {
  return parts.filter(Boolean).join(', ');
}

/** Line of a record in the XML, for rejects (only computed when one is needed). */
function lineOf(text: string, dataId: string): number {
  const at = dataId ? text.indexOf(`<DATAID>${dataId}</DATAID>`) : -1;
  if (at === -1) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function record(n: Node, kind: 'INDIVIDUAL' | 'ENTITY', list: string): Entity | string {
  const ref = str(n.REFERENCE_NUMBER);
  const nameParts = [n.FIRST_NAME, n.SECOND_NAME, n.THIRD_NAME, n.FOURTH_NAME].map(str).filter(Boolean);
  if (!ref) return 'no REFERENCE_NUMBER';
  if (nameParts.length === 0) return `${ref}: no name`;
  const e = newEntity(list, ref, kind === 'INDIVIDUAL' ? 'person' : 'organisation');
  addName(e, { full: nameParts.join(' '), kind: 'primary' });
  const original = str(n.NAME_ORIGINAL_SCRIPT);
  if (original) addName(e, { full: original, kind: 'strong', original: true });
  addUnique(e.programmes, str(n.UN_LIST_TYPE));
  addExtra(e, 'dataid', str(n.DATAID));
  addExtra(e, 'listed_on', str(n.LISTED_ON));
  for (const t of values(n.TITLE)) addExtra(e, 'title', t);
  for (const d of values(n.DESIGNATION)) addExtra(e, 'designation', d);
  for (const u of values(n.LAST_DAY_UPDATED)) addExtra(e, 'updated', u);
  const g = str(n.GENDER).toLowerCase();
  if (g === 'male' || g === 'female') e.gender = g;
  for (const nat of values(n.NATIONALITY)) addCountry(e.nationalities, nat);
  const comments = str(n.COMMENTS1);
  if (comments) e.remarks = comments;

  for (const a of nodes(n[`${kind}_ALIAS`])) {
    const name = str(a.ALIAS_NAME);
    if (!name) continue;
    const q = str(a.QUALITY).toLowerCase();
    addName(e, { full: name, kind: q === 'low' ? 'weak' : q === 'f.k.a.' ? 'former' : 'strong' });
    // Some aliases carry their own birth facts (older Iraq entries).
    const dob = str(a.DATE_OF_BIRTH);
    if (dob) addDate(e, parseUnDate({ DATE: dob }));
    const pob = joinParts([str(a.CITY_OF_BIRTH), str(a.COUNTRY_OF_BIRTH)]);
    if (pob) addUnique(e.birthPlaces, pob);
  }
  for (const d of nodes(n.INDIVIDUAL_DATE_OF_BIRTH)) {
    const pd = parseUnDate({
      TYPE_OF_DATE: str(d.TYPE_OF_DATE),
      DATE: str(d.DATE),
      YEAR: str(d.YEAR),
      FROM_YEAR: str(d.FROM_YEAR),
      TO_YEAR: str(d.TO_YEAR),
    });
    if (pd) addDate(e, pd);
    const note = str(d.NOTE);
    if (note) addExtra(e, 'dob_note', note);
  }
  for (const p of nodes(n.INDIVIDUAL_PLACE_OF_BIRTH)) {
    const country = str(p.COUNTRY);
    const place = joinParts([str(p.CITY), str(p.STATE_PROVINCE), country]);
    if (place) addUnique(e.birthPlaces, place);
    const code = toCountryCode(country);
    if (code) addUnique(e.countries, code);
  }
  for (const a of nodes(n[`${kind}_ADDRESS`])) {
    addAddress(e, {
      street: str(a.STREET),
      city: str(a.CITY),
      region: str(a.STATE_PROVINCE),
      postalCode: str(a.ZIP_CODE),
      country: str(a.COUNTRY),
    });
    addExtra(e, 'address_note', str(a.NOTE));
  }
  for (const d of nodes(n.INDIVIDUAL_DOCUMENT)) {
    const number = str(d.NUMBER);
    if (!number) continue;
    const type = str(d.TYPE_OF_DOCUMENT);
    const country = str(d.ISSUING_COUNTRY) || str(d.COUNTRY_OF_ISSUE);
    const note = [type, str(d.TYPE_OF_DOCUMENT2), str(d.DATE_OF_ISSUE) && `issued ${str(d.DATE_OF_ISSUE)}`, str(d.CITY_OF_ISSUE), str(d.NOTE)]
      .filter(Boolean)
      .join('; ');
    addIdentifier(e, {
      type: documentType(`${type} ${str(d.TYPE_OF_DOCUMENT2)}`),
      value: number,
      ...(country ? { country: toCountryCode(country) ?? country } : {}),
      ...(note ? { note } : {}),
    });
  }
  return e;
}

export function parseUn(src: SourceText): ListLoad {
  const list = 'un_sc';
  const head = src.text.slice(0, 2000);
  if (!head.includes('<CONSOLIDATED_LIST')) {
    throw new WrongFileError(
      `${src.name} is not the UN Security Council consolidated list: expected XML with a <CONSOLIDATED_LIST> root, ` +
        `it starts with ${preview(src.text)}`,
    );
  }
  let doc: Node;
  try {
    doc = parser.parse(src.text) as Node;
  } catch (err) {
    throw new WrongFileError(`${src.name} is not readable XML: ${(err as Error).message}`);
  }
  const root = doc.CONSOLIDATED_LIST as Node | undefined;
  if (!root || typeof root !== 'object') {
    throw new WrongFileError(`${src.name} has no <CONSOLIDATED_LIST> element`);
  }
  const rejects: LoadReject[] = [];
  const entities: Entity[] = [];
  const seen = new Set<string>();
  for (const kind of ['INDIVIDUAL', 'ENTITY'] as const) {
    const group = (root[kind === 'INDIVIDUAL' ? 'INDIVIDUALS' : 'ENTITIES'] ?? {}) as Node;
    for (const n of nodes(group[kind])) {
      const r = record(n, kind, list);
      if (typeof r === 'string') {
        reject(rejects, lineOf(src.text, str(n.DATAID)), `${kind}: ${r}`, str(n.DATAID));
        continue;
      }
      if (seen.has(r.sourceId)) {
        reject(rejects, lineOf(src.text, str(n.DATAID)), `${kind}: duplicate REFERENCE_NUMBER ${r.sourceId}`, str(n.DATAID));
        continue;
      }
      seen.add(r.sourceId);
      entities.push(r);
    }
  }
  const generated = str(root['@_dateGenerated']);
  const version = /^\d{4}-\d{2}-\d{2}/.test(generated) ? generated.slice(0, 10) : hashVersion([src]);
  return makeLoad(list, version, [src.where], entities, rejects);
}

/** consolidated.xml → un_sc. */
export async function loadUn(file: ListInput): Promise<ListLoad> {
  return parseUn(await readInput(file));
}
