// The runner across restarts, on one database that outlives several apps (PGlite in a
// folder, or a PostgreSQL database of TEST_DATABASE_URL): a server stopped while a step runs
// (the step never returns, as when the process is killed) leaves the job to its lease; the
// next server takes it when the lease has run out and the instance finishes exactly once. A
// step whose result was committed is never run again, even if its job is delivered again.
// A step that honours its AbortSignal on shutdown is handed back at once instead.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineServerPlugin } from '../../src/host/server.ts';
import { defineArea } from '../../src/host/area.ts';
import { defineWorkflowStep } from '../../src/host/workflow.ts';
import { buildApp, type App } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openPglite, openPostgres, type CoreDb } from '../../src/server/db/index.ts';
import { createSession } from '../../src/server/identity/index.ts';
import { object } from 'superstruct';
import { withAll } from './harness.ts';

const runs = { first: 0, block: 0, polite: 0 };
let blockStarted!: () => void;
const blockRunning = new Promise<void>((r) => { blockStarted = r; });
let politeStarted!: () => void;
const politeRunning = new Promise<void>((r) => { politeStarted = r; });

const slowPlugin = defineServerPlugin(defineArea({ name: 'slow', title: 'Slow' }), {
  workflowSteps: [
    defineWorkflowStep({
      type: 'slow.first', title: 'Quick step', input: object({}), emits: ['done'],
      async run() { runs.first++; return { event: 'done', data: { first: true } }; },
    }),
    defineWorkflowStep({
      type: 'slow.block', title: 'Hangs on its first run', input: object({}), emits: ['done'],
      async run() {
        runs.block++;
        if (runs.block === 1) {
          blockStarted();
          return new Promise<never>(() => {}); // never returns and ignores its signal: a dead process
        }
        return { event: 'done', data: { block_run: runs.block } };
      },
    }),
    defineWorkflowStep({
      type: 'slow.polite', title: 'Stops when asked', input: object({}), emits: ['done'],
      async run(ctx) {
        runs.polite++;
        if (runs.polite === 1) {
          politeStarted();
          await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true }));
        }
        return { event: 'done', data: { polite_run: runs.polite } };
      },
    }),
  ],
});

const flow = (middle: string) => ({
  initial: 'first',
  states: {
    first: { step: { type: 'slow.first', input: {} }, on: { done: 'middle' } },
    middle: { step: { type: middle, input: {} }, on: { done: 'end' } },
    end: { type: 'final' },
  },
});

// One database for the whole file, opened again by each app.
const dataDir = mkdtempSync(path.join(tmpdir(), 'caas-wf-restart-'));
let pgUrl: string | null = null;
let pgName: string | null = null;

async function openDb(first: boolean): Promise<CoreDb> {
  if (pgUrl) return openPostgres(pgUrl);
  const dir = path.join(dataDir, 'pglite');
  // The harness keeps an empty cluster per PGlite version; start from it when it is there.
  const version = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;
  const cluster = path.join(tmpdir(), `caas-pglite-empty-${version}.tar`);
  return openPglite(dir, first && existsSync(cluster) ? { from: new Blob([readFileSync(cluster)]) } : {});
}

const config = () => loadConfig({
  PORT: '3999',
  PUBLIC_URL: 'http://127.0.0.1:3999',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
  DEMO_PASSWORD: 'demo-password-for-tests',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
});

async function boot(db: CoreDb, worker: { leaseSeconds: number; shutdownGraceMs?: number }): Promise<App> {
  return buildApp(config(), {
    db, plugins: withAll([slowPlugin]), seed: true, webDir: path.join(dataDir, 'no-web'),
    worker: { pollMs: 25, concurrency: 1, ...worker },
  });
}

async function call(app: App, method: 'GET' | 'POST', url: string, body?: unknown) {
  const s = await createSession(app.ctx, app.seed!.users.officer);
  const r = await app.app.inject({
    method, url,
    headers: { cookie: s.cookie, 'x-csrf-token': s.session.csrfToken, ...(body ? { 'content-type': 'application/json' } : {}) },
    payload: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.statusCode, body: r.json() };
}

async function startFlow(app: App, key: string, middle: string): Promise<string> {
  const base = `/api/v1/clients/${app.seed!.clients.demo}/workflows`;
  expect((await call(app, 'POST', `${base}/definitions`, { workflow_definition: { key, name: key, definition: flow(middle) } })).status).toBe(200);
  expect((await call(app, 'POST', `${base}/definitions/${key}/versions/1/publish`)).status).toBe(200);
  const started = await call(app, 'POST', `${base}/instances`, { workflow_instance: { definition_key: key } });
  expect(started.status).toBe(200);
  return started.body.data.id;
}

/** Waits (polling, never asserting on time) until the instance has finished. */
async function finished(db: CoreDb, id: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const { rows } = await db.query<{ status: string }>('SELECT status FROM workflow_instances WHERE id = $1', [id]);
    if (rows[0] && !['running', 'waiting'].includes(rows[0].status)) return rows[0].status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the instance did not finish');
}

async function idle(db: CoreDb, id: string) {
  for (let i = 0; i < 600; i++) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running') AND payload->>'instance_id' = $1 AND run_at <= now()`, [id]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('jobs of the instance are still due');
}

const transitions = async (db: CoreDb, id: string) =>
  (await db.query<{ seq: number; step: string }>(
    `SELECT seq, coalesce(from_state, '∅') || ' -' || event || '-> ' || to_state AS step FROM workflow_transitions WHERE instance_id = $1 ORDER BY seq`, [id],
  )).rows.map((r) => `${r.seq} ${r.step}`);

let app: App | null = null;

beforeAll(async () => {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    pgName = `caas_test_wf_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${pgName}`;
    pgUrl = u.href;
  }
});

afterAll(async () => {
  await app?.close().catch(() => {});
  if (pgName && process.env.TEST_DATABASE_URL) {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`).catch(() => {});
    await c.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server stopped in the middle of a step', () => {
  it('leaves the step to its lease; the next server finishes the instance exactly once, without running committed steps again', async () => {
    const app1 = await boot(await openDb(true), { leaseSeconds: 30, shutdownGraceMs: 200 });
    app = app1;
    const id = await startFlow(app1, 'restart', 'slow.block');
    await blockRunning;
    // The first step's result is committed; the second is running (and will never return).
    expect(await transitions(app1.ctx.db as CoreDb, id)).toEqual(['1 ∅ -workflow.start-> first', '2 first -done-> middle']);
    await app1.close(); // the runner is killed: its step is abandoned, nothing more is committed
    app = null;
    expect(runs).toMatchObject({ first: 1, block: 1 });

    const db = await openDb(false);
    const held = await db.query<{ status: string; leased: boolean; attempts: number }>(
      `SELECT status, locked_until > now() AS leased, attempts FROM jobs WHERE kind = 'workflow.step' AND payload->>'instance_id' = $1 AND payload->>'seq' = '2'`, [id]);
    expect(held.rows).toEqual([{ status: 'running', leased: true, attempts: 1 }]);
    // Time passes: the dead worker's lease runs out. And, as if the first server had died
    // between committing the first step's result and marking its job done, that job is
    // delivered again too.
    await db.query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE kind = 'workflow.step' AND payload->>'instance_id' = $1 AND payload->>'seq' = '2'`, [id]);
    await db.query(
      `UPDATE jobs SET status = 'running', locked_until = now() - interval '1 second', finished_at = NULL
        WHERE kind = 'workflow.step' AND payload->>'instance_id' = $1 AND payload->>'seq' = '1'`, [id]);

    const app2 = await boot(db, { leaseSeconds: 5 });
    app = app2;
    expect(await finished(db, id)).toBe('completed');
    await idle(db, id);
    expect(runs).toMatchObject({ first: 1, block: 2 }); // the cut-short step ran again; the committed one did not
    expect(await transitions(db, id)).toEqual([
      '1 ∅ -workflow.start-> first',
      '2 first -done-> middle',
      '3 middle -done-> end',
    ]);
    const inst = await db.query('SELECT status, state, seq, data FROM workflow_instances WHERE id = $1', [id]);
    expect(inst.rows[0]).toEqual({ status: 'completed', state: 'end', seq: 3, data: { first: true, block_run: 2 } });
    const jobs = await db.query<{ seq: string; status: string; attempts: number }>(
      `SELECT payload->>'seq' AS seq, status, attempts FROM jobs WHERE kind = 'workflow.step' AND payload->>'instance_id' = $1 ORDER BY payload->>'seq'`, [id]);
    expect(jobs.rows).toEqual([{ seq: '1', status: 'done', attempts: 2 }, { seq: '2', status: 'done', attempts: 2 }]);
  }, 180_000); // three database opens and two starts on a shared machine

  it('a step that stops when asked is handed back at once and finished by the next server', async () => {
    const current = app!;
    const id = await startFlow(current, 'polite', 'slow.polite');
    await politeRunning;
    await current.close(); // the step's signal fires; it stops; the job is queued again
    app = null;
    const db = await openDb(false);
    const job = await db.query<{ status: string; locked_by: string | null; attempts: number }>(
      `SELECT status, locked_by, attempts FROM jobs WHERE kind = 'workflow.step' AND payload->>'instance_id' = $1 AND payload->>'seq' = '2'`, [id]);
    expect(job.rows).toEqual([{ status: 'queued', locked_by: null, attempts: 0 }]);
    expect((await transitions(db, id)).length).toBe(2);

    app = await boot(db, { leaseSeconds: 5 });
    expect(await finished(db, id)).toBe('completed');
    expect(runs.polite).toBe(2);
    expect(await transitions(db, id)).toEqual(['1 ∅ -workflow.start-> first', '2 first -done-> middle', '3 middle -done-> end']);
  }, 120_000);
});
