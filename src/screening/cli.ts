// Command line for the screening engine (npm run screen -- …).
//
//   match   --lists DIR --input FILE.csv [--threshold T] [--top K] [--stop-words a,b] [--stats]
//           one JSON line per row: the row and its matches with explanations; --stats adds one
//           JSON line on stderr: lists loaded, index size and build time, time per row, memory
//   compare --input PAIRS.csv [--no-translations]
//           name1,name2[,schema] rows → one JSON line per pair with its score
//
// Errors (missing file, bad flag) print one line to stderr and exit with status 1.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { compareNames } from './compare.ts';
import { csvRecords } from './csv-rows.ts';
import { DEFAULT_THRESHOLD, buildIndex, forScreening } from './search-index.ts';

class UsageError extends Error {}

const USAGE = 'usage: screen match --lists DIR --input FILE.csv [--threshold T] [--top K] [--stop-words a,b] [--stats] | screen compare --input PAIRS.csv';

const FLAGS: Record<string, string[]> = {
  match: ['--lists', '--input', '--threshold', '--top', '--stop-words', '--stats'],
  compare: ['--input', '--no-translations'],
};
const BOOLEAN = new Set(['--no-translations', '--stats']);

function parseArgs(argv: string[]): { command: string; flags: Map<string, string> } {
  const [command, ...rest] = argv;
  if (!command || !(command in FLAGS)) throw new UsageError(command ? `unknown command "${command}"; ${USAGE}` : USAGE);
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    const [name, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    if (!FLAGS[command].includes(name)) throw new UsageError(`unknown flag "${name}" for ${command}; ${USAGE}`);
    if (BOOLEAN.has(name)) { flags.set(name, 'true'); continue; }
    const value = inline ?? rest[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`flag ${name} needs a value`);
    flags.set(name, value);
  }
  return { command, flags };
}

function need(flags: Map<string, string>, name: string): string {
  const v = flags.get(name);
  if (!v) throw new UsageError(`missing ${name}; ${USAGE}`);
  return v;
}

function number(flags: Map<string, string>, name: string, min: number, max: number, fallback: number): number {
  const v = flags.get(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`${name} must be a number from ${min} to ${max}, got "${v}"`);
  return n;
}

function readInput(file: string): Array<Record<string, string>> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`input file not found: ${file}`);
  return csvRecords(readFileSync(file, 'utf8'));
}

const write = (obj: unknown): void => { process.stdout.write(JSON.stringify(obj) + '\n'); };

async function match(flags: Map<string, string>): Promise<void> {
  const dir = need(flags, '--lists');
  const input = need(flags, '--input');
  const threshold = number(flags, '--threshold', 0, 1, DEFAULT_THRESHOLD);
  const top = number(flags, '--top', 1, 1000, 10);
  const stopWords = flags.get('--stop-words')?.split(',').map((w) => w.trim()).filter(Boolean);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`lists folder not found: ${dir}`);
  const rows = readInput(input);
  if (rows.length && !('name' in rows[0]) && !('full_name' in rows[0])) throw new UsageError(`${input}: no "name" or "full_name" column`);
  const { loadListsFromDir } = await import('./lists/index.ts');
  const t0 = performance.now();
  // Each list is reduced to what matching needs as soon as it is read: the output names
  // entities by id, and the whole records would triple the memory held.
  const loads = await loadListsFromDir(dir, { onSkip: (s) => process.stderr.write(`note: skipped ${s.reason}\n`), map: forScreening });
  if (!loads.length) throw new UsageError(`no list could be loaded from ${dir}`);
  // With --expose-gc (npm run screen passes it), the parsers' garbage is collected before the
  // index is built and the build's before screening: resident memory then holds the index,
  // not whatever V8 had yet to collect (see docs/decisions.md).
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const loaded = performance.now();
  const index = buildIndex(loads);
  loads.length = 0;
  collect?.();
  const built = performance.now();
  for (const row of rows) {
    const name = row.name || row.full_name || '';
    const country = row.country || row.nationality;
    const matches = name ? index.search({
      name,
      schema: row.schema || undefined,
      birthDate: row.date_of_birth || row.dob || undefined,
      countries: country ? country.split(/[;|]/).map((c) => c.trim()).filter(Boolean) : undefined,
    }, { threshold, top, stopWords }) : [];
    write({ input: row, matches });
  }
  if (flags.has('--stats')) {
    const s = index.stats();
    const mb = (n: number) => Math.round(n / 1e6);
    process.stderr.write(JSON.stringify({
      lists: s.lists, entities: s.entities, names: s.names, terms: s.terms,
      loadMs: Math.round(loaded - t0), buildMs: Math.round(built - loaded), rows: rows.length,
      msPerRow: rows.length ? Math.round(((performance.now() - built) / rows.length) * 1000) / 1000 : 0,
      // Resident memory now (index held) and at its peak (while lists were read and indexed).
      rssMb: mb(process.memoryUsage().rss), peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
    }) + '\n');
  }
}

function compare(flags: Map<string, string>): void {
  const rows = readInput(need(flags, '--input'));
  if (rows.length && !('name1' in rows[0] && 'name2' in rows[0])) throw new UsageError('pairs file needs "name1" and "name2" columns');
  const translations = !flags.has('--no-translations');
  for (const row of rows) {
    const r = compareNames(row.name1, row.name2, row.schema || 'unknown', { translations });
    write({ name1: row.name1, name2: row.name2, schema: r.explanation.schema, score: r.score, explanation: r.explanation });
  }
}

export async function main(argv: string[]): Promise<number> {
  try {
    const { command, flags } = parseArgs(argv);
    if (command === 'match') await match(flags);
    else compare(flags);
    return 0;
  } catch (err) {
    const msg = err instanceof UsageError ? err.message : `error: ${(err as Error).message}`;
    process.stderr.write(msg.split('\n')[0] + '\n');
    return 1;
  }
}

if (import.meta.main) {
  // A reader that stops early (| head) is not an error.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => { if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0); else throw err; });
  process.exitCode = await main(process.argv.slice(2));
}
