// Every write through the registrar leaves one audit row (who, client, what, before,
// after, request id); a failed write leaves nothing — not its rows, its audit entry, its
// notification, its mail or its job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probePlugin } from './fixtures/probe-plugin.ts';
import { startServer, t, type TestClient, type TestServer } from './harness.ts';

let s: TestServer;
let officer: TestClient;
let demo: string;

beforeAll(async () => {
  s = await startServer({ plugins: [probePlugin] });
  demo = s.seed.clients.demo;
  officer = await s.login('officer');
});
afterAll(async () => { await s?.close(); });

async function auditFor(requestId: string) {
  const { rows } = await s.db.query(
    'SELECT user_id, client_id, action, object_type, object_id, before, after, request_id FROM audit_log WHERE request_id = $1',
    [requestId],
  );
  return rows;
}

describe('audit log', () => {
  it('records a create, an update and a delete with before and after', async () => {
    const created = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'Mine', registry_type: 'cases', filters: { q: 'x' } } },
      { headers: { 'x-request-id': 'audit-create-0001' } });
    const id = created.body.data.id;
    expect(await auditFor('audit-create-0001')).toEqual([{
      user_id: officer.userId, client_id: demo, action: 'create', object_type: 'tab_registries', object_id: id,
      before: null, after: expect.objectContaining({ id, name: 'Mine', favorite: false, filters: { q: 'x' } }), request_id: 'audit-create-0001',
    }]);

    await officer.put(t(demo, `/tab_registries/${id}`), { tab_registry: { name: 'Renamed', favorite: true } }, { headers: { 'x-request-id': 'audit-update-0001' } });
    const [upd] = await auditFor('audit-update-0001');
    expect(upd).toMatchObject({ action: 'update', object_id: id, before: { name: 'Mine', favorite: false }, after: { name: 'Renamed', favorite: true } });

    await officer.delete(t(demo, `/tab_registries/${id}`), undefined, { headers: { 'x-request-id': 'audit-delete-0001' } });
    const [del] = await auditFor('audit-delete-0001');
    expect(del).toMatchObject({ action: 'delete', object_id: id, before: { name: 'Renamed' }, after: null });
  });

  it('writes a row by itself for a handler that does not audit', async () => {
    const r = await officer.post(t(demo, '/probe/items'), { probe_item: { name: 'auto' } }, { headers: { 'x-request-id': 'audit-auto-00001' } });
    expect(r.status).toBe(200);
    expect(await auditFor('audit-auto-00001')).toEqual([{
      user_id: officer.userId, client_id: demo, action: 'create', object_type: 'items', object_id: r.body.data.id,
      before: null, after: { id: r.body.data.id, name: 'auto' }, request_id: 'audit-auto-00001',
    }]);
  });

  it("an admin action on a client lands in that client's trail, once", async () => {
    const admin = await s.login('admin');
    const r = await admin.post(`/api/v1/admin/probe/clients/${demo}/flag`, undefined, { headers: { 'x-request-id': 'audit-admin-0001' } });
    expect(r.status).toBe(200);
    expect(await auditFor('audit-admin-0001')).toEqual([expect.objectContaining({ client_id: demo, action: 'flag', object_type: 'clients', after: { flagged: true } })]);
    const trail = await admin.get(t(demo, '/audit_log'), { query: { request_id: 'audit-admin-0001' } });
    expect(trail.body.meta.count).toBe(1);
  });

  it('never stores secrets, even when a handler returns them', async () => {
    const r = await s.anonymous().post('/probe/public', { ping: 'x', password: 'hunter2' } as never, { headers: { 'x-request-id': 'audit-secret-001' } });
    expect(r.status).toBe(400); // unknown field refused before anything is written
    const { writeAudit } = await import('../../src/server/audit.ts');
    await writeAudit(s.db, { userId: null, clientId: null, action: 'create', objectType: 'probe', requestId: 'audit-secret-002',
      after: { email: 'a@b.c', password_hash: 'scrypt$…', nested: [{ api_key: 'k', ok: 1 }], session_token: 't' } });
    const [row] = await auditFor('audit-secret-002');
    expect(row.after).toEqual({ email: 'a@b.c', password_hash: '[redacted]', nested: [{ api_key: '[redacted]', ok: 1 }], session_token: '[redacted]' });
  });

  it('records user-scope writes and leaves reads out', async () => {
    const { rows } = await s.db.query<{ id: string }>('SELECT id FROM notifications WHERE user_id = $1 AND NOT is_read LIMIT 1', [officer.userId]);
    await officer.post(`/notifications/${rows[0].id}/read`, undefined, { headers: { 'x-request-id': 'audit-read-00001' } });
    expect(await auditFor('audit-read-00001')).toEqual([expect.objectContaining({
      user_id: officer.userId, action: 'read', object_type: 'notifications', object_id: rows[0].id,
      before: { is_readed: false }, after: { is_readed: true, client_id: demo },
    })]);
    await officer.get(t(demo, '/bootstrap'), { headers: { 'x-request-id': 'audit-get-000001' } });
    expect(await auditFor('audit-get-000001')).toEqual([]);
  });

  it('the client can read its trail, filtered by object', async () => {
    const r = await officer.get(t(demo, '/audit_log'), { query: { object_type: 'tab_registries', per: 10 } });
    expect(r.status).toBe(200);
    expect(r.body.data.map((a: { action: string }) => a.action)).toEqual(['delete', 'update', 'create']);
    expect(r.body.data[0].user).toEqual({ id: officer.userId, email: 'officer@demo.local', full_name: 'Oliver Officer' });
    const admin = await s.login('admin');
    const nw = await admin.get(t(s.seed.clients.northwind, '/audit_log'));
    expect(nw.body.data.some((a: { object_type: string }) => a.object_type === 'tab_registries')).toBe(false);
  });
});

describe('a failed write', () => {
  it('leaves nothing behind: no row, no audit, no notification, no mail, no job', async () => {
    const count = async () => (await s.db.query<Record<string, number>>(`SELECT
      (SELECT count(*)::int FROM probe_items WHERE name = 'doomed') AS items,
      (SELECT count(*)::int FROM audit_log WHERE request_id = 'failed-write-001') AS audit,
      (SELECT count(*)::int FROM notifications WHERE obj_type = 'ProbeItem' AND payload->'data'->>'title' = 'created doomed') AS notifications,
      (SELECT count(*)::int FROM outbox WHERE subject = 'Item doomed') AS mail,
      (SELECT count(*)::int FROM jobs WHERE payload->>'name' = 'doomed'
          OR payload->>'outbox_id' IN (SELECT id::text FROM outbox WHERE subject = 'Item doomed')) AS jobs`)).rows[0];
    const r = await officer.post(t(demo, '/probe/items'), { probe_item: { name: 'doomed', fail_after_insert: true } },
      { headers: { 'x-request-id': 'failed-write-001' } });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ success: false, error_code: 'CONFLICT', message: 'refused after the insert' });
    expect(await count()).toEqual({ items: 0, audit: 0, notifications: 0, mail: 0, jobs: 0 });

    // The same write without the failure keeps all five.
    const ok = await officer.post(t(demo, '/probe/items'), { probe_item: { name: 'doomed' } }, { headers: { 'x-request-id': 'failed-write-001' } });
    expect(ok.status).toBe(200);
    expect(await count()).toEqual({ items: 1, audit: 1, notifications: 1, mail: 1, jobs: 2 });
  });

  it('a limit refused halfway leaves the earlier state intact', async () => {
    const favs = [];
    for (let i = 0; i < 5; i++) {
      favs.push((await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: `fav ${i}`, registry_type: 'alerts', favorite: true } })).status);
    }
    expect(favs).toEqual([200, 200, 200, 200, 200]);
    const sixth = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'fav 5', registry_type: 'alerts', favorite: true } });
    expect(sixth.status).toBe(409);
    const { rows } = await s.db.query(`SELECT count(*)::int AS n FROM tab_registries WHERE registry_type = 'alerts'`);
    expect(rows[0].n).toBe(5);
  });
});
