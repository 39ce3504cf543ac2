// Quality on the labelled name pairs (../shared/data/screening-pairs): precision, recall
// and F1 of our score at our default threshold, next to Watchman's `baseline` score at the
// same threshold and at its recommended 0.80; the same on two fixed halves of each file;
// without the translation lexicon; and a threshold sweep. Skipped when the pairs are absent.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareNames, DEFAULT_THRESHOLD } from '../../src/screening/index.ts';
import { csvRecords } from '../../src/screening/csv-rows.ts';
import { type BenchSkipped, needsReferenceData, REFERENCE_DATA } from './reference-data.ts';

const DIR = path.join(REFERENCE_DATA, 'screening-pairs');
const FILES = ['cascade-name-pairs.csv', 'cascade-name-pairs-2.csv'];

interface Row { y: boolean; ours: number; plain: number; watchman: number; half: 'A' | 'B' }

function prf(rows: Row[], key: 'ours' | 'plain' | 'watchman', t: number) {
  const tp = rows.filter((r) => r.y && r[key] >= t).length;
  const fp = rows.filter((r) => !r.y && r[key] >= t).length;
  const fn = rows.filter((r) => r.y && r[key] < t).length;
  const p = tp + fp ? tp / (tp + fp) : 0;
  const r = tp + fn ? tp / (tp + fn) : 0;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 };
}

const fmt = (x: { p: number; r: number; f1: number }) => `P ${x.p.toFixed(3)}  R ${x.r.toFixed(3)}  F1 ${x.f1.toFixed(3)}`;

/** A fixed split of the rows, independent of their content order: FNV-1a of the two names. */
function half(a: string, b: string): 'A' | 'B' {
  let h = 0x811c9dc5;
  for (const ch of a + '\u0000' + b) { h ^= ch.codePointAt(0)!; h = Math.imul(h, 0x01000193) >>> 0; }
  return h % 2 ? 'B' : 'A';
}

export default async function qualityBench(): Promise<BenchSkipped | void> {
  const skip = needsReferenceData(...FILES.map((f) => path.join(DIR, f)));
  if (skip) return skip;
  const T = DEFAULT_THRESHOLD;
  console.log(`Labelled name pairs: ours at the default threshold ${T} against Watchman's baseline score.`);
  console.log('command: npm run bench -- screening-quality');
  for (const file of FILES) {
    const records = csvRecords(readFileSync(path.join(DIR, file), 'utf8'));
    const rows: Row[] = records.map((r) => ({
      y: r.is_match === 'true',
      ours: compareNames(r.name1, r.name2, r.schema).score,
      plain: compareNames(r.name1, r.name2, r.schema, { translations: false }).score,
      watchman: Number(r.baseline),
      half: half(r.name1, r.name2),
    }));
    const pos = rows.filter((r) => r.y).length;
    console.log(`\n${file}: ${rows.length} pairs (${pos} match / ${rows.length - pos} non-match)`);
    console.log(`  ours        @${T}: ${fmt(prf(rows, 'ours', T))}`);
    console.log(`  Watchman    @${T}: ${fmt(prf(rows, 'watchman', T))}`);
    console.log(`  Watchman    @0.80: ${fmt(prf(rows, 'watchman', 0.8))}`);
    console.log(`  ours, no translation lexicon @${T}: ${fmt(prf(rows, 'plain', T))}`);
    for (const h of ['A', 'B'] as const) {
      const part = rows.filter((r) => r.half === h);
      console.log(`  half ${h} (${part.length} pairs): ours ${fmt(prf(part, 'ours', T))} | Watchman @0.80 ${fmt(prf(part, 'watchman', 0.8))}`);
    }
    const sweep = [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9].map((t) => `${t}: ${prf(rows, 'ours', t).f1.toFixed(3)}`).join('  ');
    console.log(`  ours F1 by threshold: ${sweep}`);
    const best = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9].map((t) => [t, prf(rows, 'watchman', t).f1] as const).sort((a, b) => b[1] - a[1])[0];
    console.log(`  Watchman's best F1 over thresholds: ${best[1].toFixed(3)} at ${best[0]}`);
  }
}
