// The durable runner: two job kinds on the job queue.
//
// workflow.step {instance_id, seq} runs the step of the state the instance entered at seq:
//   1. a short transaction checks the instance is still there (same seq, running) and counts
//      the attempt (a run cut short by a crash counts too);
//   2. the step runs OUTSIDE any transaction, with an AbortSignal for its time limit and for
//      shutdown; the job's lease is renewed meanwhile;
//   3. one transaction locks the instance, checks seq again (optimistic: a cancel, a timeout
//      or an external event may have moved it on, and then the result is dropped), commits
//      the step's mail, notifications, audit rows and jobs, records the transition and
//      enqueues the next state's step. A failure schedules a retry (a new job, with backoff)
//      or, once the attempts are used up, emits 'failed'.
//   A step that reported its result never runs again (its seq is gone); a step whose runner
//   died before step 3 runs again when the job's lease runs out (at-least-once).
//
// workflow.event {instance_id, seq, event, source} sends a timeout or a step's wake-up
// event, if the instance is still in the state it was scheduled for.
import { validate } from 'superstruct';
import type { JobHandler, Tx } from '../../host/server.ts';
import { PermanentStepError, type StepContext, type StepResult, type WorkflowStepDef } from '../../host/workflow.ts';
import { fieldErrors } from '../../shared/schemas/common.ts';
import { isEmail } from '../../shared/schemas/common.ts';
import { writeAudit } from '../audit.ts';
import type { AppContext } from '../context.ts';
import { isUuid } from '../db/types.ts';
import { queueMail } from '../jobs/mail.ts';
import { backoffSeconds, enqueue } from '../jobs/queue.ts';
import { detachedJob, JobReleased, type DetachedJob } from '../jobs/worker.ts';
import { createNotification } from '../notify.ts';
import { FAILED_EVENT } from './definition.ts';
import {
  ACTIVE, applyToRow, dataProblem, EVENT_JOB, lockInstance, loadVersion, RUNNER_JOB_ATTEMPTS, STEP_JOB, stepFailed,
  type InstanceRow, type LoadedVersion,
} from './engine.ts';
import { stepEvents, type StepRegistry } from './registry.ts';
import { deepFreeze, parseDuration } from './values.ts';

export interface RunnerOptions {
  registry: StepRegistry;
}

type Effect = (tx: Tx) => Promise<unknown>;

type Outcome = { result: StepResult; error?: undefined } | { error: unknown; result?: undefined };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

function message(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return (m || 'the step failed').slice(0, 2000);
}

function isPermanent(err: unknown): boolean {
  return err instanceof PermanentStepError || (err as { permanent?: unknown })?.permanent === true;
}

/**
 * Runs the step with its time limit: when it passes, the step's signal fires and the runner
 * stops waiting (a late result is ignored). On shutdown the signal fires too, but the runner
 * keeps waiting: a step that stops is released for another copy at once; one that does not
 * is abandoned with the worker and its job's lease runs out, exactly as if the process died.
 */
async function runWithLimit(def: WorkflowStepDef, ctx: StepContext, input: unknown, limit: AbortController, timeoutSeconds: number): Promise<Outcome> {
  const timer = setTimeout(() => limit.abort(new Error(`the step did not finish within ${timeoutSeconds} s`)), timeoutSeconds * 1000);
  try {
    const timedOut = new Promise<never>((_, reject) => {
      limit.signal.addEventListener('abort', () => reject(limit.signal.reason), { once: true });
    });
    timedOut.catch(() => {});
    const result = await Promise.race([def.run(ctx, input), timedOut]);
    return { result };
  } catch (error) {
    return { error };
  } finally {
    clearTimeout(timer);
  }
}

/** What the step reported, checked: an event it declares, plain data, a sane wake-up. */
function checkResult(def: WorkflowStepDef, input: unknown, r: unknown): string | null {
  if (!isPlainObject(r)) return 'the step returned no result ({ event } or { wait: true })';
  if (r.wait === true) {
    const wake = r.wake as { afterMs?: unknown; event?: unknown } | undefined;
    if (wake === undefined) return null;
    if (!isPlainObject(wake) || parseDuration(wake.afterMs) === null || typeof wake.event !== 'string') return 'the step asked to wake up with a bad delay or event';
    if (!stepEvents(def, input).includes(wake.event)) return `the step asked to wake up with "${wake.event}", which it does not declare`;
    return null;
  }
  if (typeof r.event !== 'string') return 'the step reported no event';
  if (r.event !== FAILED_EVENT && !stepEvents(def, input).includes(r.event)) return `the step reported "${r.event}", which it does not declare`;
  if (r.data !== undefined && !isPlainObject(r.data)) return 'the step reported data that is not an object';
  return null;
}

export function workflowJobHandlers(app: AppContext, opts: RunnerOptions): Record<string, JobHandler> {
  const settings = () => ({ publicUrl: app.config.publicUrl, oidcIssuer: app.config.oidcIssuer });

  async function runStep(job: DetachedJob): Promise<void> {
    const { instance_id: instanceId, seq } = (job.payload ?? {}) as { instance_id?: string; seq?: number };
    const clientId = job.clientId;
    if (!clientId || !isUuid(instanceId) || typeof seq !== 'number') return; // not ours to run

    // 1. Is the step still due? Count the attempt.
    const begun = await app.db.transaction(async (tx) => {
      const row = await lockInstance(tx, instanceId);
      if (!row || row.seq !== seq || row.status !== 'running') return null;
      const v = await loadVersion(tx, row.version_id);
      const step = v.compiled.states[row.state]?.step;
      if (!step) return null;
      if (row.step_attempts >= step.retry.max_attempts) {
        // Every attempt so far was cut short (crashes): give up as if the last one failed.
        await stepFailed(tx, v, row, row.last_error ?? `the step did not finish in ${row.step_attempts} attempts`, { type: 'step', stepType: step.type });
        return null;
      }
      const { rows } = await tx.query<{ step_attempts: number }>(
        'UPDATE workflow_instances SET step_attempts = step_attempts + 1, updated_at = clock_timestamp() WHERE id = $1 RETURNING step_attempts', [row.id]);
      return { row, v, step, attempt: rows[0].step_attempts };
    }, { clientId });
    if (!begun) return;
    const { row, v, step, attempt } = begun;

    // 2. Run it, outside any transaction.
    const effects: Effect[] = [];
    const def = opts.registry.get(step.type);
    let outcome: Outcome;
    let input: unknown;
    if (!def) {
      outcome = { error: new PermanentStepError(`unknown step type "${step.type}" (is its plugin installed?)`) };
    } else {
      const [err, coerced] = validate(step.input, def.input, { coerce: true });
      if (err) {
        const problems = Object.entries(fieldErrors(err)).map(([f, m]) => `${f} ${m}`).join('; ');
        outcome = { error: new PermanentStepError(`the step's input is not valid: ${problems}`) };
      } else {
        input = coerced;
        const limit = new AbortController();
        const ctx = stepContext(row, v, attempt, AbortSignal.any([limit.signal, job.signal]), effects);
        outcome = await runWithLimit(def, ctx, input, limit, step.retry.timeout_seconds);
      }
    }
    // The worker is stopping: commit nothing; the job is queued again for any copy.
    if (job.signal.aborted) throw new JobReleased();

    // 3. Commit the result if the instance is still where the step started.
    await app.db.transaction(async (tx) => {
      const now = await lockInstance(tx, instanceId);
      if (!now || now.seq !== seq || now.status !== 'running') return; // moved on: the result is dropped
      const actor = { type: 'step' as const, stepType: step.type };
      let error: unknown = outcome.error;
      if (error === undefined && def) {
        const bad = checkResult(def, input, outcome.result);
        if (bad) error = new PermanentStepError(bad);
      }
      if (error === undefined) {
        // The step's mail, notifications, audit rows and jobs: exactly once, with its result.
        await tx.query('SAVEPOINT workflow_step_effects');
        try {
          for (const e of effects) await e(tx);
          await tx.query('RELEASE SAVEPOINT workflow_step_effects');
        } catch (err) {
          await tx.query('ROLLBACK TO SAVEPOINT workflow_step_effects');
          error = err;
        }
      }
      if (error !== undefined) {
        const msg = message(error);
        if (isPermanent(error) || attempt >= step.retry.max_attempts) {
          await stepFailed(tx, v, now, msg, actor);
        } else {
          await tx.query('UPDATE workflow_instances SET last_error = $2, updated_at = clock_timestamp() WHERE id = $1', [now.id, msg]);
          const delay = backoffSeconds(attempt, step.retry.backoff_seconds);
          await enqueue(tx, STEP_JOB, { instance_id: now.id, seq }, { clientId, runAt: new Date(Date.now() + delay * 1000), maxAttempts: RUNNER_JOB_ATTEMPTS });
        }
        return;
      }
      const result = outcome.result!;
      if ('wait' in result && result.wait === true) {
        await tx.query(`UPDATE workflow_instances SET status = 'waiting', last_error = NULL, updated_at = clock_timestamp() WHERE id = $1`, [now.id]);
        if (result.wake) {
          await enqueue(tx, EVENT_JOB, { instance_id: now.id, seq, event: result.wake.event, source: 'wake', step_type: step.type }, {
            clientId, runAt: new Date(Date.now() + result.wake.afterMs), maxAttempts: RUNNER_JOB_ATTEMPTS,
          });
        }
        return;
      }
      const done = result as { event: string; data?: Record<string, unknown> };
      const merged = done.data ? { ...now.data, ...done.data } : now.data;
      const problem = dataProblem(merged);
      if (problem) {
        await stepFailed(tx, v, now, `the step's data cannot be kept: ${problem}`, actor);
        return;
      }
      if (done.event === FAILED_EVENT) {
        await stepFailed(tx, v, { ...now, data: merged }, 'the step reported failed', actor);
        return;
      }
      await applyToRow(tx, v, now, { event: done.event, data: done.data, actor, external: false, onRefused: 'fail' });
    }, { clientId });
  }

  function stepContext(row: InstanceRow, v: LoadedVersion, attempt: number, signal: AbortSignal, effects: Effect[]): StepContext {
    const clientId = row.client_id;
    return {
      clientId,
      instanceId: row.id,
      definitionKey: row.definition_key,
      version: v.version,
      state: row.state,
      seq: row.seq,
      data: deepFreeze(structuredClone(row.data)),
      attempt,
      signal,
      settings: settings(),
      log: app.log.child({ workflow_instance: row.id, state: row.state, attempt }),
      transaction: (fn) => app.db.transaction(fn, { clientId }),
      mail(m) {
        if (!m || !isEmail(String(m.to ?? '')) || typeof m.subject !== 'string' || m.subject.trim() === '' || typeof m.text !== 'string') {
          throw new PermanentStepError('mail() needs a valid to address, a subject and a text');
        }
        effects.push((tx) => queueMail(tx, clientId, { to: m.to, subject: m.subject, text: m.text, html: m.html }));
      },
      notify(n) {
        if (!n || !isUuid(n.userId) || typeof n.type !== 'string') throw new PermanentStepError('notify() needs a user id and a type');
        effects.push((tx) => createNotification(tx, { ...n, clientId }));
      },
      audit(e) {
        if (!e || typeof e.action !== 'string' || typeof e.objectType !== 'string') throw new PermanentStepError('audit() needs an action and an object type');
        effects.push((tx) => writeAudit(tx, {
          userId: null, clientId, action: e.action, objectType: e.objectType, objectId: e.objectId ?? null,
          before: e.before, after: e.after, requestId: `workflow:${row.id}`,
        }));
      },
      enqueue(kind, payload, o) {
        if (typeof kind !== 'string' || kind === '') throw new PermanentStepError('enqueue() needs a job kind');
        effects.push((tx) => enqueue(tx, kind, payload, { clientId, runAt: o?.runAt }));
      },
    };
  }

  // Timeouts and wake-ups: only for the state they were scheduled in.
  const eventJob: JobHandler = async (job, tx) => {
    const p = (job.payload ?? {}) as { instance_id?: string; seq?: number; event?: string; source?: string; step_type?: string };
    if (!isUuid(p.instance_id) || typeof p.seq !== 'number' || typeof p.event !== 'string') return;
    const row = await lockInstance(tx, p.instance_id);
    if (!row || row.seq !== p.seq || !ACTIVE.has(row.status)) return;
    if (p.source === 'wake' && row.status !== 'waiting') return;
    const v = await loadVersion(tx, row.version_id);
    const actor = p.source === 'wake' && p.step_type ? { type: 'step' as const, stepType: p.step_type } : { type: 'system' as const };
    await applyToRow(tx, v, row, { event: p.event, actor, external: false, onRefused: p.source === 'wake' ? 'fail' : 'ignore' });
  };

  return { [STEP_JOB]: detachedJob(runStep), [EVENT_JOB]: eventJob };
}
