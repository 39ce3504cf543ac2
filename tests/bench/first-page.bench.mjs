// What the first page costs: the gzipped JavaScript the browser loads before any page
// module (the app entry and its static imports), against the 250 KB budget, plus the CSS
// and the largest lazy chunks. Builds the production bundle first.
//   npm run bench -- first-page
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb } from '../../build.mjs';

const BUDGET_KB = 250;

export default async function firstPage() {
  const root = path.resolve(import.meta.dirname, '../..');
  const { metafile } = await buildWeb();
  const outputs = metafile.outputs;
  const gz = (file) => gzipSync(readFileSync(path.join(root, file)), { level: 9 }).length;
  const [entry] = Object.entries(outputs).find(([, o]) => o.entryPoint === 'src/web/main.tsx');

  // The entry plus everything it imports statically, transitively: what loads before React renders.
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of outputs[file].imports) if (imp.kind === 'import-statement' && outputs[imp.path]) visit(imp.path);
  };
  visit(entry);
  const js = [...seen].reduce((sum, f) => sum + gz(f), 0);
  const css = outputs[entry].cssBundle ? gz(outputs[entry].cssBundle) : 0;
  const kb = (n) => (n / 1024).toFixed(1);
  console.log('command: npm run bench -- first-page');
  console.log(`first page JavaScript (gzip): ${kb(js)} KB in ${seen.size} files; budget ${BUDGET_KB} KB: ${js / 1024 <= BUDGET_KB ? 'within' : 'OVER'}`);
  console.log(`first page CSS (gzip): ${kb(css)} KB`);
  const lazy = Object.keys(outputs)
    .filter((f) => f.endsWith('.js') && !seen.has(f))
    .map((f) => [f, gz(f)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  for (const [f, n] of lazy) console.log(`  lazy chunk ${path.basename(f)}: ${kb(n)} KB`);
}
