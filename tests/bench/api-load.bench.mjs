// Load on the whole server: the built product (dist/server/main.mjs) in a process of its
// own, signed in as officer@demo.local through the real sign-in, then autocannon with 50
// connections on a list page (GET /api/v1/notifications?per=20: a join across clients and
// memberships, with its count) and on a write (POST …/search/global_search_entries: a row,
// its audit row and the session's touch, in one transaction). Once on the embedded
// database (PGlite) and once on PostgreSQL when one is reachable (BENCH_DATABASE_URL, or
// TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres; a database of its own,
// dropped afterwards). Prints requests/s, p50/p99 latency and the server's memory after
// the runs. Figures only: nothing is asserted.
//   npm run bench -- api-load            BENCH_SECONDS=10 by default per run
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildServer } from '../../build.mjs';
import { browse, CookieJar, formAction } from '../../src/server/identity/testing.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PASSWORD = 'bench-demo-password';
const SECRET = 'bench-session-secret-0123456789abcdef0123456789';

const freePort = () => new Promise((resolve, reject) => {
  const s = createServer();
  s.on('error', reject);
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

async function startServer(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caas-bench-'));
  let log = '';
  const child = spawn(process.execPath, ['--max-semi-space-size=4', path.join(root, 'dist/server/main.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', OIDC_ISSUER: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  for (const deadline = Date.now() + 120_000; ;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try { if ((await fetch(`${url}/api/v1/health`)).status === 200) break; } catch { /* not listening yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not start:\n${log}`); }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url, log: () => log,
    /** Resident and peak memory of the server process (Linux). */
    memory() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
        return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
      } catch { return { rssMb: NaN, peakMb: NaN }; }
    },
    async stop() {
      if (child.exitCode === null) { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real sign-in: /auth/login → the embedded issuer's form → /auth/callback; then the CSRF token. */
async function signIn(url, email) {
  const jar = new CookieJar();
  const page = await browse(jar, `${url}/auth/login?redirect_uri=${encodeURIComponent(`${url}/`)}`);
  const action = formAction(page.body, page.url);
  if (!action) throw new Error(`no sign-in form at ${page.url}`);
  await browse(jar, action, { form: { email, password: PASSWORD } });
  const cookie = jar.header(`${url}/api/v1/session`);
  const session = await (await fetch(`${url}/api/v1/session`, { headers: { cookie } })).json();
  if (!session.success) throw new Error(`sign-in as ${email} failed: ${JSON.stringify(session)}`);
  const me = await (await fetch(`${url}/api/v1/me`, { headers: { cookie } })).json();
  return { cookie, csrf: session.data.csrf_token, clientId: me.data.accounts_clients[0].client.id };
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('error', reject);
  });
}

async function measure(label, server) {
  const idle = server.memory();
  console.log(`${label.padEnd(10)} server memory before the runs: ${idle.rssMb.toFixed(0)} MB resident, ${idle.peakMb.toFixed(0)} MB at its peak`);
  const who = await signIn(server.url, 'officer@demo.local');
  const headers = { cookie: who.cookie };
  const runs = [
    ['list  GET /api/v1/notifications?per=20', { url: `${server.url}/api/v1/notifications?per=20`, headers }],
    ['write POST /clients/{id}/search/global_search_entries', {
      url: `${server.url}/api/v1/clients/${who.clientId}/search/global_search_entries`, method: 'POST',
      headers: { ...headers, 'x-csrf-token': who.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ global_search_entry: { search_query: 'bench load' } }),
    }],
  ];
  for (const [name, opts] of runs) {
    const r = await cannon(opts);
    const non2xx = r.non2xx + r.errors + r.timeouts;
    console.log(`${label.padEnd(10)} ${name.padEnd(56)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  (${r.requests.total} requests${non2xx ? `, ${non2xx} not 2xx or failed` : ''})`);
  }
  const m = server.memory();
  console.log(`${label.padEnd(10)} server memory after the runs: ${m.rssMb.toFixed(0)} MB resident, ${m.peakMb.toFixed(0)} MB at its peak`);
}

async function reachable(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try { await c.connect(); await c.end(); return true; } catch { return false; }
}

export default async function apiLoad() {
  console.log(`command: npm run bench -- api-load   (${CONNECTIONS} connections, ${SECONDS} s per run, officer@demo.local)`);
  await buildServer();

  const embedded = await startServer({});
  try { await measure('PGlite', embedded); } finally { await embedded.stop(); }

  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await reachable(base))) {
    console.log(`PostgreSQL: skipped (nothing answers at ${base.replace(/:[^:@/]*@/, ':***@')}; set BENCH_DATABASE_URL)`);
    return;
  }
  const name = `${process.env.BENCH_DB_PREFIX ?? 'caas_bench'}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  let server;
  try {
    // The server migrates and provisions its serving role; the demo platform is seeded
    // here (a server on PostgreSQL seeds nothing by itself).
    server = await startServer({ DATABASE_URL: u.href, SESSION_SECRET: SECRET });
    const { openPostgres } = await import('../../src/server/db/postgres.ts');
    const { seedDemo } = await import('../../src/server/seed.ts');
    const db = await openPostgres(u.href);
    await seedDemo(db, { password: PASSWORD });
    await db.close();
    await measure('PostgreSQL', server);
  } finally {
    await server?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${name}_app`).catch(() => {});
    await admin.end();
  }
}
