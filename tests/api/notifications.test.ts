// The notification centre: the list across clients with the filters of spec 3, mark one
// read, mark all read, pin; and a notification created by a write reaches the realtime
// channel only once the write commits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CHANNEL } from '../../src/server/realtime/index.ts';
import { probePlugin } from './fixtures/probe-plugin.ts';
import { startServer, t, type TestClient, type TestServer } from './harness.ts';

let s: TestServer;
let officer: TestClient, admin: TestClient;
let demo: string, northwind: string;

interface N { id: string; client_id: string; client: { id: string; name: string }; notification_type: string; is_readed: boolean; pinned: boolean; payload: any; created_at: string }

beforeAll(async () => {
  s = await startServer({ plugins: [probePlugin] });
  ({ demo, northwind } = s.seed.clients);
  [officer, admin] = await Promise.all([s.login('officer'), s.login('admin')]);
});
afterAll(async () => { await s?.close(); });

const list = async (c: TestClient, query: Record<string, any> = {}) => (await c.get('/notifications', { query })).body as { data: N[]; meta: any };

describe('notification list', () => {
  it("lists the user's notifications across clients, newest first, with the client and meta of spec 3", async () => {
    const all = await list(admin);
    expect(all.data.map((n) => n.client.name).sort()).toEqual(['Demo Payments Ltd', 'Northwind Crypto']);
    expect(all.meta).toEqual({ page: 1, per: 20, count: 2, pages: 1, items: 20 });
    const o = await list(officer);
    expect(o.data).toHaveLength(3);
    expect(o.data.map((n) => n.notification_type)).toEqual(['assignments', 'case_status_changes', 'checkup']);
    expect(o.data[0]).toMatchObject({ client_id: demo, is_readed: false, pinned: false, payload: { data: { title: 'A case was assigned to you' } } });
  });

  it('filters by client, unread (is_readed_modal=false), type, dates and text', async () => {
    expect((await list(admin, { client_id: northwind })).data.map((n) => n.client_id)).toEqual([northwind]);
    expect((await list(officer, { is_readed_modal: false })).data.map((n) => n.notification_type)).toEqual(['assignments', 'case_status_changes']);
    expect((await list(officer, { is_readed_modal: true })).data.map((n) => n.notification_type)).toEqual(['checkup']);
    expect((await list(officer, { notification_type: ['checkup', 'assignments'] })).meta.count).toBe(2);
    const since = new Date(Date.now() - 3 * 60 * 60_000).toISOString(); // seeded 5 min, 90 min and 10 h ago
    expect((await list(officer, { created_after: since })).data.map((n) => n.notification_type)).toEqual(['assignments', 'case_status_changes']);
    expect((await list(officer, { created_before: since })).data.map((n) => n.notification_type)).toEqual(['checkup']);
    expect((await list(officer, { q: 'SCREENING' })).data.map((n) => n.notification_type)).toEqual(['checkup']);
    expect((await list(officer, { q: '' })).meta.count).toBe(3);
    expect((await list(officer, { per: 2, page: 2 })).data).toHaveLength(1);
    expect((await list(officer, { per: 2 })).meta).toEqual({ page: 1, per: 2, count: 3, pages: 2, items: 2 });
  });

  it('hides the notifications of a client the user no longer belongs to', async () => {
    await s.db.query('UPDATE accounts_clients SET is_active = false WHERE user_id = $1 AND client_id = $2', [admin.userId, northwind]);
    expect((await list(admin)).data.map((n) => n.client_id)).toEqual([demo]);
    await s.db.query('UPDATE accounts_clients SET is_active = true WHERE user_id = $1 AND client_id = $2', [admin.userId, northwind]);
  });
});

describe('reading and pinning', () => {
  it('marks one read', async () => {
    const [first] = (await list(officer, { is_readed_modal: false })).data;
    const r = await officer.post(`/notifications/${first.id}/read`);
    expect(r.body).toEqual({ success: true, data: { id: first.id, is_readed: true } });
    expect((await list(officer, { is_readed_modal: false })).data.map((n) => n.id)).not.toContain(first.id);
    expect((await officer.post('/notifications/not-an-id/read')).status).toBe(404);
  });

  it('pins and unpins; pinned ones come first', async () => {
    const o = await list(officer);
    const last = o.data[o.data.length - 1];
    const pin = await officer.post(`/notifications/${last.id}/pin`, { notification: { pinned: true } });
    expect(pin.body).toEqual({ success: true, data: { id: last.id, pinned: true } });
    const pinnedFirst = await list(officer);
    expect(pinnedFirst.data[0]).toMatchObject({ id: last.id, pinned: true });
    expect((await list(officer, { pinned: true })).data.map((n) => n.id)).toEqual([last.id]);
    await officer.post(`/notifications/${last.id}/pin`, { notification: { pinned: false } });
    expect((await list(officer)).data[0].id).not.toBe(last.id);
    expect((await officer.post(`/notifications/${last.id}/pin`, { notification: {} })).body.errors).toEqual({ pinned: 'is a required field' });
  });

  it('marks all read, for one client or all of them', async () => {
    await s.db.query(`INSERT INTO notifications (user_id, client_id, notification_type) VALUES ($1, $2, 'system'), ($1, $3, 'system')`, [admin.userId, demo, northwind]);
    const one = await admin.post('/notifications/read_all', { notification: { client_id: northwind } });
    expect(one.body).toEqual({ success: true, data: { updated: 2 } });
    expect((await list(admin, { is_readed_modal: false })).data.map((n) => n.client_id)).toEqual([demo, demo]);
    const rest = await admin.post('/notifications/read_all');
    expect(rest.body.data).toEqual({ updated: 2 });
    expect((await list(admin, { is_readed_modal: false })).meta.count).toBe(0);
    // Only the caller's own are touched.
    expect((await list(officer, { is_readed_modal: false })).meta.count).toBe(1);
  });
});

describe('notifications from writes', () => {
  it('reach the realtime channel on commit, and never for a write that failed', async () => {
    const messages: any[] = [];
    const stop = await s.db.listen(REALTIME_CHANNEL, (p) => messages.push(JSON.parse(p)));
    try {
      await officer.post(t(demo, '/probe/items'), { probe_item: { name: 'rolled back', fail_after_insert: true } });
      const ok = await officer.post(t(demo, '/probe/items'), { probe_item: { name: 'kept' } });
      const itemId = ok.body.data.id;
      for (let i = 0; i < 100 && !messages.some((m) => m.message.obj_id === itemId); i++) await new Promise((r) => setTimeout(r, 20));
      expect(messages).toEqual([{
        user_id: officer.userId,
        client_id: demo,
        message: expect.objectContaining({ client_id: demo, notification_type: 'probe_created', obj_id: itemId, obj_type: 'ProbeItem' }),
      }]);
      const fresh = (await list(officer, { is_readed_modal: false })).data[0];
      expect(fresh).toMatchObject({ id: messages[0].message.id, obj_id: itemId, payload: { data: { title: 'created kept' } } });
    } finally {
      await stop();
    }
  });
});
