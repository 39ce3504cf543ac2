// Saved filter templates: list by registry, create, update, delete, and the limits of
// spec 5/9 held by the server (50 per registry, 5 favorites) even under parallel saves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAVORITE_TEMPLATES, MAX_TEMPLATES_PER_REGISTRY } from '../../src/shared/schemas/tab-registries.ts';
import { startServer, t, type TestClient, type TestServer } from './harness.ts';

let s: TestServer;
let officer: TestClient, admin: TestClient;
let demo: string;
const path = (p = '') => t(demo, `/tab_registries${p}`);
const body = (name: string, registry_type: string, extra: Record<string, unknown> = {}) => ({ tab_registry: { name, registry_type, ...extra } });

beforeAll(async () => {
  s = await startServer();
  demo = s.seed.clients.demo;
  [officer, admin] = await Promise.all([s.login('officer'), s.login('admin')]);
});
afterAll(async () => { await s?.close(); });

describe('filter templates', () => {
  it('creates, lists by registry, updates and deletes', async () => {
    const a = await officer.post(path(), body('High risk', 'profiles', { meta: { risk: ['high'] }, filters: { risk: ['high'] } }));
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ name: 'High risk', registry_type: 'profiles', favorite: false, meta: { risk: ['high'] }, filters: { risk: ['high'] } });
    await officer.post(path(), body('Other list', 'cases'));

    const list = await officer.get(path(), { query: { registry_type: 'profiles', per: 50 } });
    expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(['High risk']);
    expect(list.body.meta).toEqual({ page: 1, per: 50, count: 1, pages: 1 });

    const id = a.body.data.id;
    const upd = await officer.put(path(`/${id}`), { tab_registry: { name: 'Highest risk', favorite: true, meta: null, filters: { risk: ['high', 'very_high'] } } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ id, name: 'Highest risk', favorite: true, meta: null, filters: { risk: ['high', 'very_high'] } });
    // Fields left out stay as they are.
    const partial = await officer.put(path(`/${id}`), { tab_registry: { favorite: false } });
    expect(partial.body.data).toMatchObject({ name: 'Highest risk', favorite: false, filters: { risk: ['high', 'very_high'] } });
    expect((await officer.put(path(`/${id}`), { tab_registry: { registry_type: 'cases' } })).body.errors).toEqual({ registry_type: 'cannot be changed' });

    expect((await officer.delete(path(`/${id}`))).body).toEqual({ success: true, data: { id } });
    expect((await officer.delete(path(`/${id}`))).status).toBe(404);
    expect((await officer.get(path(), { query: { registry_type: 'profiles' } })).body.data).toEqual([]);
  });

  it("are each user's own", async () => {
    await officer.post(path(), body('Officer view', 'transactions'));
    const adminList = await admin.get(path(), { query: { registry_type: 'transactions' } });
    expect(adminList.body.data).toEqual([]);
    const mine = await officer.get(path(), { query: { registry_type: 'transactions' } });
    expect((await admin.put(path(`/${mine.body.data[0].id}`), body('x', 'transactions'))).status).toBe(404);
  });

  it('refuses a duplicate name in the same registry', async () => {
    await officer.post(path(), body('Same', 'dup'));
    const again = await officer.post(path(), body('same', 'dup'));
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ name: 'A filter template with this name already exists for this list' });
    expect((await officer.post(path(), body('Same', 'dup-other'))).status).toBe(200);
  });

  it(`stops at ${MAX_TEMPLATES_PER_REGISTRY} per registry with a clear message`, async () => {
    for (let i = 0; i < MAX_TEMPLATES_PER_REGISTRY; i++) {
      const r = await officer.post(path(), body(`T${i}`, 'limit'));
      expect(r.status).toBe(200);
    }
    const over = await officer.post(path(), body('one too many', 'limit'));
    expect(over.status).toBe(409);
    expect(over.body).toEqual({
      success: false,
      error_code: 'CONFLICT',
      message: 'You can save up to 50 filter templates for this list. Delete one to save another',
      errors: { registry_type: 'You can save up to 50 filter templates for this list. Delete one to save another' },
    });
    // Other registries and other users are not affected.
    expect((await officer.post(path(), body('elsewhere', 'limit-2'))).status).toBe(200);
    expect((await admin.post(path(), body('admin one', 'limit'))).status).toBe(200);
    const list = await officer.get(path(), { query: { registry_type: 'limit', per: 100 } });
    expect(list.body.meta.count).toBe(50);
  });

  it('holds the limit when saves arrive at the same time', async () => {
    for (let i = 0; i < MAX_TEMPLATES_PER_REGISTRY - 2; i++) await officer.post(path(), body(`P${i}`, 'parallel'));
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => officer.post(path(), body(`racer ${i}`, 'parallel'))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const { rows } = await s.db.query(`SELECT count(*)::int AS n FROM tab_registries WHERE registry_type = 'parallel' AND user_id = $1`, [officer.userId]);
    expect(rows[0].n).toBe(MAX_TEMPLATES_PER_REGISTRY);
  });

  it(`allows ${MAX_FAVORITE_TEMPLATES} favorites, on create and on update`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await officer.post(path(), body(`F${i}`, 'favs', { favorite: i < MAX_FAVORITE_TEMPLATES }))).body.data.id);
    const sixth = await officer.post(path(), body('F-extra', 'favs', { favorite: true }));
    expect(sixth.status).toBe(409);
    expect(sixth.body.errors).toEqual({ favorite: 'You can mark up to 5 filter templates as favorite' });
    const star = await officer.put(path(`/${ids[5]}`), { tab_registry: { favorite: true } });
    expect(star.status).toBe(409);
    // Re-saving an existing favorite is not a new one; un-starring frees a place.
    expect((await officer.put(path(`/${ids[0]}`), { tab_registry: { favorite: true, name: 'F0 renamed' } })).status).toBe(200);
    expect((await officer.put(path(`/${ids[1]}`), { tab_registry: { favorite: false } })).status).toBe(200);
    expect((await officer.put(path(`/${ids[5]}`), { tab_registry: { favorite: true } })).status).toBe(200);
    const favs = await officer.get(path(), { query: { registry_type: 'favs', favorite: true } });
    expect(favs.body.meta.count).toBe(5);
  });
});
