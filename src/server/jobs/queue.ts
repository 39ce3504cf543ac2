// A job queue in the jobs table. Enqueueing is part of the caller's transaction (a job
// exists only if the change that asked for it committed). Any copy of the server claims
// due jobs with FOR UPDATE SKIP LOCKED under a lease, so copies never run the same job at
// once and a job whose worker died is taken again when its lease ends. Failures retry
// with exponential backoff until max_attempts, then the job stays 'failed'.
import type { Queryable } from '../../host/server.ts';

export const JOBS_CHANNEL = 'jobs';

export interface JobRow {
  id: string;
  kind: string;
  payload: any;
  client_id: string | null;
  attempts: number;
  max_attempts: number;
}

export interface EnqueueOptions {
  clientId?: string | null;
  runAt?: Date;
  maxAttempts?: number;
}

export async function enqueue(q: Queryable, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO jobs (kind, payload, client_id, run_at, max_attempts)
     VALUES ($1, $2::jsonb, $3, coalesce($4::timestamptz, now()), $5) RETURNING id`,
    [kind, JSON.stringify(payload ?? {}), opts.clientId ?? null, opts.runAt?.toISOString() ?? null, opts.maxAttempts ?? 5],
  );
  // Delivered on commit: idle workers wake at once instead of at their next poll.
  await q.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, kind]);
  return rows[0].id;
}

/** Takes one due job (or one whose lease ran out) and leases it to this worker. */
export async function claim(q: Queryable, workerId: string, leaseSeconds = 300, kinds?: string[]): Promise<JobRow | null> {
  const { rows } = await q.query<JobRow>(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $1,
            locked_until = now() + make_interval(secs => $2)
      WHERE id = (
        SELECT id FROM jobs
         WHERE ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
           AND ($3::text[] IS NULL OR kind = ANY($3::text[]))
         ORDER BY run_at, created_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, payload, client_id, attempts, max_attempts`,
    [workerId, leaseSeconds, kinds ?? null],
  );
  return rows[0] ?? null;
}

export async function complete(q: Queryable, id: string): Promise<void> {
  await q.query(
    `UPDATE jobs SET status = 'done', finished_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1`,
    [id],
  );
}

/** A running job stays this worker's for leaseSeconds more (detached jobs renew while they run). */
export async function extendLease(q: Queryable, id: string, workerId: string, leaseSeconds: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE jobs SET locked_until = now() + make_interval(secs => $3)
      WHERE id = $1 AND status = 'running' AND locked_by = $2`,
    [id, workerId, leaseSeconds],
  );
  return rowCount > 0;
}

/** Gives a job back without counting the attempt (the worker is stopping): any copy may take it at once. */
export async function release(q: Queryable, id: string, workerId: string): Promise<void> {
  await q.query(
    `UPDATE jobs SET status = 'queued', run_at = now(), locked_until = NULL, locked_by = NULL, attempts = greatest(attempts - 1, 0)
      WHERE id = $1 AND status = 'running' AND locked_by = $2`,
    [id, workerId],
  );
}

/** Seconds before the next attempt: base·2^(attempt-1), capped at an hour. */
export function backoffSeconds(attempt: number, baseSeconds = 10): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempt - 1), 3600);
}

export async function fail(q: Queryable, job: JobRow, error: unknown, baseSeconds = 10): Promise<'retry' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= job.max_attempts;
  await q.query(
    `UPDATE jobs SET status = $2, last_error = $3, locked_until = NULL, locked_by = NULL,
            run_at = CASE WHEN $2 = 'queued' THEN now() + make_interval(secs => $4) ELSE run_at END,
            finished_at = CASE WHEN $2 = 'failed' THEN now() ELSE NULL END
      WHERE id = $1`,
    [job.id, final ? 'failed' : 'queued', message.slice(0, 2000), backoffSeconds(job.attempts, baseSeconds)],
  );
  return final ? 'failed' : 'retry';
}
