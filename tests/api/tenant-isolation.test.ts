// Tenancy: every tenant route — the core's and every plugin's, found through the route
// table, so routes added later are covered without editing this file — refuses a member
// of another client with 404; and a record of another client answers 404 even to a user
// who belongs to both, when asked through the wrong client's URL.
import { randomUUID } from 'node:crypto';
import serverPlugins from 'virtual:server-plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probePlugin } from './fixtures/probe-plugin.ts';
import { startServer, t, type TestClient, type TestServer } from './harness.ts';

let s: TestServer;
let admin: TestClient, officer: TestClient;
let demo: string, northwind: string;

beforeAll(async () => {
  s = await startServer({ plugins: [...serverPlugins, probePlugin] });
  ({ demo, northwind } = s.seed.clients);
  [admin, officer] = await Promise.all([s.login('admin'), s.login('officer')]);
});
afterAll(async () => { await s?.close(); });

describe('every tenant route', () => {
  it('answers 404 to a member of another client, whatever the method, parameters or body', async () => {
    const routes = s.app.routes.routes.filter((r) => r.scope === 'tenant');
    expect(routes.length).toBeGreaterThan(10);
    const owners = new Set(routes.map((r) => r.owner));
    expect(owners).toContain('core');
    expect(owners).toContain('probe');
    // Every discovered plugin's routes went through the same table this loop reads.
    const registered = new Set(s.app.routes.routes.map((r) => r.owner));
    for (const serverPlugin of serverPlugins) {
      if (serverPlugin.api) expect(registered).toContain(serverPlugin.area.name);
    }
    const seen: string[] = [];
    for (const route of routes) {
      // officer belongs to Demo Payments only.
      const url = route.url.replace(':client_id', northwind).replace(/:[A-Za-z_]+/g, () => randomUUID());
      const r = await officer.request(route.method, url, route.method === 'GET' ? undefined : {});
      expect({ route: `${route.method} ${route.url}`, status: r.status, code: r.body?.error_code })
        .toEqual({ route: `${route.method} ${route.url}`, status: 404, code: 'NOT_FOUND' });
      seen.push(`${route.method} ${route.url}`);
    }
    expect(seen).toContain('GET /api/v1/clients/:client_id/bootstrap');
  });

  it('the same routes serve their own members (the 404 above is about membership, not the route)', async () => {
    expect((await officer.get(t(demo, '/bootstrap'))).status).toBe(200);
    expect((await admin.get(t(northwind, '/bootstrap'))).status).toBe(200);
  });
});

describe("another client's record", () => {
  it('answers 404 through the other client, even to a member of both', async () => {
    const item = await admin.post(t(northwind, '/probe/items'), { probe_item: { name: 'northwind secret' } });
    expect(item.status).toBe(200);
    const id = item.body.data.id;
    expect((await admin.get(t(northwind, `/probe/items/${id}`))).body.data.name).toBe('northwind secret');
    for (const who of [admin, officer]) {
      const r = await who.get(t(demo, `/probe/items/${id}`));
      expect(r.status).toBe(404);
      expect(r.text).not.toContain('northwind secret');
    }
    // A list that forgets to filter still shows only the URL's client.
    const list = await admin.get(t(demo, '/probe/items'));
    expect(list.body.data.every((i: { client_id: string }) => i.client_id === demo)).toBe(true);
    expect((await admin.delete(t(demo, `/probe/items/${id}`))).status).toBe(404);
    expect((await admin.get(t(northwind, `/probe/items/${id}`))).status).toBe(200);
  });

  it('a saved filter template of one client cannot be changed or deleted through another', async () => {
    const created = await admin.post(t(northwind, '/tab_registries'), { tab_registry: { name: 'NW only', registry_type: 'cases' } });
    const id = created.body.data.id;
    const put = await admin.put(t(demo, `/tab_registries/${id}`), { tab_registry: { name: 'hijacked' } });
    expect(put.status).toBe(404);
    expect((await admin.delete(t(demo, `/tab_registries/${id}`))).status).toBe(404);
    const { rows } = await s.db.query('SELECT name FROM tab_registries WHERE id = $1', [id]);
    expect(rows).toEqual([{ name: 'NW only' }]);
  });

  it("a user cannot read, pin or mark another user's notification", async () => {
    const { rows } = await s.db.query<{ id: string }>('SELECT id FROM notifications WHERE user_id = $1 LIMIT 1', [admin.userId]);
    const id = rows[0].id;
    expect((await officer.post(`/notifications/${id}/read`)).status).toBe(404);
    expect((await officer.post(`/notifications/${id}/pin`, { notification: { pinned: true } })).status).toBe(404);
    const after = await s.db.query('SELECT is_read, pinned FROM notifications WHERE id = $1', [id]);
    expect(after.rows[0]).toEqual({ is_read: false, pinned: false });
    const list = await officer.get('/notifications', { query: { per: 100 } });
    expect(list.body.data.map((n: { id: string }) => n.id)).not.toContain(id);
  });
});
