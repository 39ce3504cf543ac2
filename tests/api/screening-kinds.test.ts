// The `screenings.kinds` extension point, with a kind that is not in the repository
// (fixtures/screening-kind-plugin.ts): its contribution alone gives it routes with the
// generic pages and a menu entry in the browser, POST /checkups/<code> and its screenings in
// the API, and a workflow step. The ways a kind fails (throws, hangs, answers nonsense) end
// as failed screenings, never as 500s; contributions that clash stop the start.
import manifests from 'virtual:plugins';
import { string } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCatalog, CatalogError } from '../../src/host/catalog.ts';
import type { ServerPointHost } from '../../src/host/server.ts';
import type { Grants } from '../../src/shared/access.ts';
import { coreArea } from '../../src/web/core-area.ts';
import { buildRegistry } from '../../src/web/registry.ts';
import { knownKinds } from '../../plugins/screenings/server/kinds.ts';
import { ALL_PLUGINS, CATALOG, startServer, t, type TestClient, type TestServer } from './harness.ts';
import { probeKind, probeKindArea, probeKindPlugin, probeKindState } from './fixtures/screening-kind-plugin.ts';

const BASE = 'checkup/instant_checkups/probe_watchlist';
const grants = (permissions: string[], features: string[] = ['OFAC', 'PROHIBITED_COUNTRIES']): Grants =>
  ({ permissions: new Set(permissions), features: new Set(features) });

describe('a kind contributed from outside the repository, in the browser', () => {
  const registry = buildRegistry([coreArea, ...manifests, probeKindArea]);
  const screenings = (g: Grants) => {
    const group = registry.visibleMenu(g).find((x) => x.id === 'compliance_toolset')?.children.find((x) => x.id === 'compliance_toolset/screenings');
    return group?.kind === 'group' ? group.children.map((c) => `${c.title} → ${c.to}`) : [];
  };

  it('gets the list, detail and hit routes with the generic pages, under its own guard', () => {
    for (const [p, title] of [[BASE, 'Probe watch list'], [`${BASE}/form/1`, 'Screening details'], [`${BASE}/probe_info/2`, 'Hit details']]) {
      const r = registry.routeFor(p);
      expect(r.kind, p).toBe('route');
      if (r.kind !== 'route') continue;
      expect(r.route).toMatchObject({ area: 'screenings', title, section: 'checkup', available: true, access: ['PROBE_WATCHLIST', 'OFAC'], feature: 'OFAC' });
      expect(registry.canSee(r.route, grants(['PROBE_WATCHLIST']))).toBe(true);
      expect(registry.canSee(r.route, grants(['PROBE_WATCHLIST'], []))).toBe(false);
      expect(registry.canSee(r.route, grants(['FINCEN_INDIVIDUAL']))).toBe(false);
    }
    // The hit segment is the kind's: info/… is not one of its addresses.
    expect(registry.routeFor(`${BASE}/info/2`).kind).toBe('none');
  });

  it('gets a menu entry at its order, and opens the list of every screening to its code', () => {
    expect(screenings(grants(['PROBE_WATCHLIST', 'CHECKUPS_PERFORM_INSTANT']))).toEqual([
      'Screening Management → checkup/instant_checkups/all',
      `Probe watch list → ${BASE}`,
      'Prohibited countries → checkup/instant_checkups/prohibited_countries',
    ]);
    expect(screenings(grants(['PROBE_WATCHLIST']))).toEqual(['Screening Management → checkup/instant_checkups/all', `Probe watch list → ${BASE}`]);
    // Among the spec's kinds (OFAC 50, FinCEN 314(A) Individual 60), by its order 55.
    const group = registry.menu.find((g) => g.id === 'compliance_toolset')!.children.find((c) => c.kind === 'group' && c.id === 'compliance_toolset/screenings');
    const titles = group?.kind === 'group' ? group.children.map((c) => c.title) : [];
    expect(titles.slice(titles.indexOf('OFAC'), titles.indexOf('OFAC') + 3)).toEqual(['OFAC', 'Probe watch list', 'FinCEN 314(A) Individual']);
    // Without the area, the code opens nothing.
    const without = buildRegistry([coreArea, ...manifests]);
    const all = without.routeFor('checkup/instant_checkups/all');
    expect(all.kind === 'route' && JSON.stringify(all.route.access)).not.toContain('PROBE_WATCHLIST');
    expect(without.routeFor(BASE).kind).toBe('none');
  });

  it('refuses contributions that clash: a code twice, a code that is not a path segment, a reserved one', () => {
    const other = (code: string) => ({ name: `other-${code.length}`, title: 'Other', contributes: { 'screenings.kinds': [{ ...probeKind, code }] } });
    const problems = (extra: object[]) => {
      try { buildCatalog([coreArea, ...manifests, probeKindArea, ...extra] as never); } catch (e) { return (e as CatalogError).problems.join('\n'); }
      return '';
    };
    expect(problems([other('probe_watchlist')])).toContain('screening kind "probe_watchlist" is contributed by both screening-probe and other-15');
    expect(problems([other('Probe-List')])).toContain('kind code "Probe-List" must be lowercase letters');
    expect(problems([other('all')])).toContain('kind code "all" is a reserved path');
    expect(problems([])).toBe('');
  });

  it('keeps the two halves of every installed kind in agreement (code, area, guard)', () => {
    const web = CATALOG.contributions.get('screenings.kinds')!;
    const server = ALL_PLUGINS.flatMap((p) => (p.contributes?.['screenings.kinds'] ?? []).map((item) => ({ area: p.area.name, item })));
    expect(server.map((s) => s.item.code)).toContain('prohibited_countries');
    for (const s of server) {
      const w = web.find((x) => (x.item as { code: string }).code === s.item.code);
      expect(w, s.item.code).toBeDefined();
      expect(w!.area).toBe(s.area);
      expect({ access: s.item.access, feature: s.item.feature, title: s.item.title })
        .toEqual({ access: (w!.item as typeof probeKind).access, feature: (w!.item as typeof probeKind).feature, title: (w!.item as typeof probeKind).title });
    }
  });

  it('stops the server for a server half that is malformed or given twice', () => {
    const host = (items: { area: string; item: unknown }[]): ServerPointHost => ({
      contributions: <T>() => items as { area: string; item: T }[],
      registerWorkflowApi: () => {},
    });
    const server = probeKindPlugin.contributes!['screenings.kinds']![0];
    expect(knownKinds(host([{ area: 'a', item: server }])).map((k) => k.code)).toContain('probe_watchlist');
    expect(() => knownKinds(host([{ area: 'a', item: server }, { area: 'b', item: server }])))
      .toThrow('screening kind "probe_watchlist" has two server halves, from a and b');
    expect(() => knownKinds(host([{ area: 'a', item: { ...server, code: 'all' } }]))).toThrow(/"all" is not a kind's path segment/);
    expect(() => knownKinds(host([{ area: 'a', item: { ...server, run: undefined } }]))).toThrow(/needs input \(a superstruct schema\) and run\(\)/);
    expect(() => knownKinds(host([{ area: 'a', item: { ...server, input: string() } }]))).toThrow(/its input must be an object/);
  });
});

describe('a kind contributed from outside the repository, on the server', () => {
  let s: TestServer;
  let officer: TestClient, probeOnly: TestClient, ofacOnly: TestClient;
  let demo: string;

  beforeAll(async () => {
    s = await startServer({ plugins: [probeKindPlugin] });
    ({ demo } = s.seed.clients);
    officer = await s.login('officer');
    [probeOnly, ofacOnly] = await Promise.all([s.member(demo, ['PROBE_WATCHLIST']), s.member(demo, ['CHECKUPS_PERFORM_INSTANT'])]);
  });
  afterAll(async () => { await s?.close(); });
  beforeEach(async () => {
    await s.db.query(`UPDATE jobs SET status = 'done' WHERE status IN ('queued', 'running')`);
    probeKindState.flakyFailures = 0;
  });

  const run = (checkup: unknown, who: TestClient = officer) => who.post(t(demo, '/checkups/probe_watchlist'), { checkup });

  it('registers its POST under its guard, and lets its code into the list of every screening', () => {
    const routes = s.app.routes.routes.filter((r) => r.owner === 'screenings');
    expect(routes.find((r) => r.method === 'POST' && r.path === '/checkups/probe_watchlist')?.rule)
      .toEqual({ access: ['PROBE_WATCHLIST', 'OFAC'], feature: 'OFAC' });
    expect(JSON.stringify(routes.find((r) => r.method === 'GET' && r.path === '/checkups')?.rule.access)).toContain('PROBE_WATCHLIST');
  });

  it('records what the kind found: hits in its order, the provider status, the summary and the name it gives', async () => {
    const r = await run({ name: 'Ivan Petrov', mode: 'hits', year_of_birth: 1970 });
    expect(r.status, r.text).toBe(200);
    const c = r.body.data;
    expect(c).toMatchObject({
      kind: 'probe_watchlist', name: 'Ivan Petrov (probe)', execution_status: 'completed', provider_status: 'potential_match',
      summary: 'two names are close', hits_count: 2, input: { name: 'Ivan Petrov', mode: 'hits', year_of_birth: 1970 },
    });
    expect(c.hits.map((h: any) => [h.position, h.name, h.score, h.reference])).toEqual([[0, 'IVAN PETROV', 0.93, 'P-1'], [1, 'Ivan Petrov Jr', 0.71, null]]);
    expect(c.hits[0].details).toEqual({ listed: '2020-01-01', aliases: ['X'] });
    expect(c.hits[1].details).toEqual({});
    const clear = (await run({ name: 'Nobody' })).body.data;
    expect(clear).toMatchObject({ execution_status: 'completed', hits_count: 0, provider_status: 'no_match', hits: [] });
  });

  it('ends a kind that throws, hangs or answers nonsense as a failed screening with the reason (200, audited)', async () => {
    const cases: [string, RegExp][] = [
      ['fail', /^the provider answered 503$/],
      ['slow', /^the screening did not finish within 300 ms$/],
      ['garbage', /^the screening kind returned a result that is not valid: hits\.0\.score must be a number from 0 to 1$/],
      ['nul', /NUL characters/],
    ];
    for (const [mode, error] of cases) {
      const r = await run({ name: `Case ${mode}`, mode });
      expect(r.status, r.text).toBe(200);
      expect(r.body.data).toMatchObject({ execution_status: 'failed', hits_count: 0, hits: [], provider_status: null });
      expect(r.body.data.error).toMatch(error);
      const audit = await s.db.query(`SELECT after FROM audit_log WHERE object_type = 'checkups' AND object_id = $1`, [r.body.data.id]);
      expect(audit.rows[0].after).toMatchObject({ execution_status: 'failed', error: r.body.data.error });
    }
    // The hung run was told to stop.
    expect(probeKindState.slowSignal?.aborted).toBe(true);
  });

  // PGlite has one connection: a run() reading while the request held a transaction would
  // wait until its time limit and fail.
  it('gives run() a read scoped to the client, with no transaction open', async () => {
    const other = await s.member(s.seed.clients.northwind, ['PROBE_WATCHLIST']);
    expect((await other.post(t(s.seed.clients.northwind, '/checkups/probe_watchlist'), { checkup: { name: 'Elsewhere' } })).status).toBe(200);
    const count = async (sql: string, params: unknown[] = []) => (await s.db.query<{ n: number }>(sql, params)).rows[0].n;
    const mine = await count('SELECT count(*)::int AS n FROM screenings_checkups WHERE client_id = $1', [demo]);
    expect(await count('SELECT count(*)::int AS n FROM screenings_checkups')).toBeGreaterThan(mine);
    const r = await run({ name: 'Reader', mode: 'read' });
    expect(r.body.data.summary).toBe(`the client has ${mine} screenings`);
  });

  it('lists screenings by kind, status, dates and name, and each member only the kinds they may see', async () => {
    await run({ name: 'Zelda Filter', mode: 'hits' });
    await run({ name: 'Zelda Broken', mode: 'fail' });
    await officer.post(t(demo, '/checkups/prohibited_countries'), { checkup: { name: 'Zelda Countries', countries: ['CU'] } });
    const list = (query: Record<string, string | string[]>, who = officer) => who.get(t(demo, '/checkups'), { query });
    const names = async (query: Record<string, string | string[]>, who = officer) => (await list(query, who)).body.data.map((x: any) => x.name);

    expect(await names({ q: 'zelda', sort: 'name' })).toEqual(['Zelda Broken (probe)', 'Zelda Countries', 'Zelda Filter (probe)']);
    expect(await names({ q: 'zelda', kind: 'prohibited_countries' })).toEqual(['Zelda Countries']);
    expect(await names({ q: 'zelda', execution_status: 'failed' })).toEqual(['Zelda Broken (probe)']);
    expect(await names({ q: 'zelda', kind: ['probe_watchlist', 'prohibited_countries'], sort: '-hits_count' }))
      .toEqual(['Zelda Filter (probe)', 'Zelda Countries', 'Zelda Broken (probe)']);
    expect(await names({ q: 'zelda', from_created_at: '2999-01-01T00:00:00Z' })).toEqual([]);
    expect(await names({ q: 'zelda', to_created_at: '2000-01-01' })).toEqual([]);
    const page = await list({ q: 'zelda', per: '1' });
    expect(page.body.meta).toMatchObject({ count: 3, per: 1, pages: 3 });
    // The global search counts through this list (spec 7: q, per=1).
    expect(CATALOG.searchCounters.find((c) => c.key === 'checkup')).toMatchObject({ endpoint: 'checkups', area: 'screenings' });

    // A member holding only the kind's code sees its screenings and no other kind's.
    expect(await names({ q: 'zelda', sort: 'name' }, probeOnly)).toEqual(['Zelda Broken (probe)', 'Zelda Filter (probe)']);
    expect(await names({ q: 'zelda' }, ofacOnly)).toEqual(['Zelda Countries']);
    const probeRow = (await list({ q: 'Zelda Filter' })).body.data[0];
    expect((await ofacOnly.get(t(demo, `/checkups/${probeRow.id}`))).status).toBe(404);
    expect((await probeOnly.get(t(demo, `/checkups/${probeRow.id}`))).status).toBe(200);
    expect((await run({ name: 'No' }, ofacOnly)).status).toBe(403);

    const bads: Record<string, string>[] = [{ kind: 'nope' }, { execution_status: 'done' }, { from_created_at: '2024-02-31' }, { sort: 'input' }];
    for (const bad of bads) {
      const r = await list(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(r.body.errors).join()).toMatch(new RegExp(`^${Object.keys(bad)[0]}(\\.0)?$`));
    }
    expect((await officer.get(t(demo, '/checkups/not-an-id'))).status).toBe(404);
    expect((await officer.get(t(demo, '/checkups/00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });

  it('refuses input the kind does not take, and input past 16 KB, with a message per field', async () => {
    const wrong = await run({ name: 'X', mode: 'sideways' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.mode).toMatch(/must be one of/);
    const big = await run({ name: 'X', notes: 'y'.repeat(17_000) });
    expect(big.status).toBe(400);
    expect(big.body.errors).toEqual({ checkup: 'must be at most 16 KB' });
    const fits = await run({ name: 'X', notes: 'y'.repeat(15_000) });
    expect(fits.status, fits.text).toBe(200);
    expect(fits.body.data.input.notes).toHaveLength(15_000);
  });

  async function flow(key: string, input: Record<string, unknown>, retry?: Record<string, number>) {
    const definition = {
      initial: 'screen',
      ...(retry ? { retry } : {}),
      states: {
        screen: { step: { type: 'screenings.probe_watchlist', input }, on: { hits: 'review', clear: 'approved', failed: 'manual' } },
        review: { type: 'final' }, approved: { type: 'final' }, manual: { type: 'final' },
      },
    };
    const created = await officer.post(t(demo, '/workflows/definitions'), { workflow_definition: { key, name: key, definition } });
    expect(created.status, created.text).toBe(200);
    expect((await officer.post(t(demo, `/workflows/definitions/${key}/versions/1/publish`))).status).toBe(200);
    const started = await officer.post(t(demo, '/workflows/instances'), { workflow_instance: { definition_key: key, data: {} } });
    expect(started.status, started.text).toBe(200);
    return started.body.data.id as string;
  }
  const instance = async (id: string) => (await officer.get(t(demo, `/workflows/instances/${id}`))).body.data;
  const screeningsOf = async (id: string) =>
    (await s.db.query(`SELECT id, execution_status, hits_count, error FROM screenings_checkups WHERE origin_ref LIKE $1`, [`${id}:%`])).rows;

  it('is the workflow step screenings.<code>: its input checked on save, its result an event with the screening', async () => {
    const types = (await officer.get(t(demo, '/workflows/step_types'))).body.data;
    expect(types.find((x: any) => x.type === 'screenings.probe_watchlist')).toMatchObject({ title: 'Screening: Probe watch list', emits: ['clear', 'hits'] });
    const bad = await officer.post(t(demo, '/workflows/definitions/validate'), {
      workflow_definition: { definition: { initial: 'a', states: { a: { step: { type: 'screenings.probe_watchlist', input: { mode: 'hits' } }, on: { hits: 'z', clear: 'z' } }, z: { type: 'final' } } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['definition.states.a.step.input.name']).toMatch(/required/);
    const big = await officer.post(t(demo, '/workflows/definitions/validate'), {
      workflow_definition: { definition: { initial: 'a', states: { a: { step: { type: 'screenings.probe_watchlist', input: { name: 'X', notes: 'y'.repeat(17_000) } }, on: { hits: 'z', clear: 'z' } }, z: { type: 'final' } } } },
    });
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body.errors)).toContain('must be at most 16 KB');

    const id = await flow('probe-hits', { name: 'Flow Person', mode: 'hits' });
    await s.runJobs();
    const inst = await instance(id);
    expect(inst).toMatchObject({ status: 'completed', state: 'review', data: { hits_count: 2 } });
    const made = await screeningsOf(id);
    expect(made).toEqual([{ id: inst.data.checkup_id, execution_status: 'completed', hits_count: 2, error: null }]);
    const audit = await s.db.query(`SELECT user_id, request_id FROM audit_log WHERE object_type = 'checkups' AND object_id = $1`, [inst.data.checkup_id]);
    expect(audit.rows).toEqual([{ user_id: null, request_id: `workflow:${id}` }]);
  });

  it('retries a failing kind on the same screening, then takes the state\'s failed transition', async () => {
    probeKindState.flakyFailures = 1;
    const id = await flow('probe-flaky', { name: 'Flaky', mode: 'flaky' }, { max_attempts: 2, backoff_seconds: 1 });
    await s.runJobs();
    expect(await screeningsOf(id)).toMatchObject([{ execution_status: 'failed', error: 'flaky provider' }]);
    expect((await instance(id)).status).toBe('running');
    await s.db.query(`UPDATE jobs SET run_at = now() WHERE status = 'queued' AND payload->>'instance_id' = $1`, [id]);
    await s.runJobs();
    expect(await instance(id)).toMatchObject({ status: 'completed', state: 'review', data: { hits_count: 1 } });
    expect(await screeningsOf(id)).toMatchObject([{ execution_status: 'completed', hits_count: 1, error: null }]);

    const failing = await flow('probe-fail', { name: 'Failing', mode: 'fail' }, { max_attempts: 1 });
    await s.runJobs();
    expect(await instance(failing)).toMatchObject({ status: 'completed', state: 'manual' });
    expect(await screeningsOf(failing)).toMatchObject([{ execution_status: 'failed', error: 'the provider answered 503' }]);
  });

  it('reports a screening an earlier attempt completed without running the kind again', async () => {
    const id = await flow('probe-done', { name: 'Already', mode: 'hits' });
    // As if a runner had recorded the screening and died before committing the step's result.
    await s.db.query(
      `INSERT INTO screenings_checkups (client_id, kind, name, execution_status, hits_count, origin, origin_ref, finished_at)
       VALUES ($1, 'probe_watchlist', 'Already', 'completed', 0, 'workflow', $2, now())`, [demo, `${id}:1`]);
    const before = probeKindState.runs;
    await s.runJobs();
    expect(probeKindState.runs).toBe(before);
    expect(await instance(id)).toMatchObject({ status: 'completed', state: 'approved', data: { hits_count: 0 } });
  });
});
