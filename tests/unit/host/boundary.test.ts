// The plugin boundary holds on this checkout, and the check catches each kind of breach.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boundaryViolations, importsOf } from '../../support/boundary.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const temp: string[] = [];
afterAll(() => { for (const d of temp) rmSync(d, { recursive: true, force: true }); });

/** A small tree: one well-behaved area, plus the files given. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'boundary-'));
  temp.push(dir);
  const all: Record<string, string> = {
    'src/host/area.ts': 'export const x = 1;',
    'src/shared/access.ts': "import { object } from 'superstruct';",
    'machines/session.ts': "import { setup } from 'xstate';",
    'plugins/good/plugin.ts': "import { defineArea } from '../../src/host/area.ts';\nimport { session } from '../../machines/session.ts';",
    'plugins/good/web/page.tsx': "import { x } from '../../../src/host/area.ts';\nimport { y } from '../schemas.ts';\nimport { s } from '../../../src/shared/access.ts';",
    'plugins/good/schemas.ts': "export const y = 1;",
    ...files,
  };
  for (const [p, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    writeFileSync(path.join(dir, p), text);
  }
  return dir;
}

describe('the plugin boundary', () => {
  it('holds on this checkout', () => {
    expect(boundaryViolations(root)).toEqual([]);
  });

  it('reads static, type, re-export, side-effect and dynamic imports, not comments', () => {
    expect(importsOf(`import a from './a.ts';
import type { B } from "./b.ts";
export { c } from './c.ts';
import './d.css';
const e = () => import('./e.tsx');
// import f from './f.ts';
/* import g from './g.ts'; */`)).toEqual(['./a.ts', './b.ts', './c.ts', './d.css', './e.tsx']);
  });

  it('accepts a tree that keeps the rules', () => {
    expect(boundaryViolations(tree({}))).toEqual([]);
  });

  it.each([
    ['an area reaching into the server core', { 'plugins/good/server/x.ts': "import { writeAudit } from '../../../src/server/audit.ts';" },
      'plugins/good/server/x.ts imports src/server/audit.ts'],
    ['an area reaching into the browser core', { 'plugins/good/web/y.tsx': "const p = () => import('../../../src/web/shell/top-bar.tsx');" },
      'plugins/good/web/y.tsx imports src/web/shell/top-bar.tsx'],
    ['an area reaching into another area', { 'plugins/other/plugin.ts': "export { y } from '../good/schemas.ts';" },
      'plugins/other/plugin.ts imports plugins/good/schemas.ts'],
    ['the core naming an area', { 'src/server/app.ts': "import good from '../../plugins/good/plugin.ts';" },
      'src/server/app.ts imports plugins/good/plugin.ts'],
    ['a statechart naming an area', { 'machines/x.ts': "import { y } from '../plugins/good/schemas.ts';" },
      'machines/x.ts imports plugins/good/schemas.ts'],
    ['shared code doing I/O', { 'src/shared/db.ts': "import pg from 'pg';" }, 'src/shared/db.ts imports pg'],
    ['shared code reaching into the core', { 'src/shared/z.ts': "import { registry } from '../web/registry.ts';" },
      'src/shared/z.ts imports src/web/registry.ts'],
  ])('catches %s', (_what, files, expected) => {
    const found = boundaryViolations(tree(files));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(expected);
  });
});
