// Child process of screening-speed.bench.ts: reads the parsed lists (JSON written by the
// parent, so that the list parsers' own garbage is not counted), builds the index, nothing
// else, and reports its resident memory. Not a benchmark file itself (no .bench suffix).
import { readFileSync } from 'node:fs';
import type { ListLoad } from '../../src/screening/model.ts';
import { buildIndex } from '../../src/screening/index.ts';

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number) => Math.round(n / 1e6);
const baseline = process.memoryUsage().rss;
let loads: ListLoad[] | null = JSON.parse(readFileSync(process.argv[2], 'utf8'));
gc?.();
const afterLoad = process.memoryUsage().rss;
const index = buildIndex(loads!);
loads = null;
index.search({ name: 'warm up' });
gc?.();
const m = process.memoryUsage();
process.stdout.write(JSON.stringify({
  rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), baselineMb: mb(baseline), afterLoadMb: mb(afterLoad),
  names: index.stats().names, entities: index.stats().entities,
}) + '\n');
