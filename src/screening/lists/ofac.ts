// OFAC legacy CSV sets: SDN (sdn.csv, add.csv, alt.csv, sdn_comments.csv → us_ofac) and the
// consolidated non-SDN list (cons_prim/cons_add/cons_alt/cons_comments, same layout →
// us_non_sdn). No header row; '-0-' means empty; files join on ent_num; the comments file
// carries the overflow of Remarks, cut mid-word, so it is appended as is.

import type { Entity, ListLoad, LoadReject, Schema } from '../model.ts';
import { WrongFileError } from '../model.ts';
import { type CsvRow, readCsv } from './csv.ts';
import {
  addAddress, addExtra, addName, addUnique, clean, makeLoad, newEntity, reject, splitSurnameFirst,
} from './entity.ts';
import { applyFact } from './facts.ts';
import { applyRemarks } from './remarks.ts';
import { hashVersion, type ListInput, preview, readInput, type SourceText } from './source.ts';

export interface OfacFiles {
  /** sdn.csv / cons_prim.csv: the entries. */
  sdn?: ListInput;
  /** add.csv / cons_add.csv: addresses. */
  add?: ListInput;
  /** alt.csv / cons_alt.csv: aliases. */
  alt?: ListInput;
  /** sdn_comments.csv / cons_comments.csv: Remarks overflow. */
  comments?: ListInput;
}

export interface OfacOptions {
  /**
   * Load add/alt/comments without the main file: entities get their names from alt.csv
   * only, with no primary name, type or programme. Off by default, when a missing main
   * file is an error.
   */
  allowPartial?: boolean;
}

type Role = 'sdn' | 'add' | 'alt' | 'comments';

const COLUMNS: Record<Role, number> = { sdn: 12, add: 6, alt: 5, comments: 2 };
const ROLE_TEXT: Record<Role, string> = {
  sdn: 'entries (sdn.csv / cons_prim.csv)',
  add: 'addresses (add.csv / cons_add.csv)',
  alt: 'aliases (alt.csv / cons_alt.csv)',
  comments: 'remarks overflow (sdn_comments.csv / cons_comments.csv)',
};

function isDigits(s: string): boolean {
  if (!s) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * Checks that a file has the layout of its role, from its first rows, and returns a reader
 * of all its rows. Rows are streamed, not kept: they die young, which spares the GC.
 */
function readRows(src: SourceText, role: Role): () => Iterable<CsvRow> {
  const want = COLUMNS[role];
  const fits = (r: CsvRow) => r.fields.length === want && isDigits(r.fields[0]!.trim());
  let fit = false;
  let n = 0;
  for (const r of readCsv(src.text, { multiline: false })) {
    if (fits(r)) {
      fit = true;
      break;
    }
    if (++n >= 20) break;
  }
  if (!fit) {
    throw new WrongFileError(
      `${src.name} is not an OFAC ${ROLE_TEXT[role]} file: expected ${want} comma-separated columns ` +
        `starting with a numeric ent_num, no header; it starts with ${preview(src.text)}`,
    );
  }
  return () => readCsv(src.text, { multiline: false });
}

/** A row fit for its role, else a reject. The header some exports add is skipped quietly. */
function usable(r: CsvRow, role: Role, file: string, rejects: LoadReject[]): boolean {
  const want = COLUMNS[role];
  if (r.error) {
    reject(rejects, r.line, `${file}: ${r.error}`, r.fields);
    return false;
  }
  if (r.fields.length !== want) {
    reject(rejects, r.line, `${file}: expected ${want} columns, got ${r.fields.length}`, r.fields);
    return false;
  }
  const ent = r.fields[0]!.trim();
  if (!isDigits(ent)) {
    if (r.line === 1 && /ent_num/i.test(ent)) return false;
    reject(rejects, r.line, `${file}: ent_num ${JSON.stringify(ent)} is not a number`, r.fields);
    return false;
  }
  return true;
}

function schemaOf(type: string): Schema | undefined {
  switch (type.toLowerCase()) {
    case 'individual':
      return 'person';
    case 'vessel':
      return 'vessel';
    case 'aircraft':
      return 'aircraft';
    case '':
    case 'entity':
      return 'organisation';
    default:
      return undefined;
  }
}

/** "DPRK3] [CYBER2" → ["DPRK3", "CYBER2"] */
function programmes(text: string): string[] {
  return text
    .split('] [')
    .map((p) => p.replace(/^\[/, '').replace(/\]$/, '').trim())
    .filter(Boolean);
}

function nameKey(name: string): string {
  let k = (name.includes('  ') ? name.replace(/\s+/g, ' ') : name).trim().toUpperCase();
  if (k.endsWith('.')) k = k.slice(0, -1);
  return k;
}

// Endings where a final '.' belongs to the name ("S.A.", "LTD.") rather than closing the remarks.
const ABBREVIATION = /(?:\b[A-Z]\.[A-Z]\.|\b(?:LTD|INC|CO|CORP|JR|SR|CIA|LLC|PLC|BHD|S\.A|C\.V|S\.L|L\.L\.C)\.)$/i;

/**
 * Points "Linked To:" names at entities of the same list when a name matches; the link then
 * carries the list's own spelling. The closing '.' of the remarks is dropped from names that
 * do not match, unless it ends an abbreviation.
 */
function resolveLinks(entities: Entity[]): void {
  const linking = entities.filter((e) => e.links.length > 0);
  if (linking.length === 0) return;
  // Primary names first, then strong and former aliases; an alias shared by two entities
  // resolves to neither. Exact spellings are tried first; the case- and space-folded
  // tables are built only if one misses.
  const primary = new Map<string, Entity>();
  const alias = new Map<string, Entity | null>();
  for (const e of entities) {
    for (const n of e.names) {
      if (n.kind === 'primary') {
        if (!primary.has(n.full)) primary.set(n.full, e);
      } else if (n.kind !== 'weak') {
        alias.set(n.full, alias.has(n.full) && alias.get(n.full) !== e ? null : e);
      }
    }
  }
  let foldedPrimary: Map<string, Entity> | undefined;
  let foldedAlias: Map<string, Entity | null> | undefined;
  const find = (name: string): Entity | undefined => {
    const bare = name.endsWith('.') ? name.slice(0, -1) : name;
    const hit = primary.get(name) ?? primary.get(bare) ?? alias.get(name) ?? alias.get(bare);
    if (hit !== undefined) return hit ?? undefined;
    if (!foldedPrimary || !foldedAlias) {
      foldedPrimary = new Map();
      foldedAlias = new Map();
      for (const [k, e] of primary) if (!foldedPrimary.has(nameKey(k))) foldedPrimary.set(nameKey(k), e);
      for (const [k, e] of alias) {
        const fk = nameKey(k);
        foldedAlias.set(fk, foldedAlias.has(fk) && foldedAlias.get(fk) !== e ? null : e);
      }
    }
    const k = nameKey(name);
    return foldedPrimary.get(k) ?? foldedAlias.get(k) ?? undefined;
  };
  for (const e of linking) {
    for (const l of e.links) {
      if (!l.targetName) continue;
      const target = find(l.targetName);
      if (target && target !== e) {
        l.targetId = target.id;
        const k = nameKey(l.targetName);
        l.targetName = target.names.find((n) => nameKey(n.full) === k)?.full ?? l.targetName;
      } else if (l.targetName.endsWith('.') && !ABBREVIATION.test(l.targetName)) {
        l.targetName = l.targetName.slice(0, -1);
      }
    }
  }
}

/** Parses an OFAC legacy CSV set already read into memory. */
export function parseOfac(
  list: string,
  sources: Partial<Record<Role, SourceText>>,
  options: OfacOptions = {},
): ListLoad {
  const rejects: LoadReject[] = [];
  const byEnt = new Map<string, Entity>();
  const entities: Entity[] = [];
  const partial = !sources.sdn;
  if (partial && !options.allowPartial) {
    const given = Object.values(sources).map((s) => s!.name).join(', ') || 'no files';
    throw new WrongFileError(
      `OFAC set without its entries file (sdn.csv or cons_prim.csv); got ${given}. Without it there are ` +
        'no primary names, types or programmes, so the set is not loaded (pass allowPartial to load the aliases alone).',
    );
  }

  // Every file's layout is checked before any is used, so a wrong file fails fast.
  const rowsOf: Partial<Record<Role, () => Iterable<CsvRow>>> = {};
  for (const role of ['sdn', 'add', 'alt', 'comments'] as Role[]) {
    const src = sources[role];
    if (src) rowsOf[role] = readRows(src, role);
  }

  // Remarks overflow, by ent_num, in file order.
  const overflow = new Map<string, { text: string; line: number }>();
  if (sources.comments) {
    const src = sources.comments;
    for (const r of rowsOf.comments!()) {
      if (!usable(r, 'comments', src.name, rejects)) continue;
      const ent = r.fields[0]!.trim();
      const text = r.fields[1] ?? '';
      if (clean(text) === '') continue;
      const prev = overflow.get(ent);
      if (prev) prev.text += text;
      else overflow.set(ent, { text, line: r.line });
    }
  }

  if (sources.sdn) {
    const src = sources.sdn;
    for (const r of rowsOf.sdn!()) {
      if (!usable(r, 'sdn', src.name, rejects)) continue;
      const f = r.fields.map(clean);
      const [ent, name, type, program, title, callSign, vessType, tonnage, grt, vessFlag, vessOwner, remarks] = f as [
        string, string, string, string, string, string, string, string, string, string, string, string,
      ];
      if (!name) {
        reject(rejects, r.line, `${src.name}: ent_num ${ent} has no name`, r.fields);
        continue;
      }
      if (byEnt.has(ent)) {
        reject(rejects, r.line, `${src.name}: duplicate ent_num ${ent}`, r.fields);
        continue;
      }
      const schema = schemaOf(type);
      if (!schema) {
        reject(rejects, r.line, `${src.name}: unknown SDN_Type ${JSON.stringify(type)}`, r.fields);
        continue;
      }
      const e = newEntity(list, ent, schema);
      const parts = schema === 'person' ? splitSurnameFirst(name) : undefined;
      addName(e, { full: name, kind: 'primary', ...parts });
      for (const p of programmes(program)) addUnique(e.programmes, p);
      addExtra(e, 'title', title);
      if (callSign) applyFact(e, 'Call Sign', callSign);
      addExtra(e, 'vessel_type', vessType);
      addExtra(e, 'tonnage', tonnage);
      addExtra(e, 'grt', grt);
      if (vessFlag) applyFact(e, 'Vessel Flag', vessFlag);
      addExtra(e, 'vessel_owner', vessOwner);
      const more = overflow.get(ent);
      if (more !== undefined) overflow.delete(ent);
      applyRemarks(e, remarks + (more?.text ?? ''));
      byEnt.set(ent, e);
      entities.push(e);
    }
  }

  if (sources.alt) {
    const src = sources.alt;
    for (const r of rowsOf.alt!()) {
      if (!usable(r, 'alt', src.name, rejects)) continue;
      const f = r.fields.map(clean);
      const [ent, , altType, altName, altRemarks] = f as [string, string, string, string, string];
      if (!altName) {
        reject(rejects, r.line, `${src.name}: alias of ent_num ${ent} has no name`, r.fields);
        continue;
      }
      const t = altType.toLowerCase().replace(/\./g, '');
      const kind = t === 'fka' ? 'former' : t === 'aka' || t === 'nka' ? 'strong' : undefined;
      if (!kind) {
        reject(rejects, r.line, `${src.name}: unknown alt_type ${JSON.stringify(altType)}`, r.fields);
        continue;
      }
      let e = byEnt.get(ent);
      if (!e) {
        if (!partial) {
          reject(rejects, r.line, `${src.name}: alias for unknown ent_num ${ent}`, r.fields);
          continue;
        }
        e = newEntity(list, ent, 'unknown');
        addExtra(e, 'partial', 'no entries file: primary name, type and programmes unknown');
        byEnt.set(ent, e);
        entities.push(e);
      }
      const parts = e.schema === 'person' ? splitSurnameFirst(altName) : undefined;
      addName(e, { full: altName, kind, ...parts });
      addExtra(e, 'alias_remarks', altRemarks);
    }
  }

  if (sources.add) {
    const src = sources.add;
    for (const r of rowsOf.add!()) {
      if (!usable(r, 'add', src.name, rejects)) continue;
      const f = r.fields.map(clean);
      const [ent, , address, cityLine, country, addRemarks] = f as [string, string, string, string, string, string];
      const e = byEnt.get(ent);
      if (!e) {
        // In a partial set most addresses belong to entries whose names are in the missing file.
        if (!partial) reject(rejects, r.line, `${src.name}: address for unknown ent_num ${ent}`, r.fields);
        continue;
      }
      addAddress(e, { street: address, city: cityLine, country });
      addExtra(e, 'address_remarks', addRemarks);
    }
  }

  // Overflow whose entry never came: in a partial set it may belong to an alias-only entity.
  for (const [ent, { text, line }] of overflow) {
    const e = byEnt.get(ent);
    if (e) applyRemarks(e, text);
    else if (!partial) reject(rejects, line, `${sources.comments!.name}: remarks for unknown ent_num ${ent}`, text);
  }

  resolveLinks(entities);
  const files = (['sdn', 'add', 'alt', 'comments'] as Role[]).flatMap((r) => (sources[r] ? [sources[r]!] : []));
  return makeLoad(list, hashVersion(files), files.map((s) => s.where), entities, rejects);
}

async function readAll(files: OfacFiles): Promise<Partial<Record<Role, SourceText>>> {
  const out: Partial<Record<Role, SourceText>> = {};
  for (const role of ['sdn', 'add', 'alt', 'comments'] as Role[]) {
    const f = files[role];
    if (f !== undefined) out[role] = await readInput(f);
  }
  return out;
}

/** OFAC SDN legacy CSV set → list us_ofac. */
export async function loadOfacSdn(files: OfacFiles, options?: OfacOptions): Promise<ListLoad> {
  return parseOfac('us_ofac', await readAll(files), options);
}

/** OFAC consolidated non-SDN set (cons_*.csv) → list us_non_sdn. */
export async function loadOfacNonSdn(files: OfacFiles, options?: OfacOptions): Promise<ListLoad> {
  return parseOfac('us_non_sdn', await readAll(files), options);
}
