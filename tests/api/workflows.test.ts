// The workflow engine through the API on a real database: definitions (validation, versions,
// publishing), instances run by the job queue one job at a time (steps from two plugins and
// the core's), retries, timeouts, timers, cancel, external events, webhooks and mail,
// tenant isolation and the permission and feature gates.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { boolean, number, object, optional, string } from 'superstruct';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defineServerPlugin } from '../../src/host/server.ts';
import { defineArea } from '../../src/host/area.ts';
import { defineWorkflowStep, sendWorkflowEvent, type WorkflowStepDef } from '../../src/host/workflow.ts';
import type { SendMail } from '../../src/server/jobs/mail.ts';
import { runNextJob, type JobOutcome } from '../../src/server/jobs/worker.ts';
import { collectWorkflowSteps } from '../../src/server/workflows/registry.ts';
import { coreWorkflowSteps } from '../../src/server/workflows/steps/core.ts';
import { startServer, t, type TestClient, type TestServer } from './harness.ts';

// ── Two fixture plugins, each contributing step types ───────────────────────────────
const runs: Record<string, number> = {};
const count = (type: string) => { runs[type] = (runs[type] ?? 0) + 1; };
const flaky = { failuresLeft: 0 };

const kycPlugin = defineServerPlugin(defineArea({ name: 'kyc', title: 'KYC' }), {
  workflowSteps: [defineWorkflowStep<{ base: number }>({
    type: 'kyc.score',
    title: 'Risk score',
    input: object({ base: number() }),
    emits: ['done'],
    async run(ctx, input) {
      count('kyc.score');
      return { event: 'done', data: { score: input.base + Number(ctx.data.extra ?? 0) } };
    },
  })],
});

const opsPlugin = defineServerPlugin(defineArea({ name: 'ops', title: 'Ops' }), {
  workflowSteps: [
    defineWorkflowStep<{ label: string; skip?: boolean }>({
      type: 'ops.tag',
      title: 'Tag the case',
      input: object({ label: string(), skip: optional(boolean()) }),
      emits: ['tagged', 'skipped'],
      async run(ctx, input) {
        count('ops.tag');
        // Effects commit with the result: an audit row written by the step.
        ctx.audit({ action: 'tag', objectType: 'workflow_instances', objectId: ctx.instanceId, after: { label: input.label } });
        return input.skip ? { event: 'skipped' } : { event: 'tagged', data: { tags: [input.label] } };
      },
    }),
    defineWorkflowStep<{ fail_times: number }>({
      type: 'ops.flaky',
      title: 'Flaky service',
      input: object({ fail_times: number() }),
      emits: ['done'],
      async run() {
        count('ops.flaky');
        if (flaky.failuresLeft > 0) {
          flaky.failuresLeft--;
          throw new Error('service unavailable');
        }
        return { event: 'done', data: { called: true } };
      },
    }),
  ],
  api(api) {
    // Another plugin driving a flow inside its own transaction.
    api.post('/ops/approve/:id', { scope: 'tenant' }, async ({ tx, params, user }) =>
      sendWorkflowEvent(tx, { instanceId: params.id, event: 'accept', userId: user.id, data: { approved_by: user.id } }));
  },
});

// ── Test server ─────────────────────────────────────────────────────────────────────
let s: TestServer;
let officer: TestClient, admin: TestClient, analyst: TestClient;
let demo: string, northwind: string;
const sent: Parameters<SendMail>[0][] = [];

beforeAll(async () => {
  s = await startServer({ plugins: [kycPlugin, opsPlugin], sendMail: async (m) => { sent.push(m); } });
  ({ demo, northwind } = s.seed.clients);
  [officer, admin, analyst] = await Promise.all([s.login('officer'), s.login('admin'), s.login('analyst')]);
});
afterAll(async () => { await s?.close(); });
beforeEach(async () => {
  await s.db.query(`UPDATE jobs SET status = 'done' WHERE status IN ('queued', 'running')`);
  for (const k of Object.keys(runs)) delete runs[k];
  flaky.failuresLeft = 0;
});

const W = (p: string) => t(demo, `/workflows${p}`);
let keySeq = 0;
const newKey = (base: string) => `${base}-${++keySeq}`;

/** Runs due jobs one at a time until none is due. */
async function drain(limit = 100): Promise<JobOutcome[]> {
  const out: JobOutcome[] = [];
  for (let i = 0; i < limit; i++) {
    const o = await runNextJob(s.app.ctx, { handlers: s.app.jobHandlers, context: s.app.jobContext });
    if (!o) return out;
    out.push(o);
  }
  throw new Error('jobs kept coming');
}

/** Makes the instance's queued runner jobs due now (instead of waiting for their run_at). */
async function dueNow(instanceId: string, kind?: string) {
  await s.db.query(
    `UPDATE jobs SET run_at = now() WHERE status = 'queued' AND payload->>'instance_id' = $1 AND ($2::text IS NULL OR kind = $2)`,
    [instanceId, kind ?? null]);
}

async function createFlow(key: string, definition: unknown, client: TestClient = officer, clientId = demo) {
  const r = await client.post(t(clientId, '/workflows/definitions'), { workflow_definition: { key, name: `Flow ${key}`, definition } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const p = await client.post(t(clientId, `/workflows/definitions/${key}/versions/${r.body.data.version.version}/publish`));
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return r.body.data;
}

async function start(key: string, data: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const r = await officer.post(W('/instances'), { workflow_instance: { definition_key: key, data, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function get(id: string) {
  const r = await officer.get(W(`/instances/${id}`));
  expect(r.status).toBe(200);
  return r.body.data;
}

const trail = (inst: { transitions: { from_state: string | null; event: string; to_state: string }[] }) =>
  inst.transitions.map((x) => `${x.from_state ?? '∅'} -${x.event}-> ${x.to_state}`);

const kycFlow = {
  initial: 'score',
  data: { extra: 0 },
  states: {
    score: { step: { type: 'kyc.score', input: { base: 40 } }, on: { done: 'tag' } },
    tag: { step: { type: 'ops.tag', input: { label: 'checked' } }, on: { tagged: 'decide', skipped: 'decide' } },
    decide: {
      step: { type: 'core.decision', input: { rules: [{ path: 'score', op: 'gte', value: 50, event: 'high' }], default: 'low' } },
      on: { high: 'review', low: 'approve' },
    },
    review: { step: { type: 'core.wait_event', input: { events: ['accept', 'reject'] } }, on: { accept: 'approve', reject: 'rejected' } },
    approve: { step: { type: 'core.set_status', input: { status: 'approved' } }, on: { done: 'approved' } },
    approved: { type: 'final' },
    rejected: { type: 'final' },
  },
};

describe('a flow with steps of two plugins and of the core', () => {
  it('runs to its final state, recording every transition in order with who made it', async () => {
    const key = newKey('kyc');
    await createFlow(key, kycFlow);
    const started = await start(key, { extra: 5, applicant: 'Ann' });
    expect(started).toMatchObject({ status: 'running', state: 'score', version: 1, seq: 1 });

    const outcomes = await drain();
    expect(outcomes.filter((o) => o.kind === 'workflow.step').every((o) => o.outcome === 'done')).toBe(true);
    const inst = await get(started.id);
    expect(inst).toMatchObject({ status: 'completed', state: 'approved', data: { extra: 5, applicant: 'Ann', score: 45, tags: ['checked'], status: 'approved' } });
    expect(trail(inst)).toEqual([
      '∅ -workflow.start-> score',
      'score -done-> tag',
      'tag -tagged-> decide',
      'decide -low-> approve',
      'approve -done-> approved',
    ]);
    expect(inst.transitions.map((x: { seq: number }) => x.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(inst.transitions.map((x: { actor_type: string; actor: string }) => `${x.actor_type}:${x.actor}`)).toEqual([
      `user:${officer.userId}`, 'step:kyc.score', 'step:ops.tag', 'step:core.decision', 'step:core.set_status',
    ]);
    expect(inst.transitions[1].data_diff).toEqual({ score: 45 });
    expect(inst.transitions[4]).toMatchObject({ status: 'completed', data_diff: { status: 'approved' } });
    expect(inst.finished_at).not.toBeNull();
    expect(runs).toEqual({ 'kyc.score': 1, 'ops.tag': 1 });
    // The step's audit row committed with its result, once.
    const audit = await s.db.query(`SELECT user_id, request_id FROM audit_log WHERE action = 'tag' AND object_id = $1`, [started.id]);
    expect(audit.rows).toEqual([{ user_id: null, request_id: `workflow:${started.id}` }]);
  });

  it('waits for an external event, refuses one the state does not accept (409 naming both), then moves on', async () => {
    const key = newKey('kyc');
    await createFlow(key, kycFlow);
    const inst = await start(key, { extra: 20 });
    await drain();
    expect(await get(inst.id)).toMatchObject({ status: 'waiting', state: 'review', accepts: ['accept', 'reject'] });

    const wrong = await officer.post(W(`/instances/${inst.id}/events`), { workflow_event: { event: 'approve' } });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ error_code: 'CONFLICT' });
    expect(wrong.body.message).toContain('"review"');
    expect(wrong.body.message).toContain('"approve"');

    const ok = await officer.post(W(`/instances/${inst.id}/events`), { workflow_event: { event: 'accept', data: { note: 'looks fine' } } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ state: 'approve', status: 'running' });
    await drain();
    const done = await get(inst.id);
    expect(done).toMatchObject({ status: 'completed', state: 'approved', data: { note: 'looks fine', status: 'approved' } });
    expect(done.transitions.find((x: { event: string }) => x.event === 'accept')).toMatchObject({
      from_state: 'review', to_state: 'approve', actor_type: 'user', user_id: officer.userId, data_diff: { note: 'looks fine' },
    });
    // Finished: no more events.
    const late = await officer.post(W(`/instances/${inst.id}/events`), { workflow_event: { event: 'reject' } });
    expect(late.status).toBe(409);
  });

  it('two events sent at once to a waiting instance: one moves it, the other is refused', async () => {
    const key = newKey('kyc');
    await createFlow(key, kycFlow);
    const inst = await start(key, { extra: 20 });
    await drain();
    const [a, b] = await Promise.all([
      officer.post(W(`/instances/${inst.id}/events`), { workflow_event: { event: 'accept' } }),
      officer.post(W(`/instances/${inst.id}/events`), { workflow_event: { event: 'reject' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = await get(inst.id);
    expect(after.transitions.filter((x: { from_state: string }) => x.from_state === 'review')).toHaveLength(1);
  });

  it("refuses from outside the events a step reports itself, so nobody forges a step's result", async () => {
    const key = newKey('kyc');
    await createFlow(key, kycFlow);
    const inst = await start(key);
    const forged = await officer.post(W(`/instances/${inst.id}/events`), { workflow_event: { event: 'done' } });
    expect(forged.status).toBe(409);
    expect(forged.body.message).toContain('"score"');
    expect(forged.body.message).toContain('"done"');
    expect((await get(inst.id)).accepts).toEqual([]);
  });

  it('another plugin moves a waiting instance with sendWorkflowEvent inside its own transaction', async () => {
    const key = newKey('kyc');
    await createFlow(key, kycFlow);
    const inst = await start(key, { extra: 30 });
    await drain();
    const r = await officer.post(t(demo, `/ops/approve/${inst.id}`));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: inst.id, state: 'approve', status: 'running', data: { approved_by: officer.userId } });
    // Not waiting any more: the same call now answers 409 naming the state and the event.
    const again = await officer.post(t(demo, `/ops/approve/${inst.id}`));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('State "approve" does not accept the event "accept"');
  });

  it('lists the step types with who contributed them, what they emit and their input', async () => {
    const r = await officer.get(W('/step_types'));
    expect(r.status).toBe(200);
    const byType = Object.fromEntries(r.body.data.map((x: { type: string }) => [x.type, x]));
    expect(Object.keys(byType)).toEqual(expect.arrayContaining([
      'core.wait_event', 'core.timer', 'core.decision', 'core.send_mail', 'core.webhook', 'core.set_status', 'kyc.score', 'ops.tag', 'ops.flaky',
    ]));
    expect(byType['kyc.score']).toMatchObject({ plugin: 'kyc', title: 'Risk score', emits: ['done'], emits_from_input: false, input: { type: 'object', fields: { base: { type: 'number' } } } });
    expect(byType['ops.tag'].input.fields.skip).toMatchObject({ optional: true });
    expect(byType['core.decision']).toMatchObject({ plugin: 'core', emits: [], emits_from_input: true });
    expect(byType['core.wait_event']).toMatchObject({ external: true });
  });
});

describe('the durable runner', () => {
  const flakyFlow = (handled: boolean) => ({
    initial: 'call',
    states: {
      call: {
        step: { type: 'ops.flaky', input: { fail_times: 0 }, retry: { max_attempts: 3, backoff_seconds: 30 } },
        on: handled ? { done: 'ok', failed: 'handled' } : { done: 'ok' },
      },
      ok: { type: 'final' },
      ...(handled ? { handled: { type: 'final' } } : {}),
    },
  });

  async function nextRetry(id: string) {
    const { rows } = await s.db.query<{ secs: number }>(
      `SELECT extract(epoch FROM run_at - now())::float AS secs FROM jobs
        WHERE kind = 'workflow.step' AND status = 'queued' AND payload->>'instance_id' = $1`, [id]);
    return rows;
  }

  it('retries a failing step with backoff up to its limit, then takes the failed transition', async () => {
    const key = newKey('flaky');
    await createFlow(key, flakyFlow(true));
    flaky.failuresLeft = 100;
    const inst = await start(key);

    await drain();
    expect(runs['ops.flaky']).toBe(1);
    expect(await get(inst.id)).toMatchObject({ status: 'running', state: 'call', step_attempts: 1, last_error: 'service unavailable' });
    let retry = await nextRetry(inst.id);
    expect(retry).toHaveLength(1);
    expect(retry[0].secs).toBeGreaterThan(20); // 30 s
    expect(retry[0].secs).toBeLessThanOrEqual(30);
    expect(await drain()).toEqual([]); // not due yet

    await dueNow(inst.id);
    await drain();
    expect(runs['ops.flaky']).toBe(2);
    retry = await nextRetry(inst.id);
    expect(retry[0].secs).toBeGreaterThan(50); // doubled: 60 s

    await dueNow(inst.id);
    await drain();
    expect(runs['ops.flaky']).toBe(3);
    const done = await get(inst.id);
    expect(done).toMatchObject({ status: 'completed', state: 'handled', last_error: 'service unavailable' });
    expect(done.transitions.at(-1)).toMatchObject({ from_state: 'call', event: 'failed', to_state: 'handled', actor: 'ops.flaky', error: 'service unavailable' });
    expect(await nextRetry(inst.id)).toEqual([]);
  });

  it('ends the instance failed when the state does not handle failed', async () => {
    const key = newKey('flaky');
    await createFlow(key, {
      ...flakyFlow(false),
      states: { ...flakyFlow(false).states, call: { ...flakyFlow(false).states.call, step: { type: 'ops.flaky', input: { fail_times: 0 }, retry: { max_attempts: 1 } } } },
    });
    flaky.failuresLeft = 100;
    const inst = await start(key);
    await drain();
    const done = await get(inst.id);
    expect(done).toMatchObject({ status: 'failed', state: 'call', last_error: 'service unavailable' });
    expect(done.transitions.at(-1)).toMatchObject({ event: 'failed', from_state: 'call', to_state: 'call', status: 'failed' });
    expect(runs['ops.flaky']).toBe(1);
  });

  it('a step that succeeds on a retry goes on normally', async () => {
    const key = newKey('flaky');
    await createFlow(key, flakyFlow(true));
    flaky.failuresLeft = 1;
    const inst = await start(key);
    await drain();
    await dueNow(inst.id);
    await drain();
    expect(await get(inst.id)).toMatchObject({ status: 'completed', state: 'ok', data: { called: true } });
    expect(runs['ops.flaky']).toBe(2);
  });

  const waitFlow = {
    initial: 'wait',
    states: {
      wait: {
        step: { type: 'core.wait_event', input: { events: ['submitted'] } },
        on: { submitted: 'received', expired: 'expired' },
        timeout: { after: 'PT5M', event: 'expired' },
      },
      received: { type: 'final' },
      expired: { type: 'final' },
    },
  };

  it('times out a waiting state: the timeout job was scheduled at entry and sends its event', async () => {
    const key = newKey('timeout');
    await createFlow(key, waitFlow);
    const inst = await start(key);
    await drain();
    expect(await get(inst.id)).toMatchObject({ status: 'waiting', state: 'wait' });
    const { rows } = await s.db.query<{ secs: number }>(
      `SELECT extract(epoch FROM run_at - now())::float AS secs FROM jobs WHERE kind = 'workflow.event' AND status = 'queued' AND payload->>'instance_id' = $1`, [inst.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].secs).toBeGreaterThan(240);
    await dueNow(inst.id, 'workflow.event');
    await drain();
    const done = await get(inst.id);
    expect(done).toMatchObject({ status: 'completed', state: 'expired' });
    expect(done.transitions.at(-1)).toMatchObject({ event: 'expired', actor_type: 'system', actor: 'system' });
  });

  it('ignores a timeout once the instance has moved on', async () => {
    const key = newKey('timeout');
    await createFlow(key, waitFlow);
    const inst = await start(key);
    await drain();
    expect((await officer.post(W(`/instances/${inst.id}/events`), { workflow_event: { event: 'submitted' } })).status).toBe(200);
    await dueNow(inst.id, 'workflow.event');
    const outcomes = await drain();
    expect(outcomes).toEqual([expect.objectContaining({ kind: 'workflow.event', outcome: 'done' })]);
    const done = await get(inst.id);
    expect(done).toMatchObject({ status: 'completed', state: 'received' });
    expect(done.transitions).toHaveLength(2);
  });

  it('a timer step waits, then wakes with done', async () => {
    const key = newKey('timer');
    await createFlow(key, {
      initial: 'pause',
      states: { pause: { step: { type: 'core.timer', input: { after: 'P1D' } }, on: { done: 'over' } }, over: { type: 'final' } },
    });
    const inst = await start(key);
    await drain();
    expect(await get(inst.id)).toMatchObject({ status: 'waiting', state: 'pause', accepts: [] });
    await dueNow(inst.id, 'workflow.event');
    await drain();
    const done = await get(inst.id);
    expect(done).toMatchObject({ status: 'completed', state: 'over' });
    expect(done.transitions.at(-1)).toMatchObject({ event: 'done', actor_type: 'step', actor: 'core.timer' });
  });

  it('cancel stops the instance: its pending step job then does nothing', async () => {
    const key = newKey('cancel');
    await createFlow(key, kycFlow);
    const inst = await start(key);
    const c = await officer.post(W(`/instances/${inst.id}/cancel`), { workflow_instance: { reason: 'duplicate' } });
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({ status: 'cancelled', state: 'score' });
    const outcomes = await drain();
    expect(outcomes.some((o) => o.kind === 'workflow.step')).toBe(true);
    expect(runs['kyc.score']).toBeUndefined();
    const after = await get(inst.id);
    expect(after).toMatchObject({ status: 'cancelled', state: 'score' });
    expect(after.transitions.at(-1)).toMatchObject({ event: 'workflow.cancel', actor: officer.userId, error: 'duplicate' });
    expect((await officer.post(W(`/instances/${inst.id}/cancel`))).status).toBe(409);
    const ev = await officer.post(W(`/instances/${inst.id}/events`), { workflow_event: { event: 'accept' } });
    expect(ev.status).toBe(409);
    // Cancel is audited with before and after.
    const audit = await s.db.query(`SELECT before, after FROM audit_log WHERE action = 'cancel' AND object_id = $1`, [inst.id]);
    expect(audit.rows).toEqual([{ before: { state: 'score', status: 'running' }, after: { state: 'score', status: 'cancelled' } }]);
  });

  it('a step result for a state the instance has left is dropped (optimistic check on seq)', async () => {
    const key = newKey('race');
    await createFlow(key, {
      initial: 'call',
      states: {
        call: { step: { type: 'ops.flaky', input: { fail_times: 0 } }, on: { done: 'ok', skip: 'skipped' } },
        ok: { type: 'final' },
        skipped: { type: 'final' },
      },
    });
    const inst = await start(key);
    // Someone moves the instance on before the step's job runs.
    expect((await officer.post(W(`/instances/${inst.id}/events`), { workflow_event: { event: 'skip' } })).status).toBe(200);
    await drain();
    expect(runs['ops.flaky']).toBeUndefined();
    expect(await get(inst.id)).toMatchObject({ status: 'completed', state: 'skipped', seq: 2 });
  });
});

describe('definitions', () => {
  const base = {
    initial: 'a',
    states: {
      a: { step: { type: 'kyc.score', input: { base: 1 } }, on: { done: 'end' } },
      end: { type: 'final' },
    },
  };
  const bad = async (definition: unknown) => {
    const r = await officer.post(W('/definitions'), { workflow_definition: { key: newKey('bad'), name: 'Bad', definition } });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error_code).toBe('VALIDATION_FAILED');
    return r.body.errors as Record<string, string>;
  };

  it('refuses an unknown step type, naming the state', async () => {
    const e = await bad({ ...base, states: { ...base.states, a: { step: { type: 'nope.step' }, on: { done: 'end' } } } });
    expect(e['definition.states.a.step.type']).toBe('state "a": unknown step type "nope.step"');
  });

  it("refuses a step input that fails the step's schema, naming the state and the field", async () => {
    const e = await bad({ ...base, states: { ...base.states, a: { step: { type: 'kyc.score', input: { base: 'high' } }, on: { done: 'end' } } } });
    expect(e['definition.states.a.step.input.base'], JSON.stringify(e)).toBe('state "a": input field "base" must be a number');
    const m = await bad({ ...base, states: { ...base.states, a: { step: { type: 'core.send_mail', input: { to: 'not-an-address', subject: 'Hi', text: 'x' } }, on: { done: 'end' } } } });
    expect(m['definition.states.a.step.input.to']).toContain('state "a": input field "to"');
  });

  it('refuses a target that is not a state', async () => {
    const e = await bad({ ...base, states: { ...base.states, a: { step: { type: 'kyc.score', input: { base: 1 } }, on: { done: 'nowhere' } } } });
    expect(e['definition.states.a.on.done']).toBe('state "a": event "done" goes to "nowhere", which is not a state');
  });

  it('refuses a state that cannot be reached from the initial one', async () => {
    const e = await bad({ ...base, states: { ...base.states, orphan: { on: { go: 'end' } } } });
    expect(e['definition.states.orphan']).toBe('state "orphan" cannot be reached from the initial state "a"');
  });

  it('refuses an event a step may emit without a transition (missing transition)', async () => {
    const e = await bad({
      initial: 'decide',
      states: {
        decide: { step: { type: 'core.decision', input: { rules: [{ path: 'score', op: 'gt', value: 5, event: 'high' }], default: 'low' } }, on: { low: 'end' } },
        end: { type: 'final' },
      },
    });
    expect(e['definition.states.decide.on.high']).toBe('state "decide": its step core.decision may emit "high" but no transition handles it (missing transition)');
    const w = await bad({
      initial: 'wait',
      states: { wait: { step: { type: 'core.wait_event', input: { events: ['a', 'b'] } }, on: { a: 'end' } }, end: { type: 'final' } },
    });
    expect(w['definition.states.wait.on.b']).toContain('state "wait"');
  });

  it('refuses a non-final state with no way out', async () => {
    const e = await bad({ ...base, states: { ...base.states, a: { on: { done: 'end', park: 'stuck' } }, stuck: {} } });
    expect(e['definition.states.stuck']).toBe('state "stuck" is not final and has no way out (no transition to another state)');
    const loop = await bad({ initial: 'x', states: { x: { on: { go: 'y', fin: 'end' } }, y: { on: { back: 'z' } }, z: { on: { back: 'y' } }, end: { type: 'final' } } });
    expect(loop['definition.states.y']).toBe('state "y" cannot reach a final state');
  });

  it('refuses a definition without a final state', async () => {
    const e = await bad({ initial: 'a', states: { a: { on: { go: 'b' } }, b: { on: { go: 'a' } } } });
    expect(e['definition.states']).toBe('has no final state (a state with "type": "final")');
  });

  it('refuses a bad timeout', async () => {
    const e = await bad({ ...base, states: { ...base.states, a: { on: { done: 'end' }, timeout: { after: 'five minutes', event: 'done' } } } });
    expect(e['definition.states.a.timeout.after']).toContain('state "a": timeout.after must be a duration');
    const n = await bad({ ...base, states: { ...base.states, a: { on: { done: 'end' }, timeout: { after: -5, event: 'done' } } } });
    expect(n['definition.states.a.timeout.after']).toContain('state "a"');
    const ev = await bad({ ...base, states: { ...base.states, a: { on: { done: 'end' }, timeout: { after: 'PT1M', event: 'late' } } } });
    expect(ev['definition.states.a.timeout.event']).toBe('state "a": the timeout event "late" has no transition in on');
  });

  it('refuses a bad guard and a missing initial state', async () => {
    const e = await bad({ initial: 'zz', states: { ...base.states, a: { on: { done: [{ target: 'end', guard: { path: 'x', op: 'in', value: 3 } }, 'end'] } } } });
    expect(e['definition.initial']).toBe('names no state ("zz")');
    expect(e['definition.states.a.on.done.0.guard.value']).toBe('state "a": event "done": guard value must be a list for the in operator');
  });

  it('answers odd input with field messages, never a server error', async () => {
    const proto = await bad({
      initial: 'a',
      retry: { constructor: 1 },
      states: {
        a: { step: { type: 'core.decision', input: { rules: [{ path: 'x', op: 'eq', value: 1, event: 'constructor' }], default: 'toString' } }, on: { valueOf: 'end' } },
        end: { type: 'final' },
      },
    });
    expect(proto['definition.retry.constructor']).toBe('retry.constructor is not allowed');
    expect(proto['definition.states.a.on.constructor']).toContain('missing transition');
    expect(proto['definition.states.a.on.toString']).toContain('missing transition');
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = [deep];
    expect((await bad({ ...base, data: { deep } })).definition).toBe('is nested too deeply (at most 32 levels)');
    expect((await bad([])).definition).toBe('must be an object');
    expect((await bad({ ...base, states: { ...base.states, 'a.b': { on: { done: 'end' } } } }))['definition.states.a.b']).toContain('a state name must start with a letter');
  });

  it('accepts the example of docs/workflows.md', async () => {
    const doc = readFileSync(new URL('../../docs/workflows.md', import.meta.url), 'utf8');
    const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(doc)![1]);
    const r = await officer.post(W('/definitions/validate'), { workflow_definition: { definition: example } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('validates without saving (dry run), with the same answers', async () => {
    const ok = await officer.post(W('/definitions/validate'), { workflow_definition: { definition: kycFlow } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ valid: true, initial: 'score' });
    const ko = await officer.post(W('/definitions/validate'), { workflow_definition: { definition: { initial: 'a', states: { a: {} } } } });
    expect(ko.status).toBe(400);
    expect(ko.body.errors['definition.states']).toBe('has no final state (a state with "type": "final")');
    const missing = await officer.post(W('/definitions/validate'), {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('workflow_definition');
    const { rows } = await s.db.query(`SELECT count(*)::int AS n FROM workflow_definitions WHERE client_id = $1 AND key LIKE 'bad-%'`, [demo]);
    expect(rows[0].n).toBe(0);
  });

  it('guards choose the transition from the data', async () => {
    const key = newKey('guard');
    await createFlow(key, {
      initial: 'score',
      states: {
        score: { step: { type: 'kyc.score', input: { base: 10 } }, on: { done: [{ target: 'big', guard: { path: 'data.score', op: 'gt', value: 50 } }, { target: 'small' }] } },
        big: { type: 'final' },
        small: { type: 'final' },
      },
    });
    const a = await start(key, { extra: 100 });
    const b = await start(key, { extra: 1 });
    await drain();
    expect((await get(a.id)).state).toBe('big');
    expect((await get(b.id)).state).toBe('small');
  });

  it('keeps versions: a changed save is a new version, a running instance keeps the version it started on', async () => {
    const key = newKey('versions');
    const v1 = {
      initial: 'wait',
      states: { wait: { step: { type: 'core.wait_event', input: { events: ['go'] } }, on: { go: 'one' } }, one: { type: 'final' } },
    };
    const created = await createFlow(key, v1);
    expect(created).toMatchObject({ key, latest_version: 1, version: { version: 1 } });
    const old = await start(key);
    await drain();

    const v2 = {
      initial: 'wait',
      states: { wait: { step: { type: 'core.wait_event', input: { events: ['go'] } }, on: { go: 'two' } }, two: { type: 'final' } },
    };
    const upd = await officer.put(W(`/definitions/${key}`), { workflow_definition: { definition: v2, name: 'Renamed' } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ latest_version: 2, published_version: 1, name: 'Renamed', version_created: true, version: { version: 2, is_published: false } });
    // The same content (keys in another order) makes no new version.
    const same = await officer.put(W(`/definitions/${key}`), { workflow_definition: { definition: { states: v2.states, initial: 'wait' } } });
    expect(same.body.data).toMatchObject({ latest_version: 2, version_created: false });
    // An unpublished version does not start by default.
    expect((await start(key)).version).toBe(1);
    expect((await officer.post(W(`/definitions/${key}/versions/2/publish`))).status).toBe(200);
    const fresh = await start(key);
    expect(fresh.version).toBe(2);
    await drain();

    for (const id of [old.id, fresh.id]) expect((await officer.post(W(`/instances/${id}/events`), { workflow_event: { event: 'go' } })).status).toBe(200);
    expect(await get(old.id)).toMatchObject({ version: 1, state: 'one', status: 'completed' });
    expect(await get(fresh.id)).toMatchObject({ version: 2, state: 'two', status: 'completed' });

    const versions = await officer.get(W(`/definitions/${key}/versions`));
    expect(versions.body.data.map((v: { version: number; is_published: boolean }) => [v.version, v.is_published])).toEqual([[2, true], [1, false]]);
    expect((await officer.get(W(`/definitions/${key}`), { query: { version: 1 } })).body.data.version.definition).toEqual(v1);
    // A saved version never changes, even for the database owner.
    await expect(s.db.query(`UPDATE workflow_definition_versions SET definition = '{}' WHERE version = 1 AND definition_id = $1`, [created.id])).rejects.toThrow(/cannot change/);
    // Starting an explicit old version still works; an unknown one is a 400.
    expect((await start(key, {}, { version: 1 })).version).toBe(1);
    const unknown = await officer.post(W('/instances'), { workflow_instance: { definition_key: key, version: 9 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.version).toContain(key);
  });

  it('answers 409 for a duplicate key and for a flow without a published version', async () => {
    const key = newKey('dup');
    await createFlow(key, kycFlow);
    const dup = await officer.post(W('/definitions'), { workflow_definition: { key, name: 'Again', definition: kycFlow } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors.key).toBe('is already taken');
    const draft = newKey('draft');
    expect((await officer.post(W('/definitions'), { workflow_definition: { key: draft, name: 'Draft', definition: kycFlow } })).status).toBe(200);
    const r = await officer.post(W('/instances'), { workflow_instance: { definition_key: draft } });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain(draft);
  });

  it('lists definitions and instances with the list conventions (filters, paging)', async () => {
    const key = newKey('listed');
    await createFlow(key, kycFlow);
    const a = await start(key);
    await start(key);
    await officer.post(W(`/instances/${a.id}/cancel`));
    const defs = await officer.get(W('/definitions'), { query: { q: key, per: 5 } });
    expect(defs.body.meta).toMatchObject({ count: 1, per: 5, page: 1 });
    expect(defs.body.data[0]).toMatchObject({ key, published_version: 1 });
    const cancelled = await officer.get(W('/instances'), { query: { definition_key: key, status: 'cancelled' } });
    expect(cancelled.body.data.map((i: { id: string }) => i.id)).toEqual([a.id]);
    const running = await officer.get(W('/instances'), { query: { 'definition_key[]': key, 'status[]': ['running', 'waiting'], state: 'score' } });
    expect(running.body.meta.count).toBe(1);
    const badFilter = await officer.get(W('/instances'), { query: { status: 'sleeping' } });
    expect(badFilter.status).toBe(400);
  });

  it('a step type contributed by two plugins stops the start, naming both', async () => {
    const opsSteps = opsPlugin.workflowSteps as WorkflowStepDef[];
    const twin = defineServerPlugin(defineArea({ name: 'twin', title: 'Twin' }), { workflowSteps: [{ ...opsSteps[0] }] });
    const noHost = () => { throw new Error('no extension points here'); };
    expect(() => collectWorkflowSteps(coreWorkflowSteps, [opsPlugin, twin], noHost)).toThrow('workflow step type "ops.tag" is contributed by both "ops" and "twin"');
    const sneaky = defineServerPlugin(defineArea({ name: 'sneaky', title: 'Sneaky' }), { workflowSteps: [{ ...coreWorkflowSteps[0] }] });
    expect(() => collectWorkflowSteps(coreWorkflowSteps, [sneaky], noHost)).toThrow(/core\. prefix is reserved/);
    await expect(startServer({ plugins: [opsPlugin, twin] })).rejects.toThrow('"ops" and "twin"');
  });
});

describe('tenancy and access', () => {
  it("another client's member gets 404 on its instances and definitions; a member of both sees each client's own", async () => {
    const key = newKey('private');
    await createFlow(key, kycFlow);
    const inst = await start(key);
    // officer belongs to Demo only.
    for (const path of [`/workflows/instances/${inst.id}`, `/workflows/definitions/${key}`, '/workflows/instances', '/workflows/definitions']) {
      expect((await officer.get(t(northwind, path))).status).toBe(404);
    }
    // admin belongs to both: through Northwind, Demo's records do not exist.
    expect((await admin.get(t(northwind, `/workflows/instances/${inst.id}`))).status).toBe(404);
    expect((await admin.get(t(northwind, `/workflows/definitions/${key}`))).status).toBe(404);
    expect((await admin.post(t(northwind, `/workflows/instances/${inst.id}/events`), { workflow_event: { event: 'accept' } })).status).toBe(404);
    expect((await admin.post(t(northwind, `/workflows/instances/${inst.id}/cancel`))).status).toBe(404);
    const nwList = await admin.get(t(northwind, '/workflows/instances'), { query: { per: 100 } });
    expect(nwList.body.data.map((i: { id: string }) => i.id)).not.toContain(inst.id);
    // The same key may exist in another client, separately.
    await createFlow(key, kycFlow, admin, northwind);
    const nwStart = await admin.post(t(northwind, '/workflows/instances'), { workflow_instance: { definition_key: key } });
    expect(nwStart.status).toBe(200);
    expect((await officer.get(W(`/instances/${nwStart.body.data.id}`))).status).toBe(404);
    // The runner runs Northwind's instance inside Northwind.
    await drain();
    const { rows } = await s.db.query('SELECT client_id FROM workflow_transitions WHERE instance_id = $1', [nwStart.body.data.id]);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.client_id === northwind)).toBe(true);
  });

  it('refuses members without the permissions (403) and clients without the features (403)', async () => {
    for (const [method, path] of [['get', '/workflows/definitions'], ['get', '/workflows/instances'], ['get', '/workflows/step_types']] as const) {
      const r = await analyst[method](W(path.replace('/workflows', '')));
      expect(r.status).toBe(403);
      expect(r.body.error_code).toBe('FORBIDDEN');
    }
    expect((await analyst.post(W('/definitions'), { workflow_definition: { key: 'x', name: 'x', definition: kycFlow } })).status).toBe(403);
    expect((await analyst.post(W('/instances'), { workflow_instance: { definition_key: 'x' } })).status).toBe(403);

    await s.db.query(`UPDATE client_features SET available = false WHERE client_id = $1 AND code = 'FLOW_BUILDER'`, [demo]);
    try {
      const r = await officer.get(W('/definitions'));
      expect(r.status).toBe(403);
      expect(r.body.error_code).toBe('FEATURE_UNAVAILABLE');
      expect((await officer.get(W('/instances'))).status).toBe(200);
    } finally {
      await s.db.query(`UPDATE client_features SET available = true WHERE client_id = $1 AND code = 'FLOW_BUILDER'`, [demo]);
    }
    await s.db.query(`UPDATE client_features SET available = false WHERE client_id = $1 AND code = 'VERIFICATION_FLOW'`, [demo]);
    try {
      expect((await officer.get(W('/instances'))).body.error_code).toBe('FEATURE_UNAVAILABLE');
      expect((await officer.post(W('/instances'), { workflow_instance: { definition_key: 'x' } })).status).toBe(403);
    } finally {
      await s.db.query(`UPDATE client_features SET available = true WHERE client_id = $1 AND code = 'VERIFICATION_FLOW'`, [demo]);
    }
  });

  it('publishing needs FORMS_PUBLISH; editing needs FORMS_CREATE or FORMS_UPDATE', async () => {
    const key = newKey('perm');
    await createFlow(key, kycFlow);
    // A member whose group holds only FORMS_CREATE.
    const { rows: [u] } = await s.db.query<{ id: string }>(`INSERT INTO users (email, full_name) VALUES ($1, 'Fay Forms') RETURNING id`, [`forms-${Date.now()}@demo.local`]);
    const { rows: [g] } = await s.db.query<{ id: string }>(`INSERT INTO permission_groups (client_id, name, codes) VALUES ($1, $2, '{FORMS_CREATE}') RETURNING id`, [demo, `Forms ${Date.now()}`]);
    const { rows: [m] } = await s.db.query<{ id: string }>(`INSERT INTO accounts_clients (user_id, client_id, role) VALUES ($1, $2, 'member') RETURNING id`, [u.id, demo]);
    await s.db.query('INSERT INTO membership_permission_groups (account_client_id, permission_group_id, client_id) VALUES ($1, $2, $3)', [m.id, g.id, demo]);
    const fay = await s.login({ id: u.id });
    expect((await fay.get(W(`/definitions/${key}`))).status).toBe(200);
    expect((await fay.put(W(`/definitions/${key}`), { workflow_definition: { name: 'Fay was here' } })).status).toBe(200);
    expect((await fay.post(W(`/definitions/${key}/versions/1/publish`))).status).toBe(403);
    expect((await fay.get(W('/instances'))).status).toBe(403);
    expect((await fay.get(W('/webhook_secret'))).status).toBe(403);
  });
});

describe('webhook and mail steps', () => {
  let hook: Server;
  let hookUrl: string;
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '{}' };

  beforeAll(async () => {
    hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
  });
  afterAll(async () => { await new Promise((r) => hook?.close(r)); });

  const hookFlow = () => ({
    initial: 'call',
    states: {
      call: { step: { type: 'core.webhook', input: { url: hookUrl, result_key: 'screening' }, retry: { max_attempts: 2, backoff_seconds: 5 } }, on: { done: 'end', failed: 'broken' } },
      end: { type: 'final' },
      broken: { type: 'final' },
    },
  });

  it("posts the instance signed with the client's secret and merges the answer into the data", async () => {
    received.length = 0;
    answer = { status: 200, body: JSON.stringify({ risk: 'low', hits: 0 }) };
    const key = newKey('hook');
    await createFlow(key, hookFlow());
    const inst = await start(key, { applicant: { name: 'Ann' } });
    await drain();
    expect(await get(inst.id)).toMatchObject({ status: 'completed', state: 'end', data: { applicant: { name: 'Ann' }, screening: { risk: 'low', hits: 0 } } });

    expect(received).toHaveLength(1);
    const { headers, body } = received[0];
    const secret = (await officer.get(W('/webhook_secret'))).body.data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const expected = 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
    expect(headers['x-signature']).toBe(expected);
    const payload = JSON.parse(body);
    expect(payload).toMatchObject({ instance: { id: inst.id, definition_key: key, version: 1 }, state: 'call', data: { applicant: { name: 'Ann' } }, attempt: 1 });
    expect(headers['x-timestamp']).toBe(payload.sent_at);
    expect(headers['x-idempotency-key']).toBe(`${inst.id}:1`);
    // Another client's secret does not verify it.
    const other = (await admin.get(t(northwind, '/workflows/webhook_secret'))).body.data.secret as string;
    expect(other).not.toBe(secret);
    expect('sha256=' + createHmac('sha256', other).update(body).digest('hex')).not.toBe(headers['x-signature']);
    // After a rotation, the old secret no longer matches what is sent.
    const rotated = await officer.post(W('/webhook_secret/rotate'));
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).not.toBe(secret);
    const audit = await s.db.query(`SELECT after FROM audit_log WHERE action = 'rotate' AND client_id = $1`, [demo]);
    expect(JSON.stringify(audit.rows)).not.toContain(rotated.body.data.secret);
  });

  it('a non-2xx answer is retried, then the failed transition is taken', async () => {
    received.length = 0;
    answer = { status: 503, body: '{"error":"busy"}' };
    const key = newKey('hook');
    await createFlow(key, hookFlow());
    const inst = await start(key);
    await drain();
    expect(await get(inst.id)).toMatchObject({ status: 'running', last_error: 'the webhook answered 503', step_attempts: 1 });
    await dueNow(inst.id);
    await drain();
    expect(await get(inst.id)).toMatchObject({ status: 'completed', state: 'broken', last_error: 'the webhook answered 503' });
    expect(received).toHaveLength(2);
    expect(JSON.parse(received[1].body).attempt).toBe(2);
    // The same visit of the state: the same idempotency key on the retry.
    expect(received[1].headers['x-idempotency-key']).toBe(received[0].headers['x-idempotency-key']);
  });

  it('accepts only https URLs (http for localhost while the server itself is local)', async () => {
    for (const url of ['ftp://example.com/x', 'http://example.com/hook', 'not a url']) {
      const r = await officer.post(W('/definitions/validate'), {
        workflow_definition: { definition: { ...hookFlow(), states: { ...hookFlow().states, call: { ...hookFlow().states.call, step: { type: 'core.webhook', input: { url } } } } } },
      });
      expect(r.status).toBe(400);
      expect(r.body.errors['definition.states.call.step.input.url']).toContain('state "call": input field "url"');
    }
    const ok = await officer.post(W('/definitions/validate'), { workflow_definition: { definition: { ...hookFlow(), states: { ...hookFlow().states, call: { ...hookFlow().states.call, step: { type: 'core.webhook', input: { url: 'https://hooks.example.com/x' } } } } } } });
    expect(ok.status).toBe(200);
  });

  it('sends mail from a template through the outbox, escaping values in the html', async () => {
    sent.length = 0;
    const key = newKey('mail');
    await createFlow(key, {
      initial: 'notify',
      states: {
        notify: {
          step: { type: 'core.send_mail', input: { to: '{{data.email}}', subject: 'Hello {{data.name}}', text: 'Dear {{data.name}}, case {{instance.id}} is {{data.status}}.', html: '<p>Dear {{data.name}}</p>' } },
          on: { done: 'end' },
        },
        end: { type: 'final' },
      },
    });
    const inst = await start(key, { email: 'ann@example.com', name: '<b>Ann & Co</b>', status: 'open' });
    await drain();
    expect((await get(inst.id)).status).toBe('completed');
    const { rows } = await s.db.query(`SELECT client_id, to_address, subject, text_body, html_body FROM outbox WHERE to_address = 'ann@example.com'`);
    expect(rows).toEqual([{
      client_id: demo, to_address: 'ann@example.com', subject: 'Hello <b>Ann & Co</b>',
      text_body: `Dear <b>Ann & Co</b>, case ${inst.id} is open.`, html_body: '<p>Dear &lt;b&gt;Ann &amp; Co&lt;/b&gt;</p>',
    }]);
    expect(sent.map((m) => m.to)).toEqual(['ann@example.com']);

    // A placeholder that does not give an address fails the step at once (no retries).
    const inst2 = await start(key, { name: 'Bob' });
    await drain();
    expect(await get(inst2.id)).toMatchObject({ status: 'failed', last_error: expect.stringContaining('is not a valid email') });
  });
});
