// Runs every benchmark in this folder: each `*.bench.ts` / `*.bench.mjs` file in turn
// (including ones added later). A bench module either does its work when imported or
// exports a default async function. Benchmarks print figures; they never assert.
// A default function may return { skipped: reason } when what it measures against is absent
// (the reference data beside the repository, see reference-data.ts): the bench is then
// reported as skipped, with its reason, in its own section and in the summary at the end.
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

const ran = [];
const skipped = [];
const failed = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  try {
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    const result = typeof mod.default === 'function' ? await mod.default() : undefined;
    if (result && typeof result.skipped === 'string') {
      skipped.push(`${file}: ${result.skipped}`);
      console.log(`SKIPPED: ${result.skipped}`);
    } else ran.push(file);
  } catch (err) {
    failed.push(file);
    console.error(`${file} failed: ${err?.stack ?? err}`);
  }
  console.log(`(${file}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
if (!files.length) console.log('no benchmark files found');
else {
  console.log(`\nbenchmarks: ${ran.length} ran, ${skipped.length} skipped, ${failed.length} failed`);
  for (const s of skipped) console.log(`  skipped ${s}`);
  for (const f of failed) console.log(`  failed ${f}`);
}
process.exitCode = failed.length ? 1 : 0;
