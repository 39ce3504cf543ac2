// The job queue (claims with SKIP LOCKED under a lease, retries with backoff, tenant
// jobs under row-level security) and the mail outbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backoffSeconds, claim, complete, enqueue, fail } from '../../src/server/jobs/queue.ts';
import { startWorker, runNextJob } from '../../src/server/jobs/worker.ts';
import type { SendMail } from '../../src/server/jobs/mail.ts';
import { failing, jobLog, probePlugin } from './fixtures/probe-plugin.ts';
import { startServer, t, type TestClient, type TestServer } from './harness.ts';

let s: TestServer;
let officer: TestClient;
let demo: string, northwind: string;
const sent: Parameters<SendMail>[0][] = [];
let smtpDown = false;

beforeAll(async () => {
  s = await startServer({
    plugins: [probePlugin],
    sendMail: async (m) => {
      if (smtpDown) throw new Error('connection refused');
      sent.push(m);
    },
  });
  ({ demo, northwind } = s.seed.clients);
  officer = await s.login('officer');
});
afterAll(async () => { await s?.close(); });
beforeEach(async () => {
  // Each test starts with an empty queue.
  await s.db.query(`UPDATE jobs SET status = 'done' WHERE status IN ('queued', 'running')`);
  jobLog.length = 0;
  failing.remaining = 0;
});

const opts = () => ({ handlers: s.app.jobHandlers, backoffBaseSeconds: 30 });
const job = async (id: string) => (await s.db.query('SELECT status, attempts, last_error, run_at > now() AS later, locked_until FROM jobs WHERE id = $1', [id])).rows[0];

describe('claiming', () => {
  it('gives each job to one worker: concurrent claims get different jobs, and a claimed job is not claimed again', async () => {
    const a = await enqueue(s.db, 'probe.count', { n: 1 });
    const b = await enqueue(s.db, 'probe.count', { n: 2 });
    const claims = await Promise.all([claim(s.db, 'w1'), claim(s.db, 'w2'), claim(s.db, 'w3')]);
    const ids = claims.filter(Boolean).map((c) => c!.id).sort();
    expect(ids).toEqual([a, b].sort());
    expect(claims.filter((c) => c === null)).toHaveLength(1);
    expect(await claim(s.db, 'w4')).toBeNull();
    expect(await job(a)).toMatchObject({ status: 'running', attempts: 1 });
    await complete(s.db, a);
    await complete(s.db, b);
    expect((await job(a)).status).toBe('done');
  });

  it('skips rows another transaction holds locked', async () => {
    const a = await enqueue(s.db, 'probe.count', { n: 'locked' });
    const b = await enqueue(s.db, 'probe.count', { n: 'free' });
    if (s.db.kind === 'postgres') {
      // A second connection holds job a; the claim takes b without waiting.
      let release!: () => void;
      const held = new Promise<void>((r) => { release = r; });
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => { locked = r; });
      const holder = s.db.transaction(async (tx) => {
        await tx.query('SELECT id FROM jobs WHERE id = $1 FOR UPDATE', [a]);
        locked();
        await held;
      });
      await isLocked;
      const got = await claim(s.db, 'w1');
      release();
      await holder;
      expect(got?.id).toBe(b);
    } else {
      // PGlite has one connection: transactions never overlap, so claims simply alternate.
      expect((await claim(s.db, 'w1'))?.id).toBe(a);
      expect((await claim(s.db, 'w2'))?.id).toBe(b);
    }
  });

  it('takes back a job whose lease ran out (its worker died)', async () => {
    const a = await enqueue(s.db, 'probe.count', { n: 'orphan' });
    expect((await claim(s.db, 'dead-worker'))?.id).toBe(a);
    expect(await claim(s.db, 'w2')).toBeNull();
    await s.db.query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = $1`, [a]);
    const again = await claim(s.db, 'w2');
    expect(again).toMatchObject({ id: a, attempts: 2 });
  });

  it('waits for run_at', async () => {
    await enqueue(s.db, 'probe.count', {}, { runAt: new Date(Date.now() + 3600_000) });
    expect(await claim(s.db, 'w1')).toBeNull();
  });
});

describe('running', () => {
  it('runs a client job inside that client: its handler sees only the client rows', async () => {
    await s.db.query(`INSERT INTO probe_items (client_id, name) VALUES ($1, 'n1'), ($1, 'n2'), ($2, 'd1')`, [northwind, demo]);
    await s.db.transaction((tx) => enqueue(tx, 'probe.count', { who: 'northwind' }, { clientId: northwind }), { clientId: northwind });
    const outcome = await runNextJob(s.app.ctx, opts());
    expect(outcome).toMatchObject({ kind: 'probe.count', outcome: 'done' });
    const nwVisible = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM probe_items WHERE client_id = $1', [northwind])).rows[0].n;
    expect(jobLog).toEqual([{ kind: 'probe.count', payload: { who: 'northwind' }, visible: nwVisible, clientSetting: northwind }]);
  });

  it('retries a failing job later with backoff, then succeeds', async () => {
    failing.remaining = 1;
    const id = await enqueue(s.db, 'probe.count', { n: 'flaky' });
    const first = await runNextJob(s.app.ctx, opts());
    expect(first).toMatchObject({ id, outcome: 'retry', error: 'probe job failed on purpose' });
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'probe job failed on purpose', later: true, locked_until: null });
    // Not due yet: nothing to run.
    expect(await runNextJob(s.app.ctx, opts())).toBeNull();
    await s.db.query('UPDATE jobs SET run_at = now() WHERE id = $1', [id]);
    expect(await runNextJob(s.app.ctx, opts())).toMatchObject({ id, outcome: 'done' });
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
  });

  it('gives up after max_attempts and keeps the job as failed', async () => {
    failing.remaining = 10;
    const id = await enqueue(s.db, 'probe.count', {}, { maxAttempts: 2 });
    expect((await runNextJob(s.app.ctx, opts()))?.outcome).toBe('retry');
    await s.db.query('UPDATE jobs SET run_at = now() WHERE id = $1', [id]);
    expect((await runNextJob(s.app.ctx, opts()))?.outcome).toBe('failed');
    expect(await job(id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await runNextJob(s.app.ctx, opts())).toBeNull();
  });

  it('fails a job of an unknown kind instead of losing it', async () => {
    const id = await enqueue(s.db, 'nobody.handles.this', {}, { maxAttempts: 1 });
    expect(await runNextJob(s.app.ctx, opts())).toMatchObject({ id, outcome: 'failed', error: 'no handler for job kind "nobody.handles.this"' });
  });

  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n, 10))).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(30, 10)).toBe(3600);
  });

  it('a job enqueued by a transaction that rolled back never exists', async () => {
    await expect(s.db.transaction(async (tx) => {
      await enqueue(tx, 'probe.count', { n: 'ghost' });
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    expect(await claim(s.db, 'w1')).toBeNull();
  });

  it('the worker loop picks up a new job by itself', async () => {
    const worker = startWorker(s.app.ctx, { ...opts(), pollMs: 50 });
    try {
      const id = await enqueue(s.db, 'probe.count', { n: 'looped' });
      let status = '';
      for (let i = 0; i < 200 && status !== 'done'; i++) {
        status = String((await job(id)).status);
        if (status !== 'done') await new Promise((r) => setTimeout(r, 25));
      }
      expect(status).toBe('done');
    } finally {
      await worker.stop();
    }
  });

  it('fail() with attempts left requeues, without them marks failed', async () => {
    const id = await enqueue(s.db, 'probe.count', {}, { maxAttempts: 1 });
    const c = await claim(s.db, 'w1');
    expect(await fail(s.db, c!, new Error('x'))).toBe('failed');
    expect((await job(id)).status).toBe('failed');
  });
});

describe('mail outbox', () => {
  it('a write queues its mail in the outbox and the job delivers it', async () => {
    await officer.post(t(demo, '/probe/items'), { probe_item: { name: 'mailer' } });
    const { rows } = await s.db.query('SELECT id, client_id, to_address, subject, status FROM outbox WHERE subject = $1', ['Item mailer']);
    expect(rows).toEqual([{ id: expect.any(String), client_id: demo, to_address: 'someone@example.com', subject: 'Item mailer', status: 'pending' }]);
    for (let i = 0; i < 5 && (await runNextJob(s.app.ctx, opts())); i++) { /* drain */ }
    expect(sent).toEqual([expect.objectContaining({ to: 'someone@example.com', subject: 'Item mailer', text: 'An item was created', from: expect.stringContaining('no-reply@127.0.0.1') })]);
    const after = await s.db.query('SELECT status, sent_at IS NOT NULL AS sent FROM outbox WHERE id = $1', [rows[0].id]);
    expect(after.rows[0]).toEqual({ status: 'sent', sent: true });
  });

  it('keeps the mail pending and retries while SMTP fails', async () => {
    smtpDown = true;
    try {
      await officer.post(t(demo, '/probe/items'), { probe_item: { name: 'bounced' } });
      const outcomes = [];
      for (let i = 0; i < 5; i++) {
        const o = await runNextJob(s.app.ctx, opts());
        if (!o) break;
        outcomes.push(o.kind === 'mail.deliver' ? o.outcome : 'other');
      }
      expect(outcomes).toContain('retry');
      const { rows } = await s.db.query(`SELECT status FROM outbox WHERE subject = 'Item bounced'`);
      expect(rows[0].status).toBe('pending');
    } finally {
      smtpDown = false;
    }
  });

  it('hands the mail to SMTP outside any transaction: a slow mail server holds up no request', async () => {
    const { mailDeliveryJob, queueMail } = await import('../../src/server/jobs/mail.ts');
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    let started!: () => void;
    const sending = new Promise<void>((r) => { started = r; });
    const slow = mailDeliveryJob({ smtpUrl: null, publicUrl: s.config.publicUrl }, async () => { started(); await gate; });
    const outboxId = await s.db.transaction((tx) => queueMail(tx, demo, { to: 'slow@example.com', subject: 'Slow SMTP', text: 'hello' }), { clientId: demo });
    const run = runNextJob(s.app.ctx, { handlers: { 'mail.deliver': slow } });
    try {
      await sending;
      // The mail server has not answered yet. On PGlite (one connection) a delivery inside
      // a transaction would hold every request here until it did; on PostgreSQL it would
      // hold a connection idle in its transaction.
      const r = await officer.get(t(demo, '/tab_registries'));
      expect(r.status).toBe(200);
      if (s.db.kind === 'postgres') {
        const { rows } = await s.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
        expect(rows[0].n).toBe(0);
      }
      expect((await s.db.query('SELECT status FROM outbox WHERE id = $1', [outboxId])).rows[0].status).toBe('pending');
    } finally {
      release();
    }
    expect(await run).toMatchObject({ kind: 'mail.deliver', outcome: 'done' });
    expect((await s.db.query('SELECT status, attempts FROM outbox WHERE id = $1', [outboxId])).rows[0]).toEqual({ status: 'sent', attempts: 1 });
  });

  it('records a failed delivery on the outbox row and keeps the mail pending', async () => {
    const { mailDeliveryJob, queueMail } = await import('../../src/server/jobs/mail.ts');
    const refused = mailDeliveryJob({ smtpUrl: null, publicUrl: s.config.publicUrl }, async () => { throw new Error('550 mailbox unavailable'); });
    const outboxId = await s.db.transaction((tx) => queueMail(tx, null, { to: 'gone@example.com', subject: 'Refused', text: 'hello' }));
    expect(await runNextJob(s.app.ctx, { handlers: { 'mail.deliver': refused } })).toMatchObject({ outcome: 'retry' });
    expect((await s.db.query('SELECT status, attempts, last_error FROM outbox WHERE id = $1', [outboxId])).rows[0])
      .toEqual({ status: 'pending', attempts: 1, last_error: '550 mailbox unavailable' });
  });

  it('without SMTP the mail stays in the outbox, marked not sent', async () => {
    const { mailDeliveryJob, queueMail } = await import('../../src/server/jobs/mail.ts');
    const noSmtp = mailDeliveryJob({ smtpUrl: null, publicUrl: s.config.publicUrl });
    const outboxId = await s.db.transaction((tx) => queueMail(tx, null, { to: 'ops@example.com', subject: 'No SMTP', text: 'hello' }));
    const outcome = await runNextJob(s.app.ctx, { handlers: { 'mail.deliver': noSmtp } });
    expect(outcome).toMatchObject({ kind: 'mail.deliver', outcome: 'done' });
    const { rows } = await s.db.query('SELECT status, last_error, text_body FROM outbox WHERE id = $1', [outboxId]);
    expect(rows[0]).toEqual({ status: 'not_sent', last_error: 'SMTP_URL is not configured', text_body: 'hello' });
  });
});
