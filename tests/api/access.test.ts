// The registrar's rules, in the order a request meets them: session (401), CSRF (403),
// client membership (404), permission / feature / admin (403), validation (400).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ERRORS } from '../../src/shared/errors.ts';
import { probePlugin } from './fixtures/probe-plugin.ts';
import { startServer, t, type TestClient, type TestServer } from './harness.ts';

let s: TestServer;
let admin: TestClient, officer: TestClient, analyst: TestClient;
let demo: string, northwind: string;

beforeAll(async () => {
  s = await startServer({ plugins: [probePlugin] });
  ({ demo, northwind } = s.seed.clients);
  [admin, officer, analyst] = await Promise.all([s.login('admin'), s.login('officer'), s.login('analyst')]);
});
afterAll(async () => { await s?.close(); });

const templateBody = { tab_registry: { name: 'Open cases', registry_type: 'cases', filters: { status: ['open'] } } };

describe('401: no session', () => {
  it('answers UNAUTHENTICATED without a cookie, with an unknown cookie, and after the session ends', async () => {
    const anon = s.anonymous();
    const r = await anon.get(t(demo, '/bootstrap'));
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ success: false, error_code: 'UNAUTHENTICATED', message: PLATFORM_ERRORS.UNAUTHENTICATED });
    const forged = await anon.get(t(demo, '/bootstrap'), { headers: { cookie: 'sid=forged-value' } });
    expect(forged.status).toBe(401);

    const c = await s.login('officer');
    expect((await c.get(t(demo, '/features'))).status).toBe(200);
    await s.db.query(`UPDATE identity_sessions SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [c.userId]);
    expect((await c.get(t(demo, '/features'))).status).toBe(401);
    officer = await s.login('officer');
  });

  it('a deactivated user is signed out everywhere at once', async () => {
    const u = await s.db.query<{ id: string }>(`INSERT INTO users (email, full_name) VALUES ('gone@demo.local', 'Gone') RETURNING id`);
    await s.db.query(`INSERT INTO accounts_clients (user_id, client_id, role) VALUES ($1, $2, 'member')`, [u.rows[0].id, demo]);
    const c = await s.login({ id: u.rows[0].id });
    expect((await c.get(t(demo, '/features'))).status).toBe(200);
    await s.db.query('UPDATE users SET is_active = false WHERE id = $1', [u.rows[0].id]);
    expect((await c.get(t(demo, '/features'))).status).toBe(401);
  });

  it('reads leave the idle expiry alone (the shell polls); writes extend it', async () => {
    const c = await s.login('officer');
    const left = async () => (await s.db.query<{ m: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 60 AS m FROM identity_sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, [c.userId])).rows[0].m;
    await s.db.query(`UPDATE identity_sessions SET expires_at = now() + interval '5 minutes' WHERE user_id = $1`, [c.userId]);
    expect((await c.get(t(demo, '/export_requests'), { query: { download_at_exist: false, per: 1 } })).status).toBe(200);
    expect(Number(await left())).toBeLessThan(6);
    expect((await c.post(t(demo, '/search/global_search_entries'), { global_search_entry: { search_query: 'activity' } })).status).toBe(200);
    expect(Number(await left())).toBeGreaterThan(20);
  });

  it('public routes need no session, user routes do', async () => {
    const anon = s.anonymous();
    expect((await anon.get('/health')).body).toEqual({ success: true, data: { status: 'ok', database: 'up', realtime: 'listening' } });
    expect((await anon.post('/probe/public', { ping: 'pong' })).body).toEqual({ success: true, data: { ping: 'pong' } });
    expect((await anon.get('/notifications')).status).toBe(401);
  });
});

describe('403: CSRF on writes', () => {
  it('refuses a write without the header or with a wrong one, and accepts it with the right one', async () => {
    const none = await officer.post(t(demo, '/tab_registries'), templateBody, { csrf: false });
    expect(none.status).toBe(403);
    expect(none.body.error_code).toBe('CSRF_FAILED');
    const wrong = await officer.post(t(demo, '/tab_registries'), templateBody, { csrf: false, headers: { 'x-csrf-token': 'guess' } });
    expect(wrong.status).toBe(403);
    const { rows } = await s.db.query(`SELECT 1 FROM tab_registries WHERE name = 'Open cases'`);
    expect(rows).toHaveLength(0);
    const ok = await officer.post(t(demo, '/tab_registries'), templateBody);
    expect(ok.status).toBe(200);
    // Reads need no CSRF header.
    expect((await officer.get(t(demo, '/tab_registries'), { query: { registry_type: 'cases' } })).body.data).toHaveLength(1);
  });
});

describe('404: unknown client or not a member', () => {
  it('answers the same for an unknown client, a malformed id and a client the user is not a member of', async () => {
    for (const path of [t(randomUUID(), '/bootstrap'), t('not-a-uuid', '/bootstrap'), t(northwind, '/bootstrap')]) {
      const r = await officer.get(path);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ success: false, error_code: 'NOT_FOUND', message: PLATFORM_ERRORS.NOT_FOUND });
    }
    expect((await admin.get(t(northwind, '/bootstrap'))).status).toBe(200);
  });

  it('an inactive membership is no membership', async () => {
    await s.db.query('UPDATE accounts_clients SET is_active = false WHERE user_id = $1', [analyst.userId]);
    expect((await analyst.get(t(demo, '/bootstrap'))).status).toBe(404);
    await s.db.query('UPDATE accounts_clients SET is_active = true WHERE user_id = $1', [analyst.userId]);
    expect((await analyst.get(t(demo, '/bootstrap'))).status).toBe(200);
  });

  it('unknown API paths answer JSON 404', async () => {
    const r = await officer.get('/api/v1/no/such/thing');
    expect(r.status).toBe(404);
    expect(r.body.error_code).toBe('NOT_FOUND');
  });
});

describe('403: permissions, features, administrators', () => {
  it('checks the permission of the route', async () => {
    const r = await analyst.get(t(demo, '/balance'));
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ success: false, error_code: 'FORBIDDEN', message: PLATFORM_ERRORS.FORBIDDEN });
    expect((await officer.get(t(demo, '/balance'))).body.data).toEqual({ balance: '1250.00' });
    expect((await analyst.get(t(demo, '/data_retention'))).status).toBe(403);
  });

  it('a strong group needs every code', async () => {
    expect((await analyst.get(t(demo, '/probe/strong'))).status).toBe(200);
    await s.db.query(`UPDATE permission_groups SET codes = '{SEE_PROFILES_LIST}' WHERE client_id = $1 AND name = 'Analysts'`, [demo]);
    expect((await analyst.get(t(demo, '/probe/strong'))).status).toBe(403);
    await s.db.query(`UPDATE permission_groups SET codes = '{SEE_PROFILES_LIST,SEE_CM_CASES_LIST}' WHERE client_id = $1 AND name = 'Analysts'`, [demo]);
  });

  it('checks the client has the feature', async () => {
    expect((await admin.get(t(demo, '/probe/tm'))).status).toBe(200);
    const r = await admin.get(t(northwind, '/probe/tm'));
    expect(r.status).toBe(403);
    expect(r.body.error_code).toBe('FEATURE_UNAVAILABLE');
  });

  it('admin routes need the administrator flag', async () => {
    expect((await officer.get('/api/v1/admin/probe/admin')).status).toBe(403);
    expect((await admin.get('/api/v1/admin/probe/admin')).body).toEqual({ success: true, data: { ok: true } });
  });

  it('a denied write changes nothing', async () => {
    const item = await officer.post(t(demo, '/probe/items'), { probe_item: { name: 'keep me' } });
    expect(item.status).toBe(200);
    const del = await analyst.delete(t(demo, `/probe/items/${item.body.data.id}`));
    expect(del.status).toBe(403);
    expect((await officer.get(t(demo, `/probe/items/${item.body.data.id}`))).status).toBe(200);
  });

  it('handlers run as the restricted role', async () => {
    expect((await officer.get(t(demo, '/probe/whoami'))).body.data).toEqual({ role: 'app_tenant' });
  });
});

describe('400: validation with a message per field', () => {
  it('reports every bad field of a body, keyed inside the resource', async () => {
    const r = await officer.post(t(demo, '/tab_registries'), { tab_registry: { registry_type: 'bad type!', favorite: 'yes', extra: 1 } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      success: false,
      error_code: 'VALIDATION_FAILED',
      message: PLATFORM_ERRORS.VALIDATION_FAILED,
      errors: {
        name: 'is a required field',
        registry_type: 'may hold only letters, digits and _ . : / -',
        favorite: 'must be true or false',
        extra: 'is not allowed',
      },
    });
  });

  it('reports a missing resource key, blank text and numbers out of range', async () => {
    expect((await officer.post(t(demo, '/tab_registries'), {})).body.errors).toEqual({ tab_registry: 'is a required field' });
    expect((await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: '   ', registry_type: 'x' } })).body.errors)
      .toEqual({ name: 'is a required field' });
    expect((await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'n'.repeat(101), registry_type: 'x' } })).body.errors)
      .toEqual({ name: 'must be at most 100 characters' });
    const r = await officer.post(t(demo, '/data_retention'), { data_retention_config: { data_retention_approve: true, data_storage_period_days: 0 } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ data_storage_period_days: 'must be at least 1' });
  });

  it('validates query parameters by name', async () => {
    const r = await officer.get(t(demo, '/export_requests'), { query: { per: 500, page: 0, sort: 'secret_column', download_at_exist: 'maybe', from_created_at: 'yesterday' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({
      per: 'must be at most 100',
      page: 'must be at least 1',
      sort: 'must be one of created_at, -created_at',
      download_at_exist: 'must be true or false',
      from_created_at: 'must be a date (ISO 8601)',
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const r = await officer.request('POST', t(demo, '/tab_registries'), '{"tab_registry": ', {});
    expect(r.status).toBe(400);
    expect(r.body.error_code).toBe('VALIDATION_FAILED');
  });

  it('validation comes after authorisation: a stranger learns nothing about the body', async () => {
    expect((await officer.post(t(northwind, '/tab_registries'), {})).status).toBe(404);
    expect((await analyst.post(t(demo, '/data_retention'), {})).status).toBe(403);
  });
});

describe('errors and HTTP basics', () => {
  it('hides internal errors behind INTERNAL and keeps the request id', async () => {
    const r = await officer.get('/probe/boom', { headers: { 'x-request-id': 'test-request-0001' } });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ success: false, error_code: 'INTERNAL', message: PLATFORM_ERRORS.INTERNAL });
    expect(r.text).not.toContain('secret internal detail');
    expect(r.headers.get('x-request-id')).toBe('test-request-0001');
  });

  it('sets security headers with a fresh CSP nonce on every response', async () => {
    const a = await officer.get(t(demo, '/features'));
    const b = await officer.get(t(demo, '/features'));
    const csp = a.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toBe(b.headers.get('content-security-policy'));
    expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
