// The list toolkit on real endpoints: paging, whitelisted sort, filters by name (arrays
// for multi-selects, in either query form), from_/to_ ranges with dates as UTC ISO, q, and
// a saved filter template applied with tab_registry_id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, t, type TestClient, type TestServer } from './harness.ts';

let s: TestServer;
let admin: TestClient, officer: TestClient;
let demo: string;
const entries = () => t(demo, '/search/global_search_entries');
const names = (r: { body: { data: { search_query: string }[] } }) => r.body.data.map((e) => e.search_query);

beforeAll(async () => {
  s = await startServer();
  demo = s.seed.clients.demo;
  [admin, officer] = await Promise.all([s.login('admin'), s.login('officer')]);
  const queries = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'alphabet'];
  for (const [i, q] of queries.entries()) {
    const who = i % 2 === 0 ? admin : officer;
    const r = await who.post(entries(), { global_search_entry: { search_query: q, entry_count: { users: i } } });
    expect(r.status).toBe(200);
    // Spread them over days: alpha on 2025-01-01 … alphabet on 2025-01-06 (UTC noon).
    await s.db.query(`UPDATE search_entries SET created_at = $2 WHERE id = $1`, [r.body.data.id, `2025-01-0${i + 1}T12:00:00Z`]);
  }
  const statuses = ['pending', 'completed', 'failed', 'completed'];
  for (const [i, st] of statuses.entries()) {
    await s.db.query(
      `INSERT INTO profiles_export_requests (client_id, user_id, export_template_code, execution_status, downloaded_at) VALUES ($1, $2, $3, $4, $5)`,
      [demo, officer.userId, `tpl_${i}`, st, i === 3 ? new Date().toISOString() : null],
    );
  }
});
afterAll(async () => { await s?.close(); });

describe('paging and sorting', () => {
  it('pages with page and per, newest first by default', async () => {
    const p1 = await admin.get(entries(), { query: { per: 4 } });
    expect(names(p1)).toEqual(['alphabet', 'echo', 'delta', 'charlie']);
    expect(p1.body.meta).toEqual({ page: 1, per: 4, count: 6, pages: 2 });
    const p2 = await admin.get(entries(), { query: { per: 4, page: 2 } });
    expect(names(p2)).toEqual(['bravo', 'alpha']);
    const p3 = await admin.get(entries(), { query: { per: 4, page: 3 } });
    expect(p3.body.data).toEqual([]);
    expect(p3.body.meta.count).toBe(6);
  });

  it('defaults to 20 per page', async () => {
    expect((await admin.get(entries())).body.meta).toEqual({ page: 1, per: 20, count: 6, pages: 1 });
  });

  it('sorts by whitelisted fields, ascending or descending', async () => {
    expect(names(await admin.get(entries(), { query: { sort: 'search_query' } }))).toEqual(['alpha', 'alphabet', 'bravo', 'charlie', 'delta', 'echo']);
    expect(names(await admin.get(entries(), { query: { sort: '-search_query', per: 2 } }))).toEqual(['echo', 'delta']);
    expect(names(await admin.get(entries(), { query: { sort: 'created_at', per: 1 } }))).toEqual(['alpha']);
    expect((await admin.get(entries(), { query: { sort: 'user_id; DROP TABLE users' } })).status).toBe(400);
  });
});

describe('filters', () => {
  it('matches q as text, case-insensitively and literally', async () => {
    expect(names(await admin.get(entries(), { query: { q: 'ALPHA', sort: 'search_query' } }))).toEqual(['alpha', 'alphabet']);
    expect((await admin.get(entries(), { query: { q: '%' } })).body.data).toEqual([]);
  });

  it('filters by name', async () => {
    const r = await admin.get(entries(), { query: { user_id: officer.userId!, sort: 'search_query' } });
    expect(names(r)).toEqual(['alphabet', 'bravo', 'delta']);
    expect(r.body.data[0].user).toEqual({ id: officer.userId, email: 'officer@demo.local', full_name: 'Oliver Officer' });
  });

  it('takes ranges as from_/to_ with UTC ISO dates; a date-only upper bound includes that day', async () => {
    const r = await admin.get(entries(), { query: { from_created_at: '2025-01-02', to_created_at: '2025-01-04', sort: 'created_at' } });
    expect(names(r)).toEqual(['bravo', 'charlie', 'delta']);
    const exact = await admin.get(entries(), { query: { from_created_at: '2025-01-02T12:00:00Z', to_created_at: '2025-01-03T11:59:59Z' } });
    expect(names(exact)).toEqual(['bravo']);
  });

  it('takes multi-selects as arrays, as repeated keys or with []', async () => {
    const path = t(demo, '/export_requests');
    const repeated = await officer.get(path, { query: { execution_status: ['pending', 'failed'], sort: 'created_at' } });
    expect(repeated.body.data.map((e: { export_template_code: string }) => e.export_template_code)).toEqual(['tpl_0', 'tpl_2']);
    const brackets = await officer.get(`${path}?execution_status[]=completed`);
    expect(brackets.body.meta.count).toBe(2);
    const single = await officer.get(path, { query: { execution_status: 'failed' } });
    expect(single.body.meta.count).toBe(1);
    expect((await officer.get(path, { query: { execution_status: ['done'] } })).body.errors).toEqual({ 'execution_status.0': 'must be one of pending, in_progress, completed, failed' });
  });

  it('download_at_exist=false with per=1 answers whether undownloaded exports exist (the red dot)', async () => {
    const r = await officer.get(t(demo, '/export_requests'), { query: { download_at_exist: false, per: 1 } });
    expect(r.body.data).toHaveLength(1);
    expect(r.body.meta.count).toBe(3);
    expect((await officer.get(t(demo, '/export_requests'), { query: { download_at_exist: true } })).body.meta.count).toBe(1);
    // Only the caller's own export requests.
    expect((await admin.get(t(demo, '/export_requests'))).body.meta.count).toBe(0);
  });
});

describe('saved filter templates', () => {
  it('applies the filters of tab_registry_id, under the request\'s own', async () => {
    const tpl = await admin.post(t(demo, '/tab_registries'), {
      tab_registry: { name: 'Alphas of early January', registry_type: 'global_search_entries', filters: { q: 'alpha', to_created_at: '2025-01-03', user_id: [] } },
    });
    const id = tpl.body.data.id;
    expect(names(await admin.get(entries(), { query: { tab_registry_id: id } }))).toEqual(['alpha']);
    expect(names(await admin.get(entries(), { query: { tab_registry_id: id, to_created_at: '2025-01-31', sort: 'search_query' } }))).toEqual(['alpha', 'alphabet']);
  });

  it('refuses a template of another list or another user', async () => {
    const other = await admin.post(t(demo, '/tab_registries'), { tab_registry: { name: 'Cases', registry_type: 'cases', filters: {} } });
    const r = await admin.get(entries(), { query: { tab_registry_id: other.body.data.id } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ tab_registry_id: 'is not a saved filter template of this list' });
    const officersOwn = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'Mine', registry_type: 'global_search_entries' } });
    expect((await admin.get(entries(), { query: { tab_registry_id: officersOwn.body.data.id } })).status).toBe(400);
  });
});
