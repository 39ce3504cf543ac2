// The worker loop started by main: claims a job, runs its handler in a transaction (a
// tenant transaction when the job belongs to a client), marks it done or schedules a
// retry. Idle workers sleep until a NOTIFY on the jobs channel or the next poll.
// Delivery is at-least-once: a handler must tolerate running again after a crash.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobContext, JobHandler, Tx } from '../../host/server.ts';
import type { AppContext } from '../context.ts';
import { claim, complete, fail, JOBS_CHANNEL } from './queue.ts';

export interface WorkerOptions {
  handlers: Record<string, JobHandler>;
  /** The context a handler gets around its transaction (the host's actions, bound to the job's owner). */
  context?: (tx: Tx, job: { kind: string; clientId: string | null }) => JobContext;
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
    await ctx.db.transaction((tx) => {
      const jc = opts.context ? opts.context(tx, { kind: job.kind, clientId: job.client_id }) : (tx as JobContext);
      return handler({ id: job.id, payload: job.payload, attempt: job.attempts }, jc);
    }, { clientId: job.client_id });
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
  let wake: (() => void) | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  const poll = opts.pollMs ?? 2000;

  ctx.db.listen(JOBS_CHANNEL, () => wake?.()).then((u) => {
    if (running) unlisten = u; else u().catch(() => {});
  }, (err) => ctx.log.warn({ err }, 'jobs: LISTEN failed; polling only'));

  const sleep = () => new Promise<void>((resolve) => {
    const t = setTimeout(done, poll);
    function done() { clearTimeout(t); wake = null; resolve(); }
    wake = done;
  });

  async function loop() {
    while (running) {
      let ran: JobOutcome | null = null;
      try {
        ran = await runNextJob(ctx, opts);
      } catch (err) {
        if (!running) break;
        ctx.log.error({ err }, 'jobs: claiming failed');
      }
      if (!ran && running) await sleep();
    }
  }

  const loops = Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, loop);
  return {
    async stop() {
      running = false;
      wake?.();
      await Promise.allSettled(loops);
      if (unlisten) await unlisten().catch(() => {});
    },
  };
}
