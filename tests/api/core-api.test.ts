// The core endpoints the shell calls (docs/api.md): bootstrap, permission groups,
// features, balance, data retention, global search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_CODES, PERMISSION_CODES, startServer, t, type TestClient, type TestServer } from './harness.ts';

let s: TestServer;
let admin: TestClient, officer: TestClient, analyst: TestClient;
let demo: string, northwind: string;

beforeAll(async () => {
  s = await startServer();
  ({ demo, northwind } = s.seed.clients);
  [admin, officer, analyst] = await Promise.all([s.login('admin'), s.login('officer'), s.login('analyst')]);
});
afterAll(async () => { await s?.close(); });

describe('the shell of a client', () => {
  it('bootstrap carries the client, membership, permissions and features in one call', async () => {
    const r = await analyst.get(t(demo, '/bootstrap'));
    expect(r.body.data).toEqual({
      client: { id: demo, name: 'Demo Payments Ltd', full_name: 'Demo Payments Limited', email: 'compliance@demo-payments.example', phone: '+44 20 7946 0000' },
      user: { id: analyst.userId, email: 'analyst@demo.local', full_name: 'Ana Analyst' },
      membership: { id: expect.any(String), role: 'analyst' },
      role: 'analyst',
      is_admin: false,
      permissions: ['SEE_CM_CASES_LIST', 'SEE_PROFILES_LIST'],
      features: FEATURE_CODES.map((code) => ({ code, available: true })),
    });
    const a = (await admin.get(t(northwind, '/bootstrap'))).body.data;
    expect(a.role).toBe('owner');
    expect(a.is_admin).toBe(true);
    expect(a.permissions).toEqual([...PERMISSION_CODES, 'ADMIN'].sort());
  });

  it('lists the permission groups of the member with their keys', async () => {
    const r = await officer.get(t(demo, '/permission_groups'));
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ name: 'Compliance officers', key: 'compliance_officers' });
    expect(r.body.data[0].permissions).toContainEqual({ code: 'MANAGE_DATA_RETENTION' });
    expect(r.body.data[0].permissions).not.toContainEqual({ code: 'MANAGE_CLIENT_SUBSCRIPTIONS' });
    expect((await analyst.get(t(demo, '/permission_groups'))).body.data).toEqual([{
      id: expect.any(String), name: 'Analysts', key: 'analysts', permissions: [{ code: 'SEE_CM_CASES_LIST' }, { code: 'SEE_PROFILES_LIST' }],
    }]);
  });

  it('lists every feature with its availability for the client', async () => {
    const r = await admin.get(t(northwind, '/features'));
    expect(r.body.data).toHaveLength(FEATURE_CODES.length);
    const off = r.body.data.filter((f: { available: boolean }) => !f.available).map((f: { code: string }) => f.code).sort();
    expect(off).toEqual(['AI_SERVICES', 'DATA_SHARING', 'TRANSACTION_MONITORING', 'WHITE_LABEL']);
  });

  it('answers the balance as a numeric string', async () => {
    expect((await admin.get(t(demo, '/balance'))).body.data).toEqual({ balance: '1250.00' });
    expect((await admin.get(t(northwind, '/balance'))).body.data).toEqual({ balance: '0.00' });
  });
});

describe('data retention (client settings)', () => {
  it('is null until set; a save becomes the one in force', async () => {
    expect((await officer.get(t(demo, '/data_retention'))).body).toEqual({ success: true, data: null });
    const first = await officer.post(t(demo, '/data_retention'), { data_retention_config: { data_retention_approve: true, data_storage_period_days: 365 } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ data_retention_approve: true, data_storage_period_days: 365, created_by: officer.userId });
    // "Indefinite" is null, and may be left out.
    const second = await officer.post(t(demo, '/data_retention'), { data_retention_config: { data_retention_approve: true } });
    expect(second.body.data.data_storage_period_days).toBeNull();
    expect((await officer.get(t(demo, '/data_retention'))).body.data.id).toBe(second.body.data.id);
    expect((await analyst.get(t(demo, '/data_retention'))).status).toBe(403);
    // Another client's setting is its own.
    expect((await admin.get(t(northwind, '/data_retention'))).body.data).toBeNull();
    const { rows } = await s.db.query(`SELECT before, after FROM audit_log WHERE object_type = 'data_retention_configs' ORDER BY at DESC LIMIT 1`);
    expect(rows[0].before).toMatchObject({ data_storage_period_days: 365 });
    expect(rows[0].after).toMatchObject({ data_storage_period_days: null });
  });
});

describe('global search', () => {
  it("counts through each area's own list (q, per=1), open only to members that list is open to", async () => {
    const counters = s.app.catalog.searchCounters;
    expect(counters.map((c) => c.key)).toEqual(expect.arrayContaining(['users', 'search_entries']));
    for (const c of counters) {
      const r = await officer.get(t(demo, `/${c.endpoint}`), { query: { q: 'zz-nothing-matches-this', per: 1 } });
      expect({ key: c.key, status: r.status, count: r.body.meta?.count }).toEqual({ key: c.key, status: 200, count: 0 });
      expect((await analyst.get(t(demo, `/${c.endpoint}`), { query: { q: 'x', per: 1 } })).status, c.key).toBe(403);
    }
    const users = counters.find((c) => c.key === 'users')!;
    expect((await officer.get(t(demo, `/${users.endpoint}`), { query: { q: 'demo.local', per: 1 } })).body.meta.count).toBe(3);
    // Members of Northwind only.
    expect((await admin.get(t(northwind, `/${users.endpoint}`), { query: { q: 'officer', per: 1 } })).body.meta.count).toBe(0);
  });

  it('saves search entries and lists the history', async () => {
    const e = await officer.post(t(demo, '/search/global_search_entries'), {
      global_search_entry: { search_query: 'Jane Doe', entry_count: { users: 2, search_entries: 3 } },
    });
    expect(e.body).toEqual({ success: true, data: { id: expect.any(String) } });
    const h = await officer.get(t(demo, '/search/global_search_entries'));
    expect(h.body.data).toEqual([expect.objectContaining({ id: e.body.data.id, search_query: 'Jane Doe', entry_count: { users: 2, search_entries: 3 } })]);
    // The results page reads one search back.
    expect((await officer.get(t(demo, `/search/global_search_entries/${e.body.data.id}`))).body.data.search_query).toBe('Jane Doe');
    // Counts only under the keys some installed area counts.
    const odd = await officer.post(t(demo, '/search/global_search_entries'), { global_search_entry: { search_query: 'x', entry_count: { users: 1, secrets: 9 } } });
    expect(odd.status).toBe(400);
    expect(Object.keys(odd.body.errors)).toEqual(['entry_count']);
    expect((await analyst.get(t(demo, '/search/global_search_entries'))).status).toBe(403);
    expect((await officer.post(t(demo, '/search/global_search_entries'), { global_search_entry: { search_query: '' } })).body.errors)
      .toEqual({ search_query: 'is a required field' });
  });

  it('is unavailable without the global-search feature', async () => {
    await s.db.query(`UPDATE client_features SET available = false WHERE client_id = $1 AND code = 'GLOBAL_SEARCH'`, [demo]);
    try {
      const r = await officer.post(t(demo, '/search/global_search_entries'), { global_search_entry: { search_query: 'x' } });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ success: false, error_code: 'FEATURE_UNAVAILABLE', message: 'Feature is not available. Check your subscription and limits' });
    } finally {
      await s.db.query(`UPDATE client_features SET available = true WHERE client_id = $1 AND code = 'GLOBAL_SEARCH'`, [demo]);
    }
  });
});
