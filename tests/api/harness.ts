// API test harness: a real server (Fastify listening on a free port) on a fresh database
// — PGlite in a temp folder, or a new database on the PostgreSQL server of
// TEST_DATABASE_URL — with the demo platform seeded. Users sign in by creating sessions
// directly; requests carry the session cookie and, on writes, the CSRF header.
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import serverPlugins from 'virtual:server-plugins';
import type { ServerPlugin } from '../../src/host/server.ts';
import { buildApp, catalogOf, type App, type BuildOptions } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Config } from '../../src/server/context.ts';
import { openPglite, openPostgres, type CoreDb } from '../../src/server/db/index.ts';
import { createSession } from '../../src/server/identity/index.ts';
import { runNextJob } from '../../src/server/jobs/worker.ts';
import { DEMO_USERS, type SeedResult } from '../../src/server/seed.ts';

export const DEMO_PASSWORD = 'demo-password-for-tests';

/** Every area of this checkout (manifests and server halves), as the product starts with them. */
export const ALL_PLUGINS: readonly ServerPlugin[] = serverPlugins;
/** Every area of the checkout, with the given ones added (or put in place of the same name). */
export function withAll(plugins: readonly ServerPlugin[]): ServerPlugin[] {
  const names = new Set(plugins.map((p) => p.area.name));
  return [...ALL_PLUGINS.filter((p) => !names.has(p.area.name)), ...plugins];
}

/** Their declarations: permission and feature codes, default groups … */
export const CATALOG = catalogOf(ALL_PLUGINS);
export const PERMISSION_CODES = CATALOG.permissions.map((p) => p.code);
export const FEATURE_CODES = CATALOG.features.map((f) => f.code);

export interface Response<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | (string | number)[]>;
  headers?: Record<string, string>;
  /** Send the CSRF header on writes (default true). */
  csrf?: boolean;
}

export interface TestClient {
  userId: string | null;
  cookie: string | null;
  csrfToken: string | null;
  sessionToken: string | null;
  get<T = any>(path: string, opts?: RequestOptions): Promise<Response<T>>;
  post<T = any>(path: string, body?: unknown, opts?: RequestOptions): Promise<Response<T>>;
  put<T = any>(path: string, body?: unknown, opts?: RequestOptions): Promise<Response<T>>;
  patch<T = any>(path: string, body?: unknown, opts?: RequestOptions): Promise<Response<T>>;
  delete<T = any>(path: string, body?: unknown, opts?: RequestOptions): Promise<Response<T>>;
  request<T = any>(method: string, path: string, body?: unknown, opts?: RequestOptions): Promise<Response<T>>;
}

export interface TestServer {
  url: string;
  app: App;
  db: CoreDb;
  config: Config;
  seed: SeedResult;
  /** Signs in by creating a session directly: a demo key ('officer') or a user id. */
  login(who: keyof typeof DEMO_USERS | { id: string }): Promise<TestClient>;
  /**
   * A new active member of clientId holding exactly these permission codes (through one
   * group of its own), signed in. With admin, also a platform administrator.
   */
  member(clientId: string, codes: readonly string[], opts?: { admin?: boolean }): Promise<TestClient>;
  anonymous(): TestClient;
  /** Runs every due job (the areas' handlers, as the worker would) and returns how many ran. */
  runJobs(): Promise<number>;
  close(): Promise<void>;
}

export interface StartOptions extends Pick<BuildOptions, 'worker' | 'sendMail' | 'webDir'> {
  /** Areas beyond (or replacing, by name) every area of the checkout, which always run. */
  plugins?: ServerPlugin[];
  seed?: boolean;
  env?: Record<string, string>;
  /** PUBLIC_URL from the chosen port (default http://127.0.0.1:<port>), e.g. an https address behind a proxy. */
  publicUrl?: (port: number) => string;
  /**
   * PostgreSQL only. 'separate' (default): migrations as TEST_DATABASE_URL's role, requests
   * as TEST_RUNTIME_ROLE. 'single': DATABASE_URL alone, TEST_DATABASE_URL's role.
   * 'owner-serves': both URLs name TEST_DATABASE_URL's role (a misconfiguration).
   */
  databaseRoles?: 'separate' | 'single' | 'owner-serves';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

// initdb takes seconds under WebAssembly; an empty cluster is made once per machine and
// PGlite version and every test database starts from a copy of it.
async function emptyCluster(): Promise<Blob> {
  const version = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;
  const file = path.join(tmpdir(), `caas-pglite-empty-${version}.tar`);
  if (!existsSync(file)) {
    const fresh = await PGlite.create('memory://');
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    const tmp = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file); // atomic: parallel test files never read half a file
  }
  return new Blob([readFileSync(file)]);
}

async function freshPglite(dir: string): Promise<CoreDb> {
  return openPglite(path.join(dir, 'pglite'), { from: await emptyCluster() });
}

/** A fresh PostgreSQL database beside TEST_DATABASE_URL's, dropped on close. */
async function freshPostgres(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `caas_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.href,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await c.end();
    },
  };
}

/**
 * The login role test servers on PostgreSQL serve requests as (the migrations run as
 * TEST_DATABASE_URL's role, the owner), as docs/operations.md tells operators to run.
 * Roles belong to the cluster: one for every test database, created once.
 */
export const TEST_RUNTIME_ROLE = 'caas_test_app';
const TEST_RUNTIME_PASSWORD = 'caas-test-app-password';

export async function runtimeUrl(databaseUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`DO $$ BEGIN
      CREATE ROLE ${TEST_RUNTIME_ROLE} LOGIN NOSUPERUSER NOINHERIT PASSWORD '${TEST_RUNTIME_PASSWORD}';
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
  } finally {
    await admin.end();
  }
  const u = new URL(databaseUrl);
  u.username = TEST_RUNTIME_ROLE;
  u.password = TEST_RUNTIME_PASSWORD;
  return u.href;
}

/** A fresh, empty database (no migrations) of the kind the tests run on. */
export async function openTestDb(): Promise<{ db: CoreDb; close(): Promise<void> }> {
  const pgBase = process.env.TEST_DATABASE_URL;
  if (pgBase) {
    const fresh = await freshPostgres(pgBase);
    const db = await openPostgres(fresh.url);
    return { db, async close() { await db.close(); await fresh.drop(); } };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'caas-db-'));
  const db = await freshPglite(dir);
  return { db, async close() { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
}

export function makeClient(baseUrl: string, session: { userId: string; cookie: string; csrfToken: string; sessionToken: string } | null): TestClient {
  async function request<T>(method: string, p: string, body?: unknown, opts: RequestOptions = {}): Promise<Response<T>> {
    const url = new URL(p.startsWith('/api/') || p.startsWith('/auth') || p.startsWith('/idp') ? p : `/api/v1${p}`, baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      if (Array.isArray(v)) for (const x of v) url.searchParams.append(k, String(x));
      else url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (session) headers.cookie = session.cookie;
    if (session && method !== 'GET' && opts.csrf !== false) headers['x-csrf-token'] = session.csrfToken;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(url, { method, headers, body: payload, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }
  return {
    userId: session?.userId ?? null,
    cookie: session?.cookie ?? null,
    csrfToken: session?.csrfToken ?? null,
    sessionToken: session?.sessionToken ?? null,
    request,
    get: (p, o) => request('GET', p, undefined, o),
    post: (p, b, o) => request('POST', p, b, o),
    put: (p, b, o) => request('PUT', p, b, o),
    patch: (p, b, o) => request('PATCH', p, b, o),
    delete: (p, b, o) => request('DELETE', p, b, o),
  };
}

export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caas-api-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  const fresh = pgBase ? await freshPostgres(pgBase) : null;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: opts.publicUrl?.(port) ?? `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
    DEMO_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(fresh ? opts.databaseRoles === 'single' ? { DATABASE_URL: fresh.url }
      : opts.databaseRoles === 'owner-serves' ? { DATABASE_URL: fresh.url, MIGRATION_DATABASE_URL: fresh.url }
        : { DATABASE_URL: await runtimeUrl(fresh.url), MIGRATION_DATABASE_URL: fresh.url } : {}),
    ...(opts.env ?? {}),
  });
  // PGlite is opened here (from the empty cluster, in a second); PostgreSQL by the app,
  // with its two roles.
  const given = fresh ? undefined : await freshPglite(dataDir);
  let app: App;
  try {
    app = await buildApp(config, {
      db: given,
      plugins: withAll(opts.plugins ?? []),
      seed: opts.seed ?? true,
      worker: opts.worker ?? false,
      sendMail: opts.sendMail,
      webDir: opts.webDir ?? path.join(dataDir, 'no-web'),
    });
    await app.app.listen({ port, host: '127.0.0.1' });
  } catch (err) {
    await given?.close().catch(() => {});
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const url = `http://127.0.0.1:${port}`;
  const db = app.ctx.db as CoreDb;
  const seed = app.seed ?? { seeded: false, generatedPassword: null, clients: { demo: '', northwind: '' }, users: { admin: '', officer: '', analyst: '' } };
  const login: TestServer['login'] = async (who) => {
    const id = typeof who === 'string' ? seed.users[who] : who.id;
    const s = await createSession(app.ctx, id);
    return makeClient(url, { userId: id, cookie: s.cookie, csrfToken: s.session.csrfToken, sessionToken: s.sessionToken });
  };
  return {
    url, app, db, config, seed, login,
    async member(clientId, codes, memberOpts = {}) {
      const tag = Math.random().toString(36).slice(2, 10);
      const userId = await db.transaction(async (tx) => {
        const u = await tx.query<{ id: string }>(
          `INSERT INTO users (email, full_name, is_admin) VALUES ($1, $2, $3) RETURNING id`,
          [`member-${tag}@example.com`, `Member ${tag}`, memberOpts.admin ?? false]);
        const m = await tx.query<{ id: string }>(
          `INSERT INTO accounts_clients (user_id, client_id, role) VALUES ($1, $2, 'member') RETURNING id`, [u.rows[0].id, clientId]);
        if (codes.length) {
          const g = await tx.query<{ id: string }>(
            `INSERT INTO permission_groups (client_id, name, codes) VALUES ($1, $2, $3) RETURNING id`, [clientId, `Group ${tag}`, [...codes]]);
          await tx.query(`INSERT INTO membership_permission_groups (account_client_id, permission_group_id, client_id) VALUES ($1, $2, $3)`,
            [m.rows[0].id, g.rows[0].id, clientId]);
        }
        return u.rows[0].id;
      });
      return login({ id: userId });
    },
    anonymous: () => makeClient(url, null),
    async runJobs() {
      let n = 0;
      while (await runNextJob(app.ctx, { handlers: app.jobHandlers, context: app.jobContext })) n += 1;
      return n;
    },
    async close() {
      await app.close();
      await fresh?.drop();
      // A role the server made for itself outlives the database: drop it with it.
      if (pgBase && app.databaseRole.mode === 'provisioned') {
        const c = new pg.Client({ connectionString: pgBase });
        await c.connect();
        await c.query(`DROP ROLE IF EXISTS "${app.databaseRole.name}"`).catch(() => {});
        await c.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Tenant path helper: t(clientId, '/tab_registries') → /api/v1/clients/<id>/tab_registries. */
export const t = (clientId: string, p: string) => `/api/v1/clients/${clientId}${p}`;
