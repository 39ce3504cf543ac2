// The prohibited-countries screening, a kind in its own folder
// (plugins/screening-prohibited-countries): what the screenings area makes of its
// contribution — the menu entry and pages, POST /checkups/prohibited_countries under the
// kind's guard and feature, the check itself against the built-in list, tenant isolation,
// and the workflow step screenings.prohibited_countries in a flow.
import manifests from 'virtual:plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grants } from '../../src/shared/access.ts';
import { coreArea } from '../../src/web/core-area.ts';
import { buildRegistry } from '../../src/web/registry.ts';
import { LIST_DATE, PROHIBITED } from '../../plugins/screening-prohibited-countries/countries.ts';
import { startServer, t, type TestClient, type TestServer } from './harness.ts';

const BASE = 'checkup/instant_checkups/prohibited_countries';
const registry = buildRegistry([coreArea, ...manifests]);
const grants = (permissions: string[], features: string[]): Grants => ({ permissions: new Set(permissions), features: new Set(features) });
const screeningsMenu = (g: Grants) => registry.visibleMenu(g)
  .find((x) => x.id === 'compliance_toolset')?.children.find((x) => x.id === 'compliance_toolset/screenings');
const titles = (g: Grants) => {
  const menu = screeningsMenu(g);
  return menu?.kind === 'group' ? menu.children.map((c) => c.title) : [];
};

describe('the kind in the browser', () => {
  it('has a list, a detail and a hit page, guarded by CHECKUPS_PERFORM_INSTANT and the PROHIBITED_COUNTRIES feature', () => {
    for (const p of [BASE, `${BASE}/form/7`, `${BASE}/info/9`]) {
      const r = registry.routeFor(p);
      expect(r.kind, p).toBe('route');
      if (r.kind !== 'route') continue;
      expect(r.route).toMatchObject({ area: 'screenings', available: true, access: 'CHECKUPS_PERFORM_INSTANT', feature: 'PROHIBITED_COUNTRIES' });
      expect(registry.canSee(r.route, grants(['CHECKUPS_PERFORM_INSTANT'], ['PROHIBITED_COUNTRIES']))).toBe(true);
      expect(registry.canSee(r.route, grants(['CHECKUPS_PERFORM_INSTANT'], []))).toBe(false);
      expect(registry.canSee(r.route, grants(['MANAGE_PROHIBITED_COUNTRIES', 'OFAC'], ['PROHIBITED_COUNTRIES', 'OFAC']))).toBe(false);
    }
    expect(registry.breadcrumbs(BASE).map((c) => c.title)).toEqual(['Prohibited countries']);
  });

  it('shows its menu entry in Compliance Toolset › Screenings after the spec\'s kinds, to those who may run it', () => {
    const officer = grants(['CHECKUPS_PERFORM_INSTANT', 'OFAC'], ['PROHIBITED_COUNTRIES', 'OFAC']);
    const menu = screeningsMenu(officer);
    expect(menu?.kind).toBe('group');
    const entry = menu?.kind === 'group' ? menu.children.find((c) => c.title === 'Prohibited countries') : undefined;
    expect(entry).toMatchObject({ kind: 'entry', to: BASE });
    // Screening Management has a page now too; the spec's kinds without pages stay hidden.
    expect(titles(officer)).toEqual(['Screening Management', 'Prohibited countries']);
    expect(titles(grants(['CHECKUPS_PERFORM_INSTANT'], []))).toEqual(['Screening Management']);
    expect(titles(grants(['OFAC'], ['PROHIBITED_COUNTRIES', 'OFAC']))).toEqual(['Screening Management']);
  });
});

describe('the kind on the server', () => {
  let s: TestServer;
  let officer: TestClient, analyst: TestClient, northwindOfficer: TestClient;
  let demo: string, northwind: string;

  beforeAll(async () => {
    s = await startServer();
    ({ demo, northwind } = s.seed.clients);
    [officer, analyst] = await Promise.all([s.login('officer'), s.login('analyst')]);
    northwindOfficer = await s.member(northwind, ['CHECKUPS_PERFORM_INSTANT']);
  });
  afterAll(async () => { await s?.close(); });

  const run = (who: TestClient, checkup: unknown, clientId = demo) => who.post(t(clientId, '/checkups/prohibited_countries'), { checkup });

  it('registers POST /checkups/prohibited_countries under the kind\'s guard and feature', () => {
    const route = s.app.routes.routes.find((r) => r.method === 'POST' && r.path === '/checkups/prohibited_countries');
    expect(route).toMatchObject({ owner: 'screenings', rule: { access: 'CHECKUPS_PERFORM_INSTANT', feature: 'PROHIBITED_COUNTRIES' } });
  });

  it('reports one hit per prohibited country, with the program, the regulations and the list\'s date', async () => {
    const r = await run(officer, { name: 'Reza Tehrani', countries: ['de', 'IR', 'KP', 'IR'] });
    expect(r.status, r.text).toBe(200);
    const c = r.body.data;
    expect(c).toMatchObject({
      kind: 'prohibited_countries', name: 'Reza Tehrani', execution_status: 'completed', hits_count: 2, error: null, origin: 'api',
      input: { name: 'Reza Tehrani', countries: ['de', 'IR', 'KP', 'IR'] },
      created_by: { id: officer.userId },
      summary: '2 of the 3 countries screened are prohibited: Iran, North Korea',
    });
    expect(c.finished_at).not.toBeNull();
    expect(c.hits.map((h: any) => [h.name, h.score, h.reference, h.details.country])).toEqual([
      ['Iran', 1, '31 CFR part 560', 'IR'], ['North Korea', 1, '31 CFR part 510', 'KP'],
    ]);
    expect(c.hits[0].source).toBe(`OFAC comprehensive sanctions programs (list of ${LIST_DATE})`);
    expect(c.hits[0].details).toMatchObject({ program: 'Iran Sanctions', regulations: 'Iranian Transactions and Sanctions Regulations', list_date: LIST_DATE });

    // The detail, the hit by both its addresses, the list; and the audit row of the write.
    const detail = await officer.get(t(demo, `/checkups/${c.id}`));
    expect(detail.body.data.hits).toEqual(c.hits);
    const hit = await officer.get(t(demo, `/checkups/${c.id}/hits/${c.hits[1].id}`));
    expect(hit.body.data).toMatchObject({ id: c.hits[1].id, name: 'North Korea', checkup_id: c.id });
    const byId = await officer.get(t(demo, `/checkups/hits/${c.hits[1].id}`));
    expect(byId.body.data).toMatchObject({ name: 'North Korea', checkup: { id: c.id, kind: 'prohibited_countries', name: 'Reza Tehrani' } });
    const list = await officer.get(t(demo, '/checkups'), { query: { kind: 'prohibited_countries', q: 'tehrani' } });
    expect(list.body.data.map((x: any) => x.id)).toContain(c.id);
    const audit = await s.db.query(`SELECT user_id, client_id, after FROM audit_log WHERE object_type = 'checkups' AND object_id = $1`, [c.id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ user_id: officer.userId, client_id: demo, after: { kind: 'prohibited_countries', hits_count: 2 } });
  });

  it('reports no hit for countries that are not prohibited', async () => {
    const r = await run(officer, { name: 'Greta Lind', countries: ['SE', 'NO', 'UA', 'SY'] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ execution_status: 'completed', hits_count: 0, hits: [], summary: 'None of the 4 countries screened is prohibited' });
  });

  it('covers every jurisdiction of the list', async () => {
    const r = await run(officer, { name: 'All of them', countries: PROHIBITED.map((p) => p.country) });
    expect(r.body.data.hits.map((h: any) => h.details.country)).toEqual(PROHIBITED.map((p) => p.country));
  });

  it('refuses bad input with a message on the field', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ name: 'A', countries: ['XX'] }, 'countries', /"XX", which is not an ISO 3166-1 alpha-2 country code/],
      [{ name: 'A', countries: [] }, 'countries', /required/],
      [{ name: 'A', countries: 'IR' }, 'countries', /must be a list/],
      [{ name: 'A', countries: Array.from({ length: 21 }, () => 'DE') }, 'countries', /at most 20/],
      [{ name: ' ', countries: ['DE'] }, 'name', /required/],
      [{ countries: ['DE'] }, 'name', /required/],
      [{ name: 'A', countries: ['DE'], extra: 1 }, 'extra', /.+/],
    ];
    for (const [checkup, field, message] of cases) {
      const r = await run(officer, checkup);
      expect(r.status, JSON.stringify(checkup)).toBe(400);
      expect(r.body.errors?.[field], JSON.stringify(r.body)).toMatch(message);
    }
    const total = await s.db.query(`SELECT count(*)::int AS n FROM screenings_checkups WHERE name = 'A'`);
    expect(total.rows[0].n).toBe(0);
  });

  it('refuses a member without CHECKUPS_PERFORM_INSTANT, and a client without the feature', async () => {
    const r = await run(analyst, { name: 'X', countries: ['IR'] });
    expect(r.status).toBe(403);
    // Another screening code lets a member into the list, but not to this kind's screenings.
    const ofacOnly = await s.member(demo, ['OFAC']);
    expect((await run(ofacOnly, { name: 'X', countries: ['IR'] })).status).toBe(403);
    const mine = (await run(officer, { name: 'Hidden from OFAC', countries: ['CU'] })).body.data;
    const list = await ofacOnly.get(t(demo, '/checkups'));
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => x.id)).not.toContain(mine.id);
    expect((await ofacOnly.get(t(demo, `/checkups/${mine.id}`))).status).toBe(404);
    expect((await ofacOnly.get(t(demo, `/checkups/hits/${mine.hits[0].id}`))).status).toBe(404);

    await s.db.query(`UPDATE client_features SET available = false WHERE client_id = $1 AND code = 'PROHIBITED_COUNTRIES'`, [northwind]);
    try {
      const off = await run(northwindOfficer, { name: 'X', countries: ['IR'] }, northwind);
      expect(off.status).toBe(403);
      expect(off.body.error_code).toBe('FEATURE_UNAVAILABLE');
    } finally {
      await s.db.query(`UPDATE client_features SET available = true WHERE client_id = $1 AND code = 'PROHIBITED_COUNTRIES'`, [northwind]);
    }
    expect((await run(northwindOfficer, { name: 'X', countries: ['IR'] }, northwind)).status).toBe(200);
  });

  it('keeps a client\'s screenings from every other client', async () => {
    const mine = (await run(officer, { name: 'Only Demo', countries: ['IR'] })).body.data;
    // A member of Northwind asks under Demo's address (not a member: 404) and under its own.
    expect((await northwindOfficer.get(t(demo, `/checkups/${mine.id}`))).status).toBe(404);
    expect((await northwindOfficer.get(t(northwind, `/checkups/${mine.id}`))).status).toBe(404);
    expect((await northwindOfficer.get(t(northwind, `/checkups/${mine.id}/hits/${mine.hits[0].id}`))).status).toBe(404);
    expect((await northwindOfficer.get(t(northwind, `/checkups/hits/${mine.hits[0].id}`))).status).toBe(404);
    const theirs = await northwindOfficer.get(t(northwind, '/checkups'), { query: { q: 'Only Demo' } });
    expect(theirs.body.data).toEqual([]);
    expect(theirs.body.meta.count).toBe(0);
  });

  it('runs as the workflow step screenings.prohibited_countries in a flow', async () => {
    const types = await officer.get(t(demo, '/workflows/step_types'));
    expect(types.body.data.find((x: any) => x.type === 'screenings.prohibited_countries'))
      .toMatchObject({ plugin: 'screenings', emits: ['clear', 'hits'], title: 'Screening: Prohibited countries' });

    // The step's input is the kind's input, checked when the flow is saved.
    const flow = (countries: string[]) => ({
      initial: 'screen',
      states: {
        screen: { step: { type: 'screenings.prohibited_countries', input: { name: 'Flow Subject', countries } }, on: { hits: 'review', clear: 'approved' } },
        review: { type: 'final' },
        approved: { type: 'final' },
      },
    });
    const bad = await officer.post(t(demo, '/workflows/definitions'), { workflow_definition: { key: 'pc-bad', name: 'Bad', definition: flow(['XX']) } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['definition.states.screen.step.input.countries']).toMatch(/not an ISO 3166-1 alpha-2/);

    const outcomes: Record<string, { state: string; data: any }> = {};
    for (const [key, countries] of [['pc-hits', ['DE', 'IR']], ['pc-clear', ['DE']]] as const) {
      const created = await officer.post(t(demo, '/workflows/definitions'), { workflow_definition: { key, name: key, definition: flow([...countries]) } });
      expect(created.status, created.text).toBe(200);
      expect((await officer.post(t(demo, `/workflows/definitions/${key}/versions/1/publish`))).status).toBe(200);
      const started = await officer.post(t(demo, '/workflows/instances'), { workflow_instance: { definition_key: key, data: {} } });
      expect(started.status, started.text).toBe(200);
      await s.runJobs();
      const inst = (await officer.get(t(demo, `/workflows/instances/${started.body.data.id}`))).body.data;
      expect(inst.status).toBe('completed');
      outcomes[key] = { state: inst.state, data: inst.data };
    }
    expect(outcomes['pc-hits']).toMatchObject({ state: 'review', data: { hits_count: 1 } });
    expect(outcomes['pc-clear']).toMatchObject({ state: 'approved', data: { hits_count: 0 } });

    // The screening the step made is one of the client's, marked as a flow's.
    const c = (await officer.get(t(demo, `/checkups/${outcomes['pc-hits'].data.checkup_id}`))).body.data;
    expect(c).toMatchObject({ kind: 'prohibited_countries', name: 'Flow Subject', origin: 'workflow', created_by: null, execution_status: 'completed', hits_count: 1 });
    expect(c.hits.map((h: any) => h.name)).toEqual(['Iran']);
    expect(c.origin_ref).toMatch(/^[0-9a-f-]{36}:1$/);
  });
});
