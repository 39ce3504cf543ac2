// Speed with every list of ../shared/data/sanctions loaded: index build time, single
// query latency (median, p99), a batch of 100,000 names, and resident memory of the command
// line holding every list and the index. Times are wall clock; the batch is
// also given in CPU time of this process, since the machine may be shared. Skipped when the
// lists are absent.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error build.mjs is plain JavaScript without declarations
import { buildScreen } from '../../build.mjs';
import { buildIndex } from '../../src/screening/index.ts';
import { loadListsFromDir } from '../../src/screening/lists/index.ts';
import { CULTURES, CULTURE_NAMES } from './synthetic-names.ts';
import { prng } from '../support/prng.ts';
import { type BenchSkipped, needsReferenceData, REFERENCE_DATA } from './reference-data.ts';

const LISTS = path.join(REFERENCE_DATA, 'sanctions');
const BATCH = 100_000;


const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const cpuMs = (since: NodeJS.CpuUsage) => { const u = process.cpuUsage(since); return (u.user + u.system) / 1000; };

export default async function speedBench(): Promise<BenchSkipped | void> {
  const skip = needsReferenceData(LISTS);
  if (skip) return skip;
  console.log('command: npm run bench -- screening-speed');
  let t = performance.now();
  const loads = await loadListsFromDir(LISTS);
  console.log(`lists loaded: ${loads.map((l) => `${l.list} ${l.entities.length}`).join(', ')} in ${Math.round(performance.now() - t)} ms`);

  // Resident memory of the command line as shipped (bundled, as npm run screen runs it) holding
  // every list and the index: once with Node's defaults, once with the flags npm run screen
  // passes. It reads the lists itself, so the parsers' own garbage counts towards its peak.
  await buildScreen();
  const cli = path.resolve(import.meta.dirname, '../../dist/screen/cli.mjs');
  const dir = mkdtempSync(path.join(tmpdir(), 'screen-rss-'));
  const input = path.join(dir, 'one.csv');
  writeFileSync(input, 'name\nJohn Smith\n');
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'));
  const shipped = (pkg.scripts.screen.match(/node ((?:--\S+ )*)dist\/screen/)?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
  for (const flags of [[], shipped]) {
    const child = spawnSync(process.execPath, [...flags, cli, 'match', '--lists', LISTS, '--input', input, '--stats'], { encoding: 'utf8' });
    const how = flags.length ? `node ${flags.join(' ')}, as npm run screen runs it` : 'node defaults';
    const line = child.stderr.trim().split('\n').pop() ?? '';
    if (child.status === 0 && line.startsWith('{')) {
      const m = JSON.parse(line);
      console.log(`resident memory (${how}): ${m.rssMb} MB RSS holding ${m.entities} entities / ${m.names} names and the index; peak ${m.peakRssMb} MB while reading and indexing (lists read in ${m.loadMs} ms, index built in ${m.buildMs} ms)`);
    } else console.log(`resident memory (${how}): command failed: ${child.stderr.split('\n')[0]}`);
  }
  rmSync(dir, { recursive: true, force: true });

  const builds: number[] = [];
  let index = buildIndex(loads);
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    index = buildIndex(loads);
    builds.push(performance.now() - t);
  }
  builds.sort((a, b) => a - b);
  const s = index.stats();
  console.log(`index build: median ${Math.round(builds[1])} ms of 3 builds (min ${Math.round(builds[0])}, max ${Math.round(builds[2])}) for ${s.entities} entities, ${s.names} names, ${s.terms} terms`);

  // Queries a screening service sees: mostly people and companies on no list, some listed
  // names with a typo, a few written in another script.
  const r = prng(7);
  const listed = loads.flatMap((l) => l.entities.flatMap((e) => e.names.filter((n) => !n.original).map((n) => n.full)));
  const original = loads.flatMap((l) => l.entities.flatMap((e) => e.names.filter((n) => n.original).map((n) => n.full)));
  const pick = <T>(a: T[]): T => a[Math.floor(r() * a.length)];
  const customer = () => {
    const c = CULTURES[pick(CULTURE_NAMES)];
    return [pick(c.given), ...(r() < 0.3 ? [pick(c.given)] : []), pick(c.family)].join(' ');
  };
  const typo = (n: string) => { const p = Math.floor(r() * n.length); return n.slice(0, p) + n.slice(p + 1); };
  const query = () => {
    const x = r();
    if (x < 0.85) return customer();
    if (x < 0.97) return typo(pick(listed));
    return pick(original);
  };
  for (let i = 0; i < 2000; i++) index.search({ name: query() });

  const lat: number[] = [];
  const cross: number[] = [];
  const latin: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const q = query();
    t = performance.now();
    index.search({ name: q });
    const d = performance.now() - t;
    lat.push(d);
    if (/[^\x00-\x7f]/.test(q)) cross.push(d);
    else latin.push(d);
  }
  lat.sort((a, b) => a - b);
  cross.sort((a, b) => a - b);
  latin.sort((a, b) => a - b);
  console.log(`single query (5,000 queries: 85% unlisted customers, 12% listed names with a typo, 3% original-script list names): median ${pct(lat, 0.5).toFixed(3)} ms, p99 ${pct(lat, 0.99).toFixed(3)} ms, max ${lat[lat.length - 1].toFixed(1)} ms`);
  console.log(`  Latin-script queries (${latin.length}): median ${pct(latin, 0.5).toFixed(3)} ms, p99 ${pct(latin, 0.99).toFixed(3)} ms`);
  if (cross.length) console.log(`  non-Latin queries (${cross.length}): median ${pct(cross, 0.5).toFixed(3)} ms, p99 ${pct(cross, 0.99).toFixed(3)} ms`);

  const batch: string[] = [];
  for (let i = 0; i < BATCH; i++) batch.push(r() < 0.95 ? customer() : typo(pick(listed)));
  const cpu = process.cpuUsage();
  t = performance.now();
  let alerts = 0;
  for (const name of batch) if (index.search({ name }, { top: 5 }).length) alerts++;
  const wall = performance.now() - t;
  const used = cpuMs(cpu);
  console.log(`batch of ${BATCH.toLocaleString('en-US')} names (95% unlisted customers, 5% listed names with a typo): ${Math.round(BATCH / (wall / 1000)).toLocaleString('en-US')} names/s wall, ${Math.round(BATCH / (used / 1000)).toLocaleString('en-US')} names/s of CPU time (${(wall / 1000).toFixed(1)} s wall, ${(used / 1000).toFixed(1)} s CPU, one thread); ${alerts} names alerted`);
}
