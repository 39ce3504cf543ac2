// Runs every benchmark in this folder: each `*.bench.ts` / `*.bench.mjs` file in turn
// (including ones added later). A bench module either does its work when imported or
// exports a default async function. Benchmarks print figures; they never assert.
//   node tests/bench/run.mjs            all benchmarks
//   node tests/bench/run.mjs screening  only files whose name contains "screening"
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const filter = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => /\.bench\.(ts|mjs)$/.test(f) && (!filter || f.includes(filter)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  try {
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    if (typeof mod.default === 'function') await mod.default();
  } catch (err) {
    failed++;
    console.error(`${file} failed: ${err?.stack ?? err}`);
  }
  console.log(`(${file}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
if (!files.length) console.log('no benchmark files found');
process.exitCode = failed ? 1 : 0;
