// Database faults on PostgreSQL: the app's backends terminated in the middle of a
// transaction and of LISTEN, and the PostgreSQL server restarted (pg_ctlcluster, when
// this process may: root, and a cluster of this machine on TEST_DATABASE_URL's port;
// otherwise this database refuses connections and every backend of it is terminated).
// Throughout, the server stays up, answers 503 with Retry-After while the database is
// gone (health names the database), recovers by itself, keeps every write it
// acknowledged and commits none it refused; afterwards live push reaches a connected
// WebSocket and job wake-ups work again. Skipped on PGlite (in-process: nothing to drop).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import serverPlugins from 'virtual:server-plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_NAME, LISTEN_APPLICATION_NAME } from '../../src/server/db/postgres.ts';
import { queueMail, type SendMail } from '../../src/server/jobs/mail.ts';
import { createNotification } from '../../src/server/notify.ts';
import { startServer, t, type Response, type TestClient, type TestServer } from './harness.ts';
import { connectAs, WsClient } from './ws-client.ts';

const base = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let s: TestServer;
let dbName: string;
let admin: TestClient;
let officer: TestClient;
let demo: string;
const sent: Parameters<SendMail>[0][] = [];

/** A superuser connection of the test itself, to the maintenance database (reconnects after a restart). */
async function superuser<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  c.on('error', () => {});
  await c.connect();
  try { return await fn(c); } finally { await c.end().catch(() => {}); }
}

async function terminate(filter: string): Promise<number> {
  return superuser(async (c) => (await c.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND ${filter}`, [dbName])).rowCount ?? 0);
}

/** Waits (bounded by the test's timeout, never asserted on) until cond holds. */
async function until(cond: () => boolean | Promise<boolean>, step = 50) {
  while (!(await cond())) await sleep(step);
}

/** The cluster serving TEST_DATABASE_URL when this process may restart it. */
async function restartableCluster(): Promise<{ version: string; name: string } | null> {
  if (!base || process.getuid?.() !== 0 || !existsSync('/usr/bin/pg_ctlcluster') || process.env.FAULTS_NO_RESTART) return null;
  const u = new URL(base);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(u.hostname)) return null;
  const port = u.port || '5432';
  try {
    const { stdout } = await run('pg_lsclusters', ['-h']);
    for (const line of stdout.trim().split('\n')) {
      const [version, name, p, status] = line.split(/\s+/);
      if (p === port && status === 'online') return { version, name };
    }
  } catch { /* not a Debian cluster layout */ }
  return null;
}

describe.skipIf(!base)('database faults (PostgreSQL only: set TEST_DATABASE_URL; PGlite runs in this process and has no connection to lose)', () => {
  beforeAll(async () => {
    // The worker sleeps for an hour between polls: only a NOTIFY (or the LISTEN connection
    // coming back) wakes it, so a job that runs proves wake-ups work.
    s = await startServer({ plugins: serverPlugins, worker: { pollMs: 3_600_000 }, sendMail: async (m) => { sent.push(m); } });
    dbName = (await s.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0].db;
    demo = s.seed.clients.demo;
    [admin, officer] = await Promise.all([s.login('admin'), s.login('officer')]);
  });
  afterAll(async () => { await s?.close(); });

  /** A notification committed now reaches the socket (through NOTIFY → LISTEN → the hub). */
  async function pushReaches(socket: WsClient, tag: string) {
    await s.db.transaction((tx) => createNotification(tx, {
      userId: s.seed.users.officer, clientId: demo, type: 'system', payload: { data: { title: tag } }, objId: tag, objType: 'Fault',
    }), { clientId: demo });
    await socket.frame((f) => f.type === 'message' && f.data.obj_id === tag);
  }

  /** A mail queued now is delivered by the worker, which only a NOTIFY can wake. */
  async function jobRuns(tag: string) {
    await s.db.transaction((tx) => queueMail(tx, null, { to: `${tag}@example.com`, subject: tag, text: tag }));
    await until(() => sent.some((m) => m.subject === tag));
  }

  it('a backend terminated between the queries of a transaction fails that request with 503; the server stays up', { timeout: 120_000 }, async () => {
    // Creating a user hashes its password inside the handler's transaction: the backend
    // sits idle in transaction meanwhile, which is where a terminate hurts most.
    const results: { email: string; status: number; id?: string }[] = [];
    let kills = 0;
    let stop = false;
    // A handful of rounds of terminations, spaced so that writes also get through between them.
    const killer = (async () => {
      while (!stop && kills < 6) {
        kills += await terminate(`application_name = '${APPLICATION_NAME}' AND state = 'idle in transaction'`);
        await sleep(kills ? 40 : 2);
      }
    })();
    let n = 0;
    const worker = async () => {
      while (!stop) {
        const email = `fault-${n++}-${Math.random().toString(36).slice(2, 8)}@example.com`;
        const r = await admin.post('/api/v1/admin/users', { user: { email, full_name: 'Fault Test', password: 'a-long-password-1234' } });
        results.push({ email, status: r.status, id: r.body?.data?.id });
        if (r.status === 503) expect(r.headers.get('retry-after')).toBe('5');
        if (results.length >= 300 || (kills >= 6 && results.filter((x) => x.status === 200).length >= 8)) stop = true;
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    stop = true;
    await killer;

    const statuses = tally(results.map((r) => r.status));
    console.log(`mid-transaction: ${results.length} writes, ${kills} backends terminated, statuses ${JSON.stringify(statuses)}`);
    expect(kills).toBeGreaterThan(0);
    expect(Object.keys(statuses).filter((k) => k !== '200' && k !== '503')).toEqual([]);
    expect(statuses[503] ?? 0).toBeGreaterThan(0);
    await checkOutcomes(results, 'users', 'email');

    // Idle pooled connections terminated too: the pool drops them and opens new ones.
    await terminate(`application_name = '${APPLICATION_NAME}'`);
    expect((await s.anonymous().get('/health')).status).toBe(200);
    expect((await officer.get(t(demo, '/tab_registries'))).status).toBe(200);
  });

  it('the LISTEN connection terminated comes back by itself: push reaches a socket and the worker wakes again', { timeout: 120_000 }, async () => {
    const { socket } = await connectAs(s.url, officer.sessionToken!, demo);
    try {
      await pushReaches(socket, 'before-listen-kill');
      await jobRuns('before-listen-kill');
      for (let round = 0; round < 2; round++) {
        expect(await terminate(`application_name = '${LISTEN_APPLICATION_NAME}'`)).toBe(1);
        await until(() => s.db.listenStatus() === 'reconnecting');
        await until(() => s.db.listenStatus() === 'listening');
        await pushReaches(socket, `after-listen-kill-${round}`);
        await jobRuns(`after-listen-kill-${round}`);
      }
      // Terminated while the database refuses new connections: the reconnection is refused
      // again and again (1 s, 2 s, …) and goes on until it is let in.
      const failedBefore = s.db.listenFailures!();
      await superuser((c) => c.query(`ALTER DATABASE "${dbName}" CONNECTION LIMIT 0`));
      try {
        expect(await terminate(`application_name = '${LISTEN_APPLICATION_NAME}'`)).toBe(1);
        await until(() => s.db.listenFailures!() >= failedBefore + 2, 100);
        expect(s.db.listenStatus()).toBe('reconnecting');
      } finally {
        await superuser((c) => c.query(`ALTER DATABASE "${dbName}" CONNECTION LIMIT -1`));
      }
      await until(() => s.db.listenStatus() === 'listening');
      await pushReaches(socket, 'after-refused-reconnects');
      await jobRuns('after-refused-reconnects');
    } finally {
      socket.ws.close();
    }
  });

  it('through a restart of the database under load: 503 while it is down, recovery by itself, no write lost or half-made, push and jobs again', { timeout: 180_000 }, async () => {
    const cluster = await restartableCluster();
    const outageKind = cluster ? `pg_ctlcluster ${cluster.version} ${cluster.name} restart` : 'connections refused and every backend terminated';
    const { socket } = await connectAs(s.url, officer.sessionToken!, demo);
    const writes: { name: string; status: number; id?: string }[] = [];
    const reads: number[] = [];
    const errors: string[] = [];
    let phase: 'before' | 'down' | 'after' = 'before';
    let stop = false;
    let n = 0;
    const started = Date.now();

    const load = async (w: number) => {
      while (!stop && Date.now() - started < 60_000) {
        try {
          if (n % 3 === 0) {
            const name = `fault ${w}-${n++}`;
            // A list of its own for each write: a list holds at most 50 templates.
            const r = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name, registry_type: `faults-${n}` } });
            writes.push({ name, status: r.status, id: r.body?.data?.id });
          } else {
            n++;
            const r = await (n % 2 ? officer.get(t(demo, '/tab_registries'), { query: { per: 5 } }) : officer.get('/notifications', { query: { per: 5 } }));
            reads.push(r.status);
          }
        } catch (err) {
          errors.push(String((err as Error).message)); // the server did not answer at all
        }
        if (phase === 'down') await sleep(20); // no busy loop against a server that refuses at once
      }
    };
    const loaders = [0, 1, 2, 3, 4, 5].map(load);

    await until(() => writes.filter((x) => x.status === 200).length >= 20);
    const before = writes.length + reads.length;

    // ---- the outage ----
    phase = 'down';
    const downAt = Date.now();
    if (cluster) {
      await run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'stop', '-m', 'fast']);
    } else {
      await superuser((c) => c.query(`ALTER DATABASE "${dbName}" CONNECTION LIMIT 0`));
      await terminate('true');
    }
    let health: Response<any> | undefined;
    let write: Response<any> | undefined;
    let upgrade = '';
    try {
      health = await s.anonymous().get('/health');
      write = await officer.post(t(demo, '/tab_registries'), { tab_registry: { name: 'during the outage', registry_type: 'faults' } });
      // A socket opened now cannot have its session read: 503, not a 401 that signs the browser out.
      const late = new WsClient(s.url, `?session_token=${encodeURIComponent(officer.sessionToken!)}`);
      upgrade = await late.opened.then(() => 'opened', (err: Error) => err.message);
      const seen = writes.length + reads.length;
      await until(() => writes.length + reads.length >= seen + 10);
    } finally {
      if (cluster) await run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start']);
      else await superuser((c) => c.query(`ALTER DATABASE "${dbName}" CONNECTION LIMIT -1`));
    }
    await until(async () => (await s.anonymous().get('/health')).status === 200, 100);
    const outageMs = Date.now() - downAt;
    phase = 'after';
    const okBeforeRecovery = writes.filter((x) => x.status === 200).length;
    await until(() => stop || writes.filter((x) => x.status === 200).length >= okBeforeRecovery + 20 || Date.now() - started >= 60_000);
    stop = true;
    await Promise.all(loaders);

    console.log(`restart (${outageKind}): ${writes.length} writes ${JSON.stringify(tally(writes.map((w) => w.status)))}, `
      + `${reads.length} reads ${JSON.stringify(tally(reads))}, ${before} requests before the outage, outage and recovery ${outageMs} ms, `
      + `${errors.length} unanswered`);

    expect(health!.status).toBe(503);
    expect(health!.headers.get('retry-after')).toBe('5');
    expect(health!.body).toMatchObject({ success: false, error_code: 'UNAVAILABLE', errors: { database: expect.any(String) } });
    expect(write!.status).toBe(503);
    expect(upgrade).toBe('HTTP 503');
    expect(write!.body.error_code).toBe('UNAVAILABLE');
    expect(errors).toEqual([]);
    expect([...new Set([...writes.map((w) => w.status), ...reads])].filter((x) => x !== 200 && x !== 503)).toEqual([]);
    expect(writes.some((w) => w.status === 503) || reads.includes(503)).toBe(true);
    expect(writes.filter((w) => w.status === 200).length).toBeGreaterThanOrEqual(okBeforeRecovery + 1);
    await checkOutcomes(writes, 'tab_registries', 'name');
    expect((await s.db.query(`SELECT count(*)::int AS n FROM tab_registries WHERE name = 'during the outage'`)).rows[0].n).toBe(0);

    // Live push and job wake-ups work again without anyone's help.
    await until(() => s.db.listenStatus() === 'listening');
    await pushReaches(socket, 'after-restart');
    await jobRuns('after-restart');
    socket.ws.close();
  });
});

function tally(xs: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}

/** Every acknowledged create exists, with its id; no refused one was committed. */
async function checkOutcomes(results: { status: number; id?: string; [k: string]: unknown }[], table: string, key: string) {
  const acknowledged = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status !== 200);
  expect(acknowledged.every((r) => typeof r.id === 'string')).toBe(true);
  const found = await s.db.query<{ id: string; k: string }>(`SELECT id, ${key} AS k FROM ${table} WHERE id = ANY($1::uuid[])`, [acknowledged.map((r) => r.id)]);
  const byId = new Map(found.rows.map((r) => [r.id, r.k]));
  expect(acknowledged.filter((r) => byId.get(r.id!) !== r[key]).map((r) => r[key])).toEqual([]);
  const ghosts = await s.db.query<{ k: string }>(`SELECT ${key} AS k FROM ${table} WHERE ${key} = ANY($1::text[])`, [refused.map((r) => r[key])]);
  expect(ghosts.rows.map((r) => r.k)).toEqual([]);
  // Nor did a refused write leave an audit row behind.
  const audited = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE after->>'${key}' = ANY($1::text[])`, [refused.map((r) => r[key])]);
  expect(audited.rows[0].n).toBe(0);
}
