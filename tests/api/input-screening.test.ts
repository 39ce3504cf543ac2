// Input the database cannot take answers 400 naming the field, never 500: control
// characters (NUL is refused by PostgreSQL in text and in JSON), dates PostgreSQL refuses
// (offsets beyond ±15:59, 31 February), JSON nested thousands deep, and stored JSON past
// its size bound. Run on the whole server with every area, on PGlite and on PostgreSQL.
import serverPlugins from 'virtual:server-plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, SCREENING_TEXTS } from '../../src/server/http/screening.ts';
import { startServer, t, type TestClient, type TestServer, PERMISSION_CODES } from './harness.ts';

let s: TestServer;
let demo: string;
let officer: TestClient;
let everything: TestClient;

beforeAll(async () => {
  s = await startServer({ plugins: serverPlugins });
  demo = s.seed.clients.demo;
  officer = await s.login('officer');
  everything = await s.member(demo, PERMISSION_CODES, { admin: true });
});
afterAll(async () => { await s?.close(); });

const deep = (levels: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};
/** JSON text nested `levels` deep (JSON.stringify itself gives up at a few thousand). */
const deepText = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

const rowCount = async (table: string) => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

describe('control characters', () => {
  it('a NUL or another C0 control in a query value answers 400 naming the parameter', async () => {
    for (const q of ['\0', 'a\0b', '\x01', 'x\x1b[31m', '\x7f\x0b']) {
      const r = await officer.get('/notifications', { query: { q } });
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.body.errors, JSON.stringify(q)).toEqual({ q: SCREENING_TEXTS.control });
    }
    // Tab, line feed and carriage return are text; so is DEL.
    expect((await officer.get('/notifications', { query: { q: 'a\tb\r\nc\x7f' } })).status).toBe(200);
  });

  it('in a query key, a path parameter, a body value or a body key: 400 naming it, nothing written', async () => {
    expect((await officer.get('/notifications', { query: { 'bad\0key': '1' } })).body.errors).toEqual({ 'bad\\u0000key': SCREENING_TEXTS.control });
    const del = await officer.delete(t(demo, '/tab_registries/%00'));
    expect(del.status).toBe(400);
    expect(del.body.errors).toEqual({ id: SCREENING_TEXTS.control });

    const before = { templates: await rowCount('tab_registries'), audit: await rowCount('audit_log') };
    const name = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'nul\0name', registry_type: 'cases' } });
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject({ error_code: 'VALIDATION_FAILED', errors: { name: SCREENING_TEXTS.control } });
    const meta = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'x', registry_type: 'cases', meta: { note: 'a\u0000b' }, filters: { ['k\u0000']: 1 } } });
    expect(meta.status).toBe(400);
    expect(meta.body.errors).toEqual({ 'meta.note': SCREENING_TEXTS.control, filters: SCREENING_TEXTS.controlKey });
    const surrogate = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'x', registry_type: 'cases', filters: { q: 'ab\udc00' } } });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors).toEqual({ 'filters.q': SCREENING_TEXTS.surrogate });
    expect({ templates: await rowCount('tab_registries'), audit: await rowCount('audit_log') }).toEqual(before);
  });

  it('covers the API routes outside the registrar: /me preferences', async () => {
    const r = await officer.patch('/me', { account: { preferences: { theme: 'dark\0' } } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ 'preferences.theme': SCREENING_TEXTS.control });
    const deepPrefs = await officer.patch('/me', `{"account":{"preferences":${deepText(5000)}}}`);
    expect(deepPrefs.status).toBe(400);
    expect(deepPrefs.body.errors).toEqual({ preferences: SCREENING_TEXTS.depth });
    expect((await officer.get('/me')).body.data.preferences).not.toHaveProperty('theme');
    // An unknown API path stays a 404 whatever it carries.
    expect((await officer.get('/no_such_route', { query: { q: '\0' } })).status).toBe(404);
  });
});

describe('dates', () => {
  /** Every date parameter of every registered route, from the route table (core and areas). */
  function dateParams() {
    const pairs: { method: string; url: string; param: string }[] = [];
    for (const r of s.app.routes.routes) {
      const schema = (r.opts.query as { schema?: Record<string, { type: string; schema?: any }> } | undefined)?.schema;
      if (!schema || typeof schema !== 'object') continue;
      for (const [param, struct] of Object.entries(schema)) {
        if (struct?.type === 'date' || (struct?.type === 'array' && struct.schema?.type === 'date')) pairs.push({ method: r.method, url: r.url, param });
      }
    }
    return pairs;
  }

  const url = (u: string) => u.replace(':client_id', demo).replace(/:[a-z_]+/g, '00000000-0000-4000-8000-000000000000');

  it('an offset beyond ±15:59 answers 400 naming the parameter, on every date parameter of every route', async () => {
    const pairs = dateParams();
    console.log(`date parameters checked: ${pairs.length} (endpoint, parameter) pairs`);
    expect(pairs.length).toBeGreaterThanOrEqual(20);
    for (const p of pairs) {
      const r = await everything.request(p.method, url(p.url), undefined, { query: { [p.param]: '2024-01-01T00:00+20:00' } });
      expect({ route: `${p.method} ${p.url}`, param: p.param, status: r.status, errors: r.body.errors })
        .toEqual({ route: `${p.method} ${p.url}`, param: p.param, status: 400, errors: { [p.param]: 'must have a UTC offset from -15:59 to +15:59' } });
    }
  });

  it('a date that does not exist or a time past 23:59:59 answers 400; the largest offsets and leap days pass', async () => {
    const audit = (v: string) => everything.get(t(demo, '/audit_log'), { query: { from_at: v } });
    for (const [v, message] of [
      ['2024-02-30', 'must be a date that exists (ISO 8601)'], ['2023-02-29T10:00Z', 'must be a date that exists (ISO 8601)'],
      ['0000-01-01', 'must be a date that exists (ISO 8601)'], ['2024-13-01', 'must be a date that exists (ISO 8601)'],
      ['2024-01-01T24:00', 'must be a time of day from 00:00 to 23:59:59'], ['2024-01-01T10:60Z', 'must be a time of day from 00:00 to 23:59:59'],
      ['2024-01-01T00:00-16:00', 'must have a UTC offset from -15:59 to +15:59'], ['2024-01-01T00:00+0960', 'must have a UTC offset from -15:59 to +15:59'],
      ['yesterday', 'must be a date (ISO 8601)'], ['2024-01-01 00:00', 'must be a date (ISO 8601)'],
    ]) {
      const r = await audit(v);
      expect({ v, status: r.status, errors: r.body.errors }).toEqual({ v, status: 400, errors: { from_at: message } });
    }
    for (const v of ['2024-02-29', '2024-01-01T00:00+15:59', '2024-01-01T23:59:59.999999-15:59', '0001-01-01T00:00Z', '9999-12-31']) {
      expect({ v, status: (await audit(v)).status }).toEqual({ v, status: 200 });
    }
  });
});

describe('stored JSON', () => {
  it('a filter template nested 5,000 deep answers 400 naming the field; so does a body nested past the screening bound', async () => {
    const before = await rowCount('audit_log');
    const r = await officer.post(t(demo, '/tab_registries'), `{"tab_registry":{"name":"deep","registry_type":"cases","filters":${deepText(5000)}}}`);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ filters: SCREENING_TEXTS.depth });
    // Within the screening bound but past the field's own (16 levels).
    const r17 = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'deep', registry_type: 'cases', meta: deep(17) } });
    expect(r17.status).toBe(400);
    expect(r17.body.errors).toEqual({ meta: 'is nested too deeply (at most 16 levels)' });
    expect(MAX_INPUT_DEPTH).toBeGreaterThan(17);
    expect(await rowCount('audit_log')).toBe(before);
    const ok = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'deep enough', registry_type: 'cases', meta: deep(15) } });
    expect(ok.status).toBe(200);
  });

  it('meta and filters are bounded at 16 KB each, so no member can grow the database by megabytes a request', async () => {
    const before = { templates: await rowCount('tab_registries'), audit: await rowCount('audit_log') };
    const big = { blob: 'x'.repeat(700 * 1024) };
    for (const field of ['meta', 'filters']) {
      const r = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: `big ${field}`, registry_type: 'cases', [field]: big } });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({ [field]: 'must be at most 16 KB' });
    }
    const created = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'small', registry_type: 'cases' } });
    const put = await officer.put(t(demo, `/tab_registries/${created.body.data.id}`), { tab_registry: { filters: { blob: 'é'.repeat(8200) } } });
    expect(put.status).toBe(400); // 16,400 bytes of UTF-8 in 8,200 characters
    expect(put.body.errors).toEqual({ filters: 'must be at most 16 KB' });
    const fits = await officer.put(t(demo, `/tab_registries/${created.body.data.id}`), { tab_registry: { filters: { blob: 'x'.repeat(16 * 1024 - 20) } } });
    expect(fits.status).toBe(200);
    expect({ templates: await rowCount('tab_registries'), audit: await rowCount('audit_log') })
      .toEqual({ templates: before.templates + 1, audit: before.audit + 2 });
  });
});
