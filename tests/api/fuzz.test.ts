// Fuzzing every API route the server registers (the route table: the core's and every
// area's, so a route added later is covered without editing this file). Each route gets
// a plausible request built from its own schemas, then wrong types, missing and extra
// fields, 1 MB strings, JSON nested 5,000 deep, NUL and other control characters, lone
// surrogates, bad dates and offsets, SQL-looking strings, huge and negative page sizes,
// and bad path parameters: as a member holding the codes its access check names, as one
// lacking them, as a stranger and without a session. No answer may be a 5xx, a member
// lacking the permission gets 403, and a refused write leaves the database as it was
// (a row count of every table, and the latest updated_at where a table has one).
// Sampling is seeded, so every run sends the same requests. FUZZ_DEBUG=1 prints what the
// plausible request of each route got (how deep the fuzzer reaches into the handlers).
import serverPlugins from 'virtual:server-plugins';
import { is, type Struct } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../../src/server/http/registrar.ts';
import type { AccessCheck } from '../../src/shared/access.ts';
import { prng } from '../support/prng.ts';
import { startServer, type Response, type TestClient, type TestServer, FEATURE_CODES } from './harness.ts';

let s: TestServer;
let fuzzClient: string;
let admin: TestClient, officer: TestClient, stranger: TestClient, anonymous: TestClient;
const protectedIds = new Set<string>();
const random = prng(20_240_101);
const pick = <T>(xs: readonly T[], n: number): T[] => {
  const pool = [...xs];
  const out: T[] = [];
  while (pool.length && out.length < n) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return out;
};
const uuid = () => '10000000-0000-4000-8000-' + Math.floor(random() * 2 ** 48).toString(16).padStart(12, '0');

// ---------------------------------------------------------------------------------------
// What is sent

/** Marks a spot in a body that becomes JSON nested 5,000 deep (JSON.stringify cannot write it). */
const DEEP = '\u{E000}deep\u{E000}';
const deepText = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const MB = 'x'.repeat(1024 * 1024);

const WRONG_TYPES: unknown[] = [null, 0, -1, 1.5, 1e308, true, [], {}, [1, 'a'], { a: { b: 1 } }];
const STRINGS: string[] = [
  '', ' ', 'x'.repeat(100_000), '\0', 'a\u0000b', 'bell\u0007', '\u001b[2J', 'tab\tnew\nline\r',
  "' OR '1'='1", "'; DROP TABLE users; --", '%', '_', '\\', '\ud800', 'ü\u0301', '🙂',
  '2024-01-01T00:00+20:00', '2024-02-31', '0000-01-01', '9999-99-99', '-1', '99999999999999999999', 'NaN',
  '__proto__', '{"$gt":""}', '<script>alert(1)</script>',
];
const QUERY_VALUES: (string | string[])[] = [
  '\0', 'a\u0001b', 'x'.repeat(8000), "' OR 1=1 --", "1; SELECT pg_sleep(1)", '%', '\\', '2024-01-01T00:00+20:00',
  '2024-13-45', '0000-01-01', '-1', '99999999999999999999', '1e309', 'NaN', 'true', '', ['a', 'b'], ['\0'],
  '\ud800', '00000000-0000-0000-0000-000000000000',
];
const PAGING: Record<string, string>[] = [
  { page: '-1' }, { page: '0' }, { page: '99999999999999999999' }, { page: '1.5' },
  { per: '-5' }, { per: '0' }, { per: '101' }, { per: '1000000000' }, { per: 'abc' }, { page: '1000000', per: '100' },
];

type S = Struct<any, any> & { type: string; schema: any };

/** A value the schema probably accepts, by its type and the field's name. */
function plausible(struct: S, key: string, n: number): unknown {
  switch (struct.type) {
    case 'object': case 'type':
      return Object.fromEntries(Object.entries((struct.schema ?? {}) as Record<string, S>).map(([k, v]) => [k, plausible(v, k, n)]));
    case 'string': {
      if (/email/.test(key)) return `fuzz-${n}-${Math.floor(random() * 1e9)}@example.com`;
      if (/password/.test(key)) return 'fuzz-password-0123456789';
      if (/phone/.test(key)) return '+44 20 7946 0000';
      if (/registry_type/.test(key)) return 'fuzz';
      if (/token/.test(key)) return 'not-a-token';
      return `Fuzz ${key} ${n} ${Math.floor(random() * 1e9)}`;
    }
    case 'uuid': return key === 'client_id' ? fuzzClient : uuid();
    case 'enums': return Object.values(struct.schema ?? {})[0];
    case 'literal': return struct.schema;
    case 'boolean': return false;
    case 'integer': case 'number': return 30;
    case 'array': return struct.schema ? [plausible(struct.schema, key, n)] : [];
    case 'date': return '2024-01-01';
    case 'record': return {};
    default: return 'fuzz';
  }
}

const optional = (struct: S) => is(undefined, struct);

interface Variant { label: string; query?: Record<string, string | string[]>; body?: unknown; raw?: string; contentType?: string; path?: Record<string, string> }

function bodyVariants(route: RouteRecord, n: number): Variant[] {
  const struct = route.opts.body as S | undefined;
  if (!struct) return route.method === 'GET' ? [] : [{ label: 'unexpected body', body: { x: { y: '\0' } } }, { label: 'deep body', raw: deepText(5000) }];
  const base = plausible(struct, '', n) as Record<string, unknown>;
  const out: Variant[] = [
    { label: 'plausible', body: base },
    { label: 'empty object', body: {} }, { label: 'array', body: [] }, { label: 'null', raw: 'null' }, { label: 'string', raw: '"text"' },
    { label: 'not JSON', raw: '{"a":' }, { label: 'text/plain', raw: 'hello', contentType: 'text/plain' },
    { label: 'whole body nested 5,000 deep', raw: deepText(5000) },
    { label: 'extra top-level field', body: { ...base, zz_extra: 1 } },
  ];
  const wrapperKey = struct.type === 'object' || struct.type === 'type' ? Object.keys(struct.schema)[0] : null;
  const inner = wrapperKey ? (struct.schema[wrapperKey] as S) : null;
  if (!wrapperKey || !inner || (inner.type !== 'object' && inner.type !== 'type')) return out;
  const fields = Object.entries(inner.schema as Record<string, S>);
  const wrap = (v: Record<string, unknown>) => ({ ...base, [wrapperKey]: v });
  const baseInner = base[wrapperKey] as Record<string, unknown>;
  out.push({ label: 'resource not wrapped', body: baseInner }, { label: 'resource null', body: { [wrapperKey]: null } },
    { label: 'resource a list', body: { [wrapperKey]: [baseInner] } }, { label: 'extra field', body: wrap({ ...baseInner, zz_extra: '\0' }) });
  fields.forEach(([field, fs], i) => {
    if (!optional(fs)) out.push({ label: `missing ${field}`, body: wrap(Object.fromEntries(Object.entries(baseInner).filter(([k]) => k !== field))) });
    const values: unknown[] = [
      ...pick(WRONG_TYPES, 3), ...pick(STRINGS, 6), '\0', DEEP,
      ...(i === 0 ? [MB] : []), // one 1 MB string per route keeps the run short
    ];
    for (const v of values) {
      const label = `${field} = ${typeof v === 'string' ? JSON.stringify(v.length > 40 ? `${v.slice(0, 12)}…(${v.length})` : v) : JSON.stringify(v)}`;
      out.push({ label, body: wrap({ ...baseInner, [field]: v }) });
    }
  });
  return out;
}

function queryVariants(route: RouteRecord): Variant[] {
  const schema = (route.opts.query as S | undefined)?.schema as Record<string, S> | undefined;
  const out: Variant[] = [{ label: 'unknown parameter with NUL', query: { zz: '\0' } }];
  if (!schema || typeof schema !== 'object') return out;
  const params = Object.keys(schema);
  for (const p of pick(params, 6)) for (const v of pick(QUERY_VALUES, 6)) out.push({ label: `?${p}=${JSON.stringify(v).slice(0, 40)}`, query: { [p]: v } });
  if (params.includes('per')) for (const q of PAGING) out.push({ label: `paging ${JSON.stringify(q)}`, query: q });
  return out;
}

function pathVariants(route: RouteRecord): Variant[] {
  const names = [...route.url.matchAll(/:([a-z_]+)/g)].map((m) => m[1]);
  const out: Variant[] = [];
  for (const name of names) {
    // Written as they travel in the URL: NUL, a quote, SQL, a long id, a path, bytes that are not UTF-8.
    for (const v of ['%00', '%27', '1%20OR%201%3D1', 'x'.repeat(3000), '-1', uuid(), '..%2F..%2Fetc', '%ED%A0%80', '%FF%FE']) {
      out.push({ label: `:${name} = ${JSON.stringify(v).slice(0, 30)}`, path: { [name]: v } });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Who sends it

function codesOf(check: AccessCheck | undefined): string[] {
  if (check === undefined) return [];
  if (typeof check === 'string') return [check];
  if (Array.isArray(check)) return check.flatMap(codesOf);
  return (check as { readonly of: readonly AccessCheck[] }).of.flatMap(codesOf);
}

const holders = new Map<string, TestClient>();
async function holding(codes: string[]): Promise<TestClient> {
  const key = [...new Set(codes)].sort().join(',');
  let c = holders.get(key);
  if (!c) {
    c = await s.member(fuzzClient, key ? key.split(',') : []);
    holders.set(key, c);
    await protect(c.userId!);
  }
  return c;
}

/** Rows the principals stand on are never handed to a route as its :id (no one deactivates the fuzzer). */
async function protect(userId: string) {
  protectedIds.add(userId);
  const { rows } = await s.db.query<{ id: string; group_id: string | null }>(
    `SELECT ac.id, mpg.permission_group_id AS group_id FROM accounts_clients ac
       LEFT JOIN membership_permission_groups mpg ON mpg.account_client_id = ac.id WHERE ac.user_id = $1`, [userId]);
  for (const r of rows) { protectedIds.add(r.id); if (r.group_id) protectedIds.add(r.group_id); }
}

// ---------------------------------------------------------------------------------------
// Ids for path parameters, taken from the lists of the same area

const listed = new Map<string, string[]>();
async function idsFrom(who: TestClient, listUrl: string): Promise<string[]> {
  const key = `${who.userId}|${listUrl}`;
  if (!listed.has(key)) {
    const r = await who.get(listUrl, { query: { per: '100' } });
    const rows = Array.isArray(r.body?.data) ? r.body.data : [];
    const ids = rows.flatMap((x: any) => [x?.id, x?.user_id].filter((v) => typeof v === 'string'));
    listed.set(key, ids.filter((id: string) => !protectedIds.has(id)));
  }
  return listed.get(key)!;
}

/** The route's URL with its parameters filled: ids from the list the route sits under, as `who` sees it. */
async function concreteUrl(route: RouteRecord, table: RouteRecord[], who: TestClient, override: Record<string, string> = {}): Promise<string> {
  let url = route.url;
  for (const m of route.url.matchAll(/:([a-z_]+)/g)) {
    const name = m[1];
    let value: string;
    if (override[name] !== undefined) value = override[name];
    else if (name === 'client_id') value = fuzzClient;
    else {
      const prefix = url.slice(0, url.indexOf(`:${name}`) - 1);
      const list = table.find((r) => r.method === 'GET' && new RegExp(`^${r.url.replace(/:[a-z_]+/g, '[^/]+')}$`).test(prefix));
      const ids = list ? await idsFrom(who, prefix) : [];
      value = ids.length ? ids[Math.floor(random() * ids.length)] : uuid();
    }
    url = url.replace(`:${name}`, value);
  }
  return url;
}

/** The required query parameters with plausible values (a search needs its q). */
function plausibleQuery(route: RouteRecord): Record<string, string> | undefined {
  const schema = (route.opts.query as S | undefined)?.schema as Record<string, S> | undefined;
  if (!schema || typeof schema !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [k, st] of Object.entries(schema)) if (!optional(st)) out[k] = String(plausible(st, k, 0));
  return out;
}

// ---------------------------------------------------------------------------------------
// The database before and after a refused write

let fingerprintSql = '';
async function fingerprint(): Promise<Record<string, unknown>> {
  return (await s.db.query(fingerprintSql)).rows[0];
}

// ---------------------------------------------------------------------------------------

const statuses = new Map<string, number>();
const failures: string[] = [];
let requests = 0;

async function send(who: TestClient, route: RouteRecord, url: string, v: Variant): Promise<Response> {
  requests++;
  let raw = v.raw;
  if (raw === undefined && v.body !== undefined) raw = JSON.stringify(v.body).replace(JSON.stringify(DEEP), deepText(5000));
  const headers = v.contentType ? { 'content-type': v.contentType } : undefined;
  try {
    return await who.request(route.method, url, raw, { query: v.query as Record<string, string | string[]> | undefined, headers });
  } catch (err) {
    return { status: 0, body: null, headers: new Headers(), text: String((err as Error).message) };
  }
}

function record(kind: string, route: RouteRecord, v: Variant, r: Response) {
  const key = `${kind} ${r.status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  if (r.status === 0 || r.status >= 500) failures.push(`${route.method} ${route.url} [${kind}: ${v.label}] → ${r.status} ${r.text.slice(0, 200)}`);
}

describe('fuzzing every registered route', () => {
  beforeAll(async () => {
    s = await startServer({ plugins: serverPlugins });
    // A client of its own, every feature on, so the fuzzer's writes touch no demo data.
    fuzzClient = await s.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(`INSERT INTO clients (name, full_name) VALUES ('Fuzz Ltd', 'Fuzz Limited') RETURNING id`);
      for (const code of FEATURE_CODES) await tx.query('INSERT INTO client_features (client_id, code, available) VALUES ($1, $2, true)', [rows[0].id, code]);
      return rows[0].id;
    });
    protectedIds.add(fuzzClient);
    for (const id of Object.values(s.seed.users)) protectedIds.add(id);
    for (const id of Object.values(s.seed.clients)) protectedIds.add(id);
    [admin, officer, anonymous] = [await s.login('admin'), await s.login('officer'), s.anonymous()];
    stranger = await s.member(s.seed.clients.northwind, []);
    await protect(stranger.userId!);

    const { rows } = await s.db.query<{ table: string; updated: boolean }>(
      `SELECT c.relname AS table, EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'updated_at' AND NOT a.attisdropped) AS updated
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`);
    fingerprintSql = 'SELECT ' + rows.map((r) => `(SELECT ${r.updated ? `count(*) || '/' || coalesce(max(updated_at)::text, '')` : 'count(*)'} FROM "${r.table}") AS "${r.table}"`).join(', ');
  }, 120_000);
  afterAll(async () => { await s?.close(); });

  it('answers no request with a 5xx, refuses members lacking the permission, and leaves nothing behind a refused write', { timeout: 600_000 }, async () => {
    const started = Date.now();
    const table = s.app.routes.routes;
    // Creates first, so the routes on one record find records to act on.
    const order = (r: RouteRecord) => (r.method === 'POST' && !r.url.match(/:(?!client_id)/) ? 0 : r.method === 'GET' ? 1 : 2);
    const routes = [...table].sort((a, b) => order(a) - order(b));
    let n = 0;
    for (const route of routes) {
      n++;
      const codes = codesOf(route.rule.access);
      const holder = route.scope === 'admin' ? admin : route.scope === 'tenant' ? await holding(codes) : route.scope === 'user' ? officer : anonymous;
      const variants = [...bodyVariants(route, n), ...queryVariants(route), ...pathVariants(route)];
      if (!variants.some((v) => v.label === 'plausible')) variants.unshift({ label: 'plausible' });
      variants.find((v) => v.label === 'plausible')!.query = plausibleQuery(route);
      const write = route.method !== 'GET';

      for (const v of variants) {
        const url = await concreteUrl(route, table, holder, v.path);
        const before = write ? await fingerprint() : null;
        const r = await send(holder, route, url, v);
        record('holder', route, v, r);
        if (process.env.FUZZ_DEBUG && v.label === 'plausible') console.log(`plausible ${route.method} ${url} → ${r.status} ${r.status >= 400 ? r.text.slice(0, 160) : ''}`);
        if (before && r.status >= 400) {
          const after = await fingerprint();
          const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
          if (changed.length) failures.push(`${route.method} ${route.url} [holder: ${v.label}] → ${r.status} but changed ${changed.join(', ')}`);
        }
        if (r.status === 200 && write) listed.clear(); // ids may have come or gone
      }

      // Without the permission, a stranger to the client, and without a session.
      const plausibleBody = variants.find((v) => v.label === 'plausible')!;
      const url = await concreteUrl(route, table, holder);
      const others: [string, TestClient, number[]][] = [['anonymous', anonymous, route.scope === 'public' ? [] : [401]]];
      if (route.scope === 'admin') others.push(['not an administrator', officer, [403]]);
      if (route.scope === 'tenant') {
        others.push(['stranger to the client', stranger, [404]]);
        if (codes.length) others.push(['member lacking the permission', await holding([]), [403]]);
      }
      for (const [kind, who, expected] of others) {
        for (const v of [plausibleBody, ...pick(variants, 2)]) {
          const before = write ? await fingerprint() : null;
          const r = await send(who, route, url, v);
          record(kind, route, v, r);
          // A body that is not JSON at all is refused by the parser, before anyone is asked who they are.
          const unparsed = v.contentType !== undefined || v.label === 'not JSON';
          if (expected.length && !expected.includes(r.status) && !(unparsed && [400, 415].includes(r.status))) failures.push(`${route.method} ${route.url} [${kind}: ${v.label}] → ${r.status}, expected ${expected.join(' or ')}`);
          if (before && r.status >= 400) {
            const after = await fingerprint();
            const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
            if (changed.length) failures.push(`${route.method} ${route.url} [${kind}: ${v.label}] → ${r.status} but changed ${changed.join(', ')}`);
          }
        }
      }
    }

    const byStatus = [...statuses.entries()].sort().map(([k, c]) => `${k}: ${c}`).join(', ');
    console.log(`fuzz: ${requests} requests over ${routes.length} routes on ${s.db.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s; ${byStatus}`);
    expect(routes.length).toBeGreaterThanOrEqual(60);
    expect(failures).toEqual([]);
  });
});
