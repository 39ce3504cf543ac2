// The worker loop started by main: claims a job, runs its handler in a transaction (a
// tenant transaction when the job belongs to a client), marks it done or schedules a
// retry. Idle workers sleep until a NOTIFY on the jobs channel or the next poll.
// Delivery is at-least-once: a handler must tolerate running again after a crash.
//
// Detached handlers (detachedJob(), the workflow runner's steps) run outside any
// transaction, because they wait on the world (webhooks, mail servers) and must not hold a
// connection meanwhile; they open short transactions of their own. While one runs, the
// worker renews its lease, so only a dead worker's jobs are taken again. stop() aborts
// them and waits at most shutdownGraceMs: a handler that does not stop in time is left to
// its lease, as if the process had died.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobContext, JobHandler, Tx } from '../../host/server.ts';
import type { AppContext, Db } from '../context.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { claim, complete, extendLease, fail, JOBS_CHANNEL, release } from './queue.ts';

export interface WorkerOptions {
  handlers: Record<string, JobHandler>;
  /** The context a handler gets around its transaction (the host's actions, bound to the job's owner). */
  context?: (tx: Tx, job: { kind: string; clientId: string | null }) => JobContext;
  pollMs?: number;
  /** How long a claimed job is this worker's; detached jobs renew it every third of it. */
  leaseSeconds?: number;
  backoffBaseSeconds?: number;
  concurrency?: number;
  /** stop() waits this long for running jobs (default 30 s), then leaves them to their lease. */
  shutdownGraceMs?: number;
  /** Names this worker in jobs.locked_by (default: host, process and a random part). */
  workerId?: string;
}

export type JobOutcome = { id: string; kind: string; outcome: 'done' | 'retry' | 'failed' | 'released'; error?: string };

/** A job handler that runs outside any transaction (see the file's comment). */
export interface DetachedJob {
  id: string;
  kind: string;
  payload: any;
  attempt: number;
  clientId: string | null;
  /** Aborted when the worker stops: stop, commit nothing, and throw JobReleased. */
  signal: AbortSignal;
  /** The database, for the job's own short transactions (scoped to its client as a handler's are). */
  db: Db;
}

/** Thrown by a detached handler that stopped because the worker is stopping: the job is queued again at once. */
export class JobReleased extends Error {
  constructor(message = 'the worker stopped') {
    super(message);
    this.name = 'JobReleased';
  }
}

const DETACHED = Symbol.for('compliance.jobs.detached');

export function detachedJob(run: (job: DetachedJob) => Promise<void>): JobHandler {
  const handler: JobHandler = async () => { throw new Error('a detached job runs outside a transaction'); };
  Object.defineProperty(handler, DETACHED, { value: run });
  return handler;
}

function detachedRun(h: JobHandler | undefined): ((job: DetachedJob) => Promise<void>) | undefined {
  return h ? (h as unknown as Record<symbol, (job: DetachedJob) => Promise<void>>)[DETACHED] : undefined;
}

/** Detached jobs running in one worker: stop() aborts them and ends their lease renewals. */
interface Running { abort: AbortController; beat: ReturnType<typeof setInterval> }

const defaultWorkerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export async function runNextJob(ctx: AppContext, opts: WorkerOptions, running?: Set<Running>): Promise<JobOutcome | null> {
  const workerId = opts.workerId ?? defaultWorkerId;
  const leaseSeconds = opts.leaseSeconds ?? 300;
  const job = await claim(ctx.db, workerId, leaseSeconds);
  if (!job) return null;
  const handler = Object.hasOwn(opts.handlers, job.kind) ? opts.handlers[job.kind] : undefined;
  const detached = detachedRun(handler);
  const abort = new AbortController();
  try {
    if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
    if (detached) {
      const beat = setInterval(() => {
        extendLease(ctx.db, job.id, workerId, leaseSeconds).catch((err) => ctx.log.warn({ err, job: job.id }, 'jobs: lease renewal failed'));
      }, Math.max(200, (leaseSeconds * 1000) / 3));
      const entry: Running = { abort, beat };
      running?.add(entry);
      try {
        await detached({ id: job.id, kind: job.kind, payload: job.payload, attempt: job.attempts, clientId: job.client_id, signal: abort.signal, db: ctx.db });
      } finally {
        clearInterval(beat);
        running?.delete(entry);
      }
    } else {
      await ctx.db.transaction((tx) => {
        const jc = opts.context ? opts.context(tx, { kind: job.kind, clientId: job.client_id }) : (tx as JobContext);
        return handler({ id: job.id, payload: job.payload, attempt: job.attempts }, jc);
      }, { clientId: job.client_id });
    }
    await complete(ctx.db, job.id);
    return { id: job.id, kind: job.kind, outcome: 'done' };
  } catch (err) {
    if (err instanceof JobReleased && abort.signal.aborted) {
      await release(ctx.db, job.id, workerId);
      return { id: job.id, kind: job.kind, outcome: 'released' };
    }
    const outcome = await fail(ctx.db, job, err, opts.backoffBaseSeconds);
    ctx.log.warn({ err, job: job.id, kind: job.kind, attempt: job.attempts, outcome }, 'job failed');
    return { id: job.id, kind: job.kind, outcome, error: (err as Error)?.message ?? String(err) };
  }
}

export function startWorker(ctx: AppContext, options: WorkerOptions): { stop(): Promise<void> } {
  const opts: WorkerOptions = { ...options, workerId: options.workerId ?? `${defaultWorkerId}:${randomUUID().slice(0, 4)}` };
  const detachedRunning = new Set<Running>();
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
        ran = await runNextJob(ctx, opts, detachedRunning);
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
      for (const r of detachedRunning) r.abort.abort(new JobReleased());
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), opts.shutdownGraceMs ?? 30_000); });
      const outcome = await Promise.race([Promise.allSettled(loops).then(() => 'stopped' as const), deadline]);
      clearTimeout(timer);
      if (outcome === 'late') {
        // Jobs still running are abandoned: their leases run out and another copy takes them.
        for (const r of detachedRunning) clearInterval(r.beat);
        ctx.log.warn({ jobs: detachedRunning.size }, 'jobs: stopped with jobs still running; their leases will expire');
      }
      if (unlisten) await unlisten().catch(() => {});
    },
  };
}
