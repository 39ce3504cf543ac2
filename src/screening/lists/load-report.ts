// Loads a folder of lists and prints what came in and how long it took:
//   node src/screening/lists/load-report.ts [folder]   (default ../shared/data/sanctions)

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadListDir } from './index.ts';
import { readdir } from 'node:fs/promises';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const root = path.resolve(process.argv[2] ?? path.join(repoRoot, '../shared/data/sanctions'));

const dirs = (await readdir(root, { withFileTypes: true }))
  .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
  .map((d) => d.name)
  .sort();

const started = performance.now();
const rows: string[][] = [['folder', 'list', 'version', 'entities', 'names', 'rejects', 'ms']];
for (const dir of dirs) {
  const t = performance.now();
  try {
    const l = await loadListDir(path.join(root, dir));
    rows.push([dir, l.list, l.listVersion, String(l.entities.length), String(l.names), String(l.rejects.length), (performance.now() - t).toFixed(0)]);
  } catch (err) {
    rows.push([dir, 'skipped', (err as Error).message.replace(/^.*?: /, '').slice(0, 60), '', '', '', (performance.now() - t).toFixed(0)]);
  }
}
const total = performance.now() - started;
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
console.log(`total ${total.toFixed(0)} ms (Node ${process.version})`);
