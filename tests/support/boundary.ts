// The plugin boundary, checked on a source tree: an area's code imports only the host's
// surface (src/host), pure shared code (src/shared), the statecharts (machines) and its
// own folder; core and the statecharts import no area; shared code stays pure (no I/O, no
// browser or server libraries). Used by tests/unit/host/boundary.test.ts on this checkout
// and on small trees that break one rule each.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Packages shared code may use: pure logic only. */
const PURE_PACKAGES = new Set(['superstruct', 'xstate', 'dayjs']);

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (f === 'node_modules') return [];
    return statSync(p).isDirectory() ? walk(p) : SOURCE.test(f) ? [p] : [];
  });
}

/** Every import specifier of a file (static, re-exports and dynamic), comments stripped. */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(IMPORT)].map((m) => m[1] ?? m[2]).filter((s): s is string => Boolean(s));
}

const under = (rel: string, dir: string) => rel === dir || rel.startsWith(dir + '/');

export function boundaryViolations(root: string): string[] {
  const bad: string[] = [];
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const target = (file: string, spec: string) => rel(path.resolve(path.dirname(file), spec));

  for (const file of walk(path.join(root, 'plugins'))) {
    const area = rel(file).split('/')[1];
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const t = target(file, spec);
      const ok = under(t, `plugins/${area}`) || under(t, 'src/host') || under(t, 'src/shared') || under(t, 'machines');
      if (!ok) bad.push(`${rel(file)} imports ${t}: areas use src/host, src/shared, machines and their own folder`);
    }
  }
  for (const dir of ['src', 'machines']) {
    for (const file of walk(path.join(root, dir))) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.') && under(target(file, spec), 'plugins')) bad.push(`${rel(file)} imports ${target(file, spec)}: the core names no area`);
      }
    }
  }
  for (const file of walk(path.join(root, 'src', 'shared'))) {
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) {
        const t = target(file, spec);
        if (!under(t, 'src/shared')) bad.push(`${rel(file)} imports ${t}: shared code depends on nothing but shared code`);
      } else if (!PURE_PACKAGES.has(spec.split('/')[0])) {
        bad.push(`${rel(file)} imports ${spec}: shared code is pure (types and helpers, no I/O or UI)`);
      }
    }
  }
  return bad;
}
