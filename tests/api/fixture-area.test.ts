// A new product area is one folder. This test takes the worked example of docs/plugins.md
// (a compliance calendar: a route and its page, a menu group and entry, permission codes, a
// feature, a table, API routes, a job, a stored statechart, a search counter and a
// notification type), writes it into a plugin folder other than the repository's plugins/
// (PLUGIN_DIRS, as an operator adds areas), then proves it is found and appears
// everywhere: discovery, router, menu, guards, roles editor, search, realtime, API,
// migrations, jobs, machines; and that no file outside its folder changed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import manifests from 'virtual:plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaManifest } from '../../src/host/area.ts';
import type { ServerPlugin } from '../../src/host/server.ts';
import { discoverPlugins } from '../../src/host/discover.mjs';
import { coreArea } from '../../src/web/core-area.ts';
import { keysToRefresh } from '../../src/web/realtime/messages.ts';
import { buildRegistry, type Registry } from '../../src/web/registry.ts';
import { codeAreas } from '../../plugins/client-settings/web/role-codes.ts';
import { startServer, t, type TestClient, type TestServer } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../..');
const AREA = 'compliance-calendar';
const pluginsDir = path.join(root, '.test-areas', `fixture-${process.pid}-${Date.now()}`);
const folder = path.join(pluginsDir, AREA);
/** Where the docs' files say they live: relative imports are resolved from there. */
const documented = path.join(root, 'plugins', AREA);

/** The worked example's files, each a code block of docs/plugins.md opening with its path. */
function documentedFiles(): Record<string, string> {
  const doc = readFileSync(path.join(root, 'docs/plugins.md'), 'utf8');
  const files: Record<string, string> = {};
  for (const m of doc.matchAll(/```tsx?\n\/\/ plugins\/compliance-calendar\/(\S+)\n([\s\S]*?)```/g)) files[m[1]] = m[2];
  return files;
}

/** Writes the area where an operator's plugin folder would hold it: imports that leave the
 * area's folder are pointed at the same host files from the new place. */
function writeArea(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    const from = path.dirname(path.join(documented, file));
    const to = path.dirname(path.join(folder, file));
    const moved = text.replace(/(['"])(\.\.?\/[^'"]+)\1/g, (whole, q: string, spec: string) => {
      const target = path.resolve(from, spec);
      if (target.startsWith(documented + path.sep)) return whole;
      return q + path.relative(to, target).split(path.sep).join('/') + q;
    });
    mkdirSync(to, { recursive: true });
    writeFileSync(path.join(folder, file), moved);
  }
}

/** What git reports as changed (null outside a git checkout). */
function gitStatus(): string | null {
  if (!existsSync(path.join(root, '.git'))) return null;
  try {
    return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
  } catch {
    return null;
  }
}

let statusBefore: string | null;
let files: Record<string, string>;
let manifest: AreaManifest;
let serverPlugin: ServerPlugin;
let reg: Registry;
let s: TestServer;
let officer: TestClient, analyst: TestClient, admin: TestClient;
let demo: string;

beforeAll(async () => {
  statusBefore = gitStatus();
  files = documentedFiles();
  writeArea(files);
  manifest = (await import(path.join(folder, 'plugin.ts'))).default;
  serverPlugin = (await import(path.join(folder, 'server/index.ts'))).default;
  reg = buildRegistry([coreArea, ...manifests, manifest]);
  s = await startServer({ plugins: [serverPlugin] });
  demo = s.seed.clients.demo;
  [officer, analyst, admin] = await Promise.all([s.login('officer'), s.login('analyst'), s.login('admin')]);
}, 120_000);

afterAll(async () => {
  await s?.close();
  rmSync(pluginsDir, { recursive: true, force: true });
});

const grants = (codes: string[], features: string[] = ['COMPLIANCE_CALENDAR']) => ({ permissions: new Set(codes), features: new Set(features) });
const LIST = (clientId: string) => ['clients', clientId, 'calendar', 'deadlines'];

describe('the worked example of docs/plugins.md, written as one folder', () => {
  it('is four files, found in the plugin folders with its server half', () => {
    expect(Object.keys(files).sort()).toEqual(['machines/deadline.ts', 'plugin.ts', 'server/index.ts', 'web/deadlines-page.tsx']);
    const found = discoverPlugins(root, { PLUGIN_DIRS: pluginsDir }).find((p) => p.name === AREA);
    expect(found).toMatchObject({ dir: folder, server: path.join(folder, 'server', 'index.ts') });
  });

  it('adds a route, a menu group in its declared place, guarded by its own codes and feature', () => {
    const hit = reg.routeFor('calendar/deadlines');
    expect(hit.kind === 'route' && [hit.route.area, hit.route.available]).toEqual([AREA, true]);
    const everything = grants(reg.catalog.permissions.map((p) => p.code), reg.catalog.features.map((f) => f.code));
    const menu = reg.visibleMenu(everything);
    expect(menu.find((g) => g.id === 'compliance_calendar')).toMatchObject({ title: 'Compliance Calendar', to: 'calendar/deadlines', children: [{ title: 'Deadlines' }] });
    // Groups follow their declared order: the calendar (85) comes just before Client Settings (90).
    const ids = menu.map((g) => g.id);
    const order = (id: string) => reg.catalog.menuGroups.find((g) => g.id === id)!.order;
    expect(ids).toEqual([...ids].sort((a, b) => order(a) - order(b)));
    expect(ids.indexOf('compliance_calendar')).toBe(ids.indexOf('client_settings') - 1);
    expect(reg.visibleMenu(grants(['SEE_COMPLIANCE_CALENDAR'])).map((g) => g.id)).toEqual(['compliance_calendar']);
    expect(reg.visibleMenu(grants(['SEE_COMPLIANCE_CALENDAR'], [])).some((g) => g.id === 'compliance_calendar')).toBe(false);
    expect(reg.visibleMenu(grants(['SEE_TM'])).some((g) => g.id === 'compliance_calendar')).toBe(false);
    expect(reg.breadcrumbs('calendar/deadlines')).toEqual([{ title: 'Deadlines', to: null }]);
  });

  it('offers its codes in the roles editor, its count in global search, its realtime refreshes', () => {
    expect(codeAreas(reg.catalog.permissions).find((a) => a.area === AREA))
      .toEqual({ area: AREA, title: 'Compliance calendar', codes: ['SEE_COMPLIANCE_CALENDAR', 'MANAGE_COMPLIANCE_CALENDAR'] });
    expect(reg.catalog.features.find((f) => f.code === 'COMPLIANCE_CALENDAR')?.title).toBe('compliance calendar');
    expect(reg.catalog.searchCounters.find((c) => c.key === 'deadlines')).toMatchObject({ endpoint: 'calendar/deadlines', area: AREA });
    expect(keysToRefresh(reg.catalog, { notification_type: 'deadline_missed', obj_id: 'd1' }, 'c1'))
      .toEqual([['notifications'], LIST('c1')]);
    expect(keysToRefresh(reg.catalog, { notification_type: 'state_changed', obj_type: 'deadlines', obj_id: 'd1' }, 'c1'))
      .toEqual([LIST('c1'), ['clients', 'c1', 'machine_instances', 'deadlines']]);
    expect(reg.machines.find((m) => m.id === 'compliance-calendar.deadline')?.area).toBe(AREA);
  });

  it('creates its table and serves its API behind its guards', async () => {
    expect(s.app.migrationsApplied).toContain('compliance-calendar/0001_deadlines');
    const created = await officer.post(t(demo, '/calendar/deadlines'), { deadline: { title: 'Annual AML audit', due_on: '2099-03-31' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ title: 'Annual AML audit', due_on: '2099-03-31', status: 'open' });
    const list = await officer.get(t(demo, '/calendar/deadlines'), { query: { q: 'aml audit', per: 1 } });
    expect(list.body.meta.count).toBe(1);
    // An open deadline whose day has not come can be done, not missed.
    expect(list.body.data[0].actions).toEqual(['DONE']);
    const bad = await officer.post(t(demo, '/calendar/deadlines'), { deadline: { title: '', due_on: '31/03/2099' } });
    expect(bad.status).toBe(400);
    expect((await analyst.get(t(demo, '/calendar/deadlines'))).status).toBe(403);
    expect((await officer.get(t(s.seed.clients.northwind, '/calendar/deadlines'))).status).toBe(404);
    await s.db.query(`UPDATE client_features SET available = false WHERE client_id = $1 AND code = 'COMPLIANCE_CALENDAR'`, [demo]);
    try {
      expect((await officer.get(t(demo, '/calendar/deadlines'))).body.error_code).toBe('FEATURE_UNAVAILABLE');
    } finally {
      await s.db.query(`UPDATE client_features SET available = true WHERE client_id = $1 AND code = 'COMPLIANCE_CALENDAR'`, [demo]);
    }
    // A role may hold the new codes.
    const role = await admin.post(t(demo, '/roles'), { role: { name: 'Calendar keepers', codes: ['SEE_COMPLIANCE_CALENDAR'] } });
    expect(role.body.data.codes).toEqual(['SEE_COMPLIANCE_CALENDAR']);
  });

  it('runs its job when the day has passed, applies its statechart on the server and sends its notification type', async () => {
    const late = await officer.post(t(demo, '/calendar/deadlines'), { deadline: { title: 'Quarterly CTR review', due_on: '2020-06-30' } });
    const early = await officer.post(t(demo, '/calendar/deadlines'), { deadline: { title: 'Board risk report', due_on: '2099-01-31' } });
    expect(await s.runJobs()).toBeGreaterThan(0);
    const status = async (id: string) => (await s.db.query('SELECT status FROM compliance_calendar_deadlines WHERE id = $1', [id])).rows[0].status;
    expect(await status(late.body.data.id)).toBe('missed');
    expect(await status(early.body.data.id)).toBe('open');
    const centre = await officer.get('/notifications', { query: { notification_type: 'deadline_missed' } });
    expect(centre.body.data[0]).toMatchObject({ notification_type: 'deadline_missed', obj_id: late.body.data.id });

    const done = await officer.post(t(demo, `/calendar/deadlines/${late.body.data.id}/done`));
    expect(done.body.data.status).toBe('done');
    const again = await officer.post(t(demo, `/calendar/deadlines/${late.body.data.id}/done`));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/done/i);
    const instances = await admin.get(t(demo, '/machines/compliance-calendar.deadline/instances'), { query: { q: 'ctr review' } });
    expect(instances.body.data.find((i: { label: string }) => i.label === 'Quarterly CTR review')?.state).toBe('done');
  });

  it('compiles as written, against the host\'s types', () => {
    const config = path.join(pluginsDir, 'tsconfig.json');
    writeFileSync(config, JSON.stringify({
      extends: path.join(root, 'tsconfig.json'),
      include: [folder, path.join(root, 'src/host/virtual.d.ts'), path.join(root, 'src/web/css.d.ts')],
    }));
    const tsc = path.join(root, 'node_modules/.bin/tsc');
    let out = '';
    try {
      execFileSync(tsc, ['-p', config], { cwd: root, encoding: 'utf8', timeout: 90_000 });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(out).toBe('');
  }, 120_000);

  it('changed no file outside its folder', () => {
    expect(gitStatus()).toBe(statusBefore);
  });
});
