// The worker loop started by main: claims a job, runs its handler in a transaction (a
// tenant transaction when the job belongs to a client), marks it done or schedules a
// retry. Idle workers sleep until a NOTIFY on the jobs channel or the next poll.
// Delivery is at-least-once: a handler must tolerate running again after a crash.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobHandler } from '../../host/server.ts';
import type { AppContext, Db } from '../context.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { claim, complete, fail, JOBS_CHANNEL } from './queue.ts';

/**
 * A core job that opens its own short transactions, so slow work between them (an SMTP
 * delivery) holds no database connection. Plugin jobs are JobHandlers: one transaction.
 */
export interface StagedJob {
  staged: true;
  run(job: { id: string; payload: any; attempt: number; clientId: string | null }, db: Db): Promise<void>;
}

export type AnyJobHandler = JobHandler | StagedJob;

const isStaged = (h: AnyJobHandler): h is StagedJob => typeof h === 'object' && h !== null && (h as StagedJob).staged === true;

export interface WorkerOptions {
  handlers: Record<string, AnyJobHandler>;
  pollMs?: number;
  leaseSeconds?: number;
  backoffBaseSeconds?: number;
  concurrency?: number;
}

export type JobOutcome = { id: string; kind: string; outcome: 'done' | 'retry' | 'failed'; error?: string };

const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export async function runNextJob(ctx: AppContext, opts: WorkerOptions): Promise<JobOutcome | null> {
  const job = await claim(ctx.db, workerId, opts.leaseSeconds ?? 300);
  if (!job) return null;
  const handler = Object.hasOwn(opts.handlers, job.kind) ? opts.handlers[job.kind] : undefined;
  try {
    if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
    if (isStaged(handler)) await handler.run({ id: job.id, payload: job.payload, attempt: job.attempts, clientId: job.client_id }, ctx.db);
    else await ctx.db.transaction((tx) => handler({ id: job.id, payload: job.payload, attempt: job.attempts }, tx), { clientId: job.client_id });
    await complete(ctx.db, job.id);
    return { id: job.id, kind: job.kind, outcome: 'done' };
  } catch (err) {
    const outcome = await fail(ctx.db, job, err, opts.backoffBaseSeconds);
    ctx.log.warn({ err, job: job.id, kind: job.kind, attempt: job.attempts, outcome }, 'job failed');
    return { id: job.id, kind: job.kind, outcome, error: (err as Error)?.message ?? String(err) };
  }
}

export function startWorker(ctx: AppContext, opts: WorkerOptions): { stop(): Promise<void> } {
  let running = true;
  // Every sleeping loop wakes on a NOTIFY (each may claim one of the new jobs).
  const sleepers = new Set<() => void>();
  const wakeAll = () => { for (const w of [...sleepers]) w(); };
  let unlisten: (() => Promise<void>) | null = null;
  const poll = opts.pollMs ?? 2000;

  ctx.db.listen(JOBS_CHANNEL, wakeAll).then((u) => {
    if (running) unlisten = u; else u().catch(() => {});
  }, (err) => ctx.log.warn({ err }, 'jobs: LISTEN failed; polling only'));
  // NOTIFYs sent while the LISTEN connection was down were not heard: look for due jobs now.
  const offRestored = ctx.db.onListenRestored(wakeAll);

  const sleep = () => new Promise<void>((resolve) => {
    const t = setTimeout(done, poll);
    function done() { clearTimeout(t); sleepers.delete(done); resolve(); }
    sleepers.add(done);
  });

  let outage = false;
  async function loop() {
    while (running) {
      let ran: JobOutcome | null = null;
      try {
        ran = await runNextJob(ctx, opts);
        if (outage) ctx.log.info('jobs: the database answers again; claiming resumed');
        outage = false;
      } catch (err) {
        if (!running) break;
        if (!isDatabaseUnavailable(err)) ctx.log.error({ err }, 'jobs: claiming failed');
        else if (!outage) {
          outage = true;
          ctx.log.warn({ err }, 'jobs: the database is not reachable; claiming pauses until it answers');
        }
      }
      if (!ran && running) await sleep();
    }
  }

  const loops = Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, loop);
  return {
    async stop() {
      running = false;
      offRestored();
      wakeAll();
      await Promise.allSettled(loops);
      if (unlisten) await unlisten().catch(() => {});
    },
  };
}
