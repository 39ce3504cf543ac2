// Which list a folder (or file) holds, and loading it. A folder laid out like
// /work/shared/data/sanctions/ (one list per sub-folder) loads with loadListsFromDir; each
// sub-folder is recognised by its file names and first bytes, not by its own name.

import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ListLoad } from '../model.ts';
import { WrongFileError } from '../model.ts';
import { loadBisDpl } from './bis.ts';
import { loadCsl } from './csl.ts';
import { loadEu } from './eu.ts';
import { fincenLayout, loadFincen314a } from './fincen.ts';
import { loadOfacNonSdn, loadOfacSdn, type OfacFiles } from './ofac.ts';
import { loadUk } from './uk.ts';
import { loadUn } from './un.ts';

export { loadBisDpl, parseBisDpl } from './bis.ts';
export { loadBlacklist, type BlacklistRecord, type BlacklistPerson, type BlacklistBusiness } from './blacklist.ts';
export { loadCsl, parseCsl } from './csl.ts';
export { loadEu, parseEu } from './eu.ts';
export { loadFincen314a, parseFincen } from './fincen.ts';
export { loadOfacNonSdn, loadOfacSdn, parseOfac, type OfacFiles, type OfacOptions } from './ofac.ts';
export { loadUk, parseUk } from './uk.ts';
export { loadUn, parseUn } from './un.ts';
export { toCountryCode } from '../countries.ts';
export { parseDate } from './dates.ts';
export type { ListInput } from './source.ts';

export type ListKind =
  | 'ofac_sdn'
  | 'ofac_sdn_partial'
  | 'ofac_non_sdn'
  | 'us_csl'
  | 'un_sc'
  | 'bis_dpl'
  | 'fincen_314a'
  | 'eu_fsf'
  | 'uk_sanctions';

/** What one file is, judged by its name and its first bytes. */
type FileKind =
  | { kind: 'ofac'; set: 'sdn' | 'cons'; role: keyof OfacFiles }
  | { kind: 'un_sc' | 'us_csl' | 'bis_dpl' | 'fincen_314a' | 'eu_fsf' | 'uk_sanctions' };

const OFAC_NAMES: Record<string, { set: 'sdn' | 'cons'; role: keyof OfacFiles }> = {
  'sdn.csv': { set: 'sdn', role: 'sdn' },
  'add.csv': { set: 'sdn', role: 'add' },
  'alt.csv': { set: 'sdn', role: 'alt' },
  'sdn_comments.csv': { set: 'sdn', role: 'comments' },
  'cons_prim.csv': { set: 'cons', role: 'sdn' },
  'cons_add.csv': { set: 'cons', role: 'add' },
  'cons_alt.csv': { set: 'cons', role: 'alt' },
  'cons_comments.csv': { set: 'cons', role: 'comments' },
};

async function head(file: string, bytes = 4096): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fh.close();
  }
}

function lines(text: string, n: number): string[] {
  return text.replace(/^[\ufeff\ufffd]+/, '').split(/\r?\n/, n);
}

/** Classifies one file; undefined when it is none of the known lists. */
export function classify(name: string, start: string): FileKind | undefined {
  const lower = name.toLowerCase();
  const ofac = OFAC_NAMES[lower];
  // OFAC files have no header: a numeric ent_num then a comma.
  if (ofac && /^\d+,/.test(start)) return { kind: 'ofac', ...ofac };
  const [l1 = '', l2 = ''] = lines(start, 2);
  if (start.slice(0, 1024).includes('<CONSOLIDATED_LIST')) return { kind: 'un_sc' };
  if (l1.startsWith('_id,source,entity_number')) return { kind: 'us_csl' };
  if (l1.startsWith('"Name"\t"Street_Address"') || l1.startsWith('Name\tStreet_Address')) return { kind: 'bis_dpl' };
  if (fincenLayout(l1.split(','))) return { kind: 'fincen_314a' };
  if (l1.includes('Entity_LogicalId') && l1.includes(';')) return { kind: 'eu_fsf' };
  if (/^report date/i.test(l1) && l2.includes('Unique ID')) return { kind: 'uk_sanctions' };
  if (l1.startsWith('Last Updated,Unique ID')) return { kind: 'uk_sanctions' };
  return undefined;
}

export interface ListDirInfo {
  kind: ListKind;
  /** Files of that kind, by role for OFAC sets. */
  files: string[];
  ofac?: OfacFiles;
  /** Files in the folder that are not part of the list (e.g. OFAC's CONS_ENHANCED.ZIP). */
  ignored: string[];
}

async function filesOf(target: string): Promise<string[]> {
  const s = await stat(target);
  if (s.isFile()) return [target];
  const names = (await readdir(target, { withFileTypes: true }))
    .filter((d) => d.isFile() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
  return names.map((n) => path.join(target, n));
}

/** What a folder (or a single file) holds, with its files; undefined when nothing is recognised. */
export async function inspectListDir(target: string): Promise<ListDirInfo | undefined> {
  const found = new Map<string, { file: string; kind: FileKind }[]>();
  const ignored: string[] = [];
  for (const file of await filesOf(target)) {
    const kind = classify(path.basename(file), await head(file));
    if (!kind) {
      ignored.push(file);
      continue;
    }
    const key = kind.kind === 'ofac' ? `ofac_${kind.set}` : kind.kind;
    found.set(key, [...(found.get(key) ?? []), { file, kind }]);
  }
  const ofacSet = (key: string) => {
    const files: OfacFiles = {};
    for (const { file, kind } of found.get(key) ?? []) if (kind.kind === 'ofac') files[kind.role] = file;
    return files;
  };
  const pick = (kind: ListKind, key: string, ofac?: OfacFiles): ListDirInfo => {
    const files = (found.get(key) ?? []).map((f) => f.file);
    for (const [k, v] of found) if (k !== key) ignored.push(...v.map((f) => f.file));
    return { kind, files, ...(ofac ? { ofac } : {}), ignored: ignored.sort() };
  };
  // One list per folder; when several are present the first of this order wins.
  const sdn = ofacSet('ofac_sdn');
  if (sdn.sdn) return pick('ofac_sdn', 'ofac_sdn', sdn);
  const cons = ofacSet('ofac_cons');
  if (cons.sdn) return pick('ofac_non_sdn', 'ofac_cons', cons);
  for (const kind of ['un_sc', 'us_csl', 'bis_dpl', 'fincen_314a', 'eu_fsf', 'uk_sanctions'] as const) {
    if (found.has(kind)) return pick(kind, kind);
  }
  if (found.has('ofac_sdn')) return pick('ofac_sdn_partial', 'ofac_sdn', sdn);
  if (found.has('ofac_cons')) return pick('ofac_sdn_partial', 'ofac_cons', cons);
  return undefined;
}

/** Which kind of list a folder (or file) holds; undefined when none. */
export async function detectList(dir: string): Promise<ListKind | undefined> {
  return (await inspectListDir(dir))?.kind;
}

/**
 * Loads the list a folder (or a single file) holds. Throws WrongFileError when nothing in it
 * is a known list, and for an OFAC set without its entries file (see loadOfacSdn's
 * allowPartial to load one deliberately).
 */
export async function loadListDir(dir: string): Promise<ListLoad> {
  const info = await inspectListDir(dir);
  if (!info) {
    const names = (await filesOf(dir)).map((f) => path.basename(f));
    throw new WrongFileError(
      `${dir}: no known list found (OFAC legacy CSV, OFAC consolidated, CSL, UN XML, BIS DPL, FinCEN 314(a), ` +
        `EU FSF CSV, UK Sanctions List CSV); files: ${names.join(', ') || 'none'}`,
    );
  }
  switch (info.kind) {
    case 'ofac_sdn':
      return loadOfacSdn(info.ofac!);
    case 'ofac_non_sdn':
      return loadOfacNonSdn(info.ofac!);
    case 'ofac_sdn_partial':
      throw new WrongFileError(
        `${dir}: OFAC files without the entries file (sdn.csv / cons_prim.csv): ` +
          `${info.files.map((f) => path.basename(f)).join(', ')}. Without it there are no primary names, types or ` +
          'programmes, and its aliases would be mistaken for a complete list; not loaded.',
      );
    case 'us_csl':
      return loadCsl(info.files[0]!);
    case 'un_sc':
      return loadUn(info.files[0]!);
    case 'bis_dpl':
      return loadBisDpl(info.files[0]!);
    case 'fincen_314a':
      return loadFincen314a(info.files);
    case 'eu_fsf':
      return loadEu(info.files[0]!);
    case 'uk_sanctions':
      return loadUk(info.files[0]!);
  }
}

export interface SkippedDir {
  dir: string;
  reason: string;
}

export interface LoadOptions {
  onSkip?: (skipped: SkippedDir) => void;
  /**
   * Applied to each list as soon as it is read (e.g. keeping only what screening needs), so
   * that no more than one whole list is held at a time.
   */
  map?: (load: ListLoad) => ListLoad;
}

/** Loads every sub-folder of `root`; folders that hold no loadable list are reported in `skipped`. */
export async function loadAllLists(root: string, map?: LoadOptions['map']): Promise<{ loads: ListLoad[]; skipped: SkippedDir[] }> {
  const dirs = (await readdir(root, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => path.join(root, d.name))
    .sort();
  const loads: ListLoad[] = [];
  const skipped: SkippedDir[] = [];
  for (const dir of dirs) {
    try {
      const load = await loadListDir(dir);
      loads.push(map ? map(load) : load);
    } catch (err) {
      skipped.push({ dir, reason: (err as Error).message });
    }
  }
  return { loads, skipped };
}

/**
 * Loads every sub-folder of a folder laid out like the reference data (one list per
 * sub-folder). Unknown or refused folders do not stop the load: they are passed to onSkip.
 */
export async function loadListsFromDir(root: string, options: LoadOptions = {}): Promise<ListLoad[]> {
  const { loads, skipped } = await loadAllLists(root, options.map);
  for (const s of skipped) options.onSkip?.(s);
  return loads;
}
