// Flow instances in the database. Every change of an instance happens in a transaction that
// locks its row, asks the version's xstate machine (pure transition) what the event does,
// updates the instance, records the transition, and enqueues what the new state needs (its
// step's job, its timeout): all or nothing. Callers pass their own tenant transaction (the
// API's, a plugin handler's, the runner's).
import { transition, type AnyStateMachine } from 'xstate';
import type { Tx } from '../../host/server.ts';
import type { SendWorkflowEvent, StartWorkflow, WorkflowInstanceSummary } from '../../host/workflow.ts';
import type { WorkflowInstanceStatus } from '../../shared/schemas/workflows.ts';
import { isUuid } from '../db/types.ts';
import { conflict, invalid, notFound } from '../http/errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { buildMachine, FAILED_EVENT, type CompiledDefinition } from './definition.ts';
import { dataDiff, MAX_NESTING, nestsDeeperThan } from './values.ts';

export const STEP_JOB = 'workflow.step';
export const EVENT_JOB = 'workflow.event';
/** Queue-level attempts of a runner job: only crashes and database failures use them; step retries are the runner's. */
export const RUNNER_JOB_ATTEMPTS = 25;
export const START_EVENT = 'workflow.start';
export const CANCEL_EVENT = 'workflow.cancel';
/** The flow's data may not grow past this (JSON bytes). */
export const MAX_DATA_BYTES = 1024 * 1024;

export const ACTIVE: ReadonlySet<string> = new Set(['running', 'waiting']);

export interface InstanceRow {
  id: string;
  client_id: string;
  definition_id: string;
  version_id: string;
  definition_key: string;
  version: number;
  status: WorkflowInstanceStatus;
  state: string;
  data: Record<string, unknown>;
  seq: number;
  step_attempts: number;
  last_error: string | null;
  started_by: string | null;
  created_at: string;
  updated_at: string;
  state_entered_at: string;
  finished_at: string | null;
}

export const INSTANCE_COLUMNS = `id, client_id, definition_id, version_id, definition_key, version, status, state, data, seq,
  step_attempts, last_error, started_by, created_at, updated_at, state_entered_at, finished_at`;

export type Actor = { type: 'user'; userId: string } | { type: 'system' } | { type: 'step'; stepType: string };

export const userActor = (userId: string | null | undefined): Actor => (userId ? { type: 'user', userId } : { type: 'system' });

export interface LoadedVersion {
  id: string;
  version: number;
  compiled: CompiledDefinition;
  machine: AnyStateMachine;
}

// Versions never change once saved, so every copy of the server may keep what it has read.
const versions = new Map<string, LoadedVersion>();
const MAX_CACHED = 500;

export function loadCompiled(id: string, version: number, compiled: CompiledDefinition): LoadedVersion {
  let v = versions.get(id);
  if (!v) {
    v = { id, version, compiled, machine: buildMachine(`workflow-${id}`, compiled) };
    if (versions.size >= MAX_CACHED) versions.delete(versions.keys().next().value!);
    versions.set(id, v);
  }
  return v;
}

export async function loadVersion(tx: Tx, versionId: string): Promise<LoadedVersion> {
  const cached = versions.get(versionId);
  if (cached) return cached;
  const { rows } = await tx.query<{ id: string; version: number; compiled: CompiledDefinition }>(
    'SELECT id, version, compiled FROM workflow_definition_versions WHERE id = $1', [versionId]);
  if (!rows[0]) throw new Error(`workflow version ${versionId} is missing`);
  return loadCompiled(rows[0].id, rows[0].version, rows[0].compiled);
}

export async function lockInstance(tx: Tx, id: string): Promise<InstanceRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<InstanceRow>(`SELECT ${INSTANCE_COLUMNS} FROM workflow_instances WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

async function recordTransition(tx: Tx, row: InstanceRow, t: {
  seq: number; from: string | null; event: string; to: string; status: string; diff: Record<string, unknown> | null; actor: Actor; error?: string | null;
}) {
  const actor = t.actor.type === 'user' ? t.actor.userId : t.actor.type === 'step' ? t.actor.stepType : 'system';
  await tx.query(
    `INSERT INTO workflow_transitions (client_id, instance_id, seq, from_state, event, to_state, status, data_diff, actor_type, actor, user_id, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12)`,
    [row.client_id, row.id, t.seq, t.from, t.event, t.to, t.status, t.diff === null ? null : JSON.stringify(t.diff),
      t.actor.type, actor, t.actor.type === 'user' ? t.actor.userId : null, t.error ?? null],
  );
}

/** Why the flow's data cannot be kept (too large, too deep), or null. */
export function dataProblem(data: Record<string, unknown>): string | null {
  if (nestsDeeperThan(data, MAX_NESTING)) return `the flow's data may not nest deeper than ${MAX_NESTING} levels`;
  if (Buffer.byteLength(JSON.stringify(data)) > MAX_DATA_BYTES) return `the flow's data may not exceed ${MAX_DATA_BYTES / 1024} KB`;
  return null;
}

function checkDataSize(data: Record<string, unknown>) {
  const problem = dataProblem(data);
  if (problem) throw invalid({ data: problem });
}

/**
 * Moves the instance into `to` (a new seq), records the transition and enqueues what the
 * state needs: its step's job, its timeout. Entering a state again (a self-transition) runs
 * its step again.
 */
async function moveTo(tx: Tx, v: LoadedVersion, row: InstanceRow, m: {
  event: string; to: string; data: Record<string, unknown>; actor: Actor; error?: string | null;
}): Promise<InstanceRow> {
  const st = v.compiled.states[m.to];
  if (!st) throw new Error(`workflow version ${v.id} has no state ${m.to}`);
  checkDataSize(m.data);
  const status: WorkflowInstanceStatus = st.final ? 'completed' : st.step ? 'running' : 'waiting';
  const seq = row.seq + 1;
  const { rows } = await tx.query<InstanceRow>(
    `UPDATE workflow_instances SET state = $2, status = $3, data = $4::jsonb, seq = $5, step_attempts = 0, last_error = $6,
            updated_at = clock_timestamp(), state_entered_at = clock_timestamp(),
            finished_at = CASE WHEN $3 = 'completed' THEN clock_timestamp() ELSE NULL END
      WHERE id = $1 RETURNING ${INSTANCE_COLUMNS}`,
    [row.id, m.to, status, JSON.stringify(m.data), seq, m.error ?? null],
  );
  await recordTransition(tx, row, {
    seq, from: row.seq === 0 ? null : row.state, event: m.event, to: m.to, status, diff: dataDiff(row.seq === 0 ? {} : row.data, m.data), actor: m.actor, error: m.error,
  });
  if (!st.final) {
    if (st.step) await enqueue(tx, STEP_JOB, { instance_id: row.id, seq }, { clientId: row.client_id, maxAttempts: RUNNER_JOB_ATTEMPTS });
    if (st.timeout) {
      await enqueue(tx, EVENT_JOB, { instance_id: row.id, seq, event: st.timeout.event, source: 'timeout' }, {
        clientId: row.client_id, runAt: new Date(Date.now() + st.timeout.afterMs), maxAttempts: RUNNER_JOB_ATTEMPTS,
      });
    }
  }
  return rows[0];
}

/** Ends the instance as failed in its current state. */
export async function failInstance(tx: Tx, row: InstanceRow, error: string, actor: Actor): Promise<InstanceRow> {
  const seq = row.seq + 1;
  const { rows } = await tx.query<InstanceRow>(
    `UPDATE workflow_instances SET status = 'failed', seq = $2, last_error = $3, updated_at = clock_timestamp(), finished_at = clock_timestamp()
      WHERE id = $1 RETURNING ${INSTANCE_COLUMNS}`,
    [row.id, seq, error.slice(0, 2000)],
  );
  await recordTransition(tx, row, { seq, from: row.state, event: FAILED_EVENT, to: row.state, status: 'failed', diff: null, actor, error: error.slice(0, 2000) });
  return rows[0];
}

export type Refusal = 'conflict' | 'fail' | 'ignore';

export interface ApplyResult { applied: boolean; row: InstanceRow }

/**
 * Applies an event to a locked instance row. The xstate machine decides: guards see the
 * flow's data with `data` merged in. When the state does not take the event, `onRefused`
 * says what happens: 409 naming the state and event (external senders), the instance
 * fails (a step's own result), or nothing (a timeout whose guard does not hold).
 */
export async function applyToRow(tx: Tx, v: LoadedVersion, row: InstanceRow, e: {
  event: string; data?: Record<string, unknown>; actor: Actor; external: boolean; onRefused: Refusal; error?: string | null;
}): Promise<ApplyResult> {
  if (!ACTIVE.has(row.status)) {
    if (e.onRefused === 'conflict') throw conflict(`The instance is ${row.status}: it accepts no more events`, { event: `the instance is ${row.status}` });
    return { applied: false, row };
  }
  const st = v.compiled.states[row.state];
  const refuse = async (message: string): Promise<ApplyResult> => {
    if (e.onRefused === 'conflict') throw conflict(message, { event: message });
    if (e.onRefused === 'fail') return { applied: true, row: await failInstance(tx, row, e.error ? `${e.error}; ${message}` : message, e.actor) };
    return { applied: false, row };
  };
  if (e.external && st?.internal.includes(e.event)) {
    return refuse(`State "${row.state}" does not accept the event "${e.event}" from outside: its step reports it`);
  }
  const data = e.data ? { ...row.data, ...e.data } : row.data;
  const snapshot = v.machine.resolveState({ value: row.state, context: { data } });
  if (!snapshot.can({ type: e.event })) return refuse(`State "${row.state}" does not accept the event "${e.event}"`);
  const [next] = transition(v.machine, snapshot, { type: e.event });
  const to = String(next.value);
  return { applied: true, row: await moveTo(tx, v, row, { event: e.event, to, data, actor: e.actor, error: e.error }) };
}

/** A step failed for good (attempts used up, or a permanent error): 'failed' if the state takes it, else the instance fails. */
export async function stepFailed(tx: Tx, v: LoadedVersion, row: InstanceRow, error: string, actor: Actor): Promise<InstanceRow> {
  const st = v.compiled.states[row.state];
  if (st?.on[FAILED_EVENT]) {
    const r = await applyToRow(tx, v, row, { event: FAILED_EVENT, actor, external: false, onRefused: 'fail', error: error.slice(0, 2000) });
    return r.row;
  }
  return failInstance(tx, row, error, actor);
}

export interface StartOptions {
  clientId: string;
  key: string;
  version?: number;
  data?: Record<string, unknown>;
  actor: Actor;
}

export async function startInstance(tx: Tx, s: StartOptions): Promise<InstanceRow> {
  const def = await tx.query<{ id: string; key: string; published_version: number | null }>(
    'SELECT id, key, published_version FROM workflow_definitions WHERE client_id = $1 AND key = $2', [s.clientId, s.key]);
  const d = def.rows[0];
  if (!d) throw invalid({ definition_key: `names no flow definition ("${s.key}")` });
  const number = s.version ?? d.published_version;
  if (number === null || number === undefined) {
    throw conflict(`The flow "${s.key}" has no published version: publish one or name a version`, { definition_key: 'has no published version' });
  }
  const ver = await tx.query<{ id: string; version: number; compiled: CompiledDefinition }>(
    'SELECT id, version, compiled FROM workflow_definition_versions WHERE definition_id = $1 AND version = $2', [d.id, number]);
  if (!ver.rows[0]) throw invalid({ version: `names no version of "${s.key}"` });
  const v = loadCompiled(ver.rows[0].id, ver.rows[0].version, ver.rows[0].compiled);
  const data = { ...v.compiled.data, ...(s.data ?? {}) };
  checkDataSize(data);
  const { rows } = await tx.query<InstanceRow>(
    `INSERT INTO workflow_instances (client_id, definition_id, version_id, definition_key, version, status, state, data, seq, started_by)
     VALUES ($1, $2, $3, $4, $5, 'running', $6, '{}'::jsonb, 0, $7) RETURNING ${INSTANCE_COLUMNS}`,
    [s.clientId, d.id, v.id, d.key, v.version, v.compiled.initial, s.actor.type === 'user' ? s.actor.userId : null],
  );
  return moveTo(tx, v, rows[0], { event: START_EVENT, to: v.compiled.initial, data, actor: s.actor });
}

/** An event from outside the step (the API, another plugin): 404 for an unknown instance, 409 when refused. */
export async function sendExternalEvent(tx: Tx, instanceId: string, e: { event: string; data?: Record<string, unknown>; actor: Actor }): Promise<InstanceRow> {
  const row = await lockInstance(tx, instanceId);
  if (!row) throw notFound();
  const v = await loadVersion(tx, row.version_id);
  return (await applyToRow(tx, v, row, { ...e, external: true, onRefused: 'conflict' })).row;
}

export async function cancelInstance(tx: Tx, instanceId: string, actor: Actor, reason?: string | null): Promise<{ before: InstanceRow; after: InstanceRow }> {
  const row = await lockInstance(tx, instanceId);
  if (!row) throw notFound();
  if (!ACTIVE.has(row.status)) throw conflict(`The instance is already ${row.status}`, { status: `is already ${row.status}` });
  const seq = row.seq + 1;
  // Pending jobs of the instance (its step, its timeout) find another seq and do nothing.
  const { rows } = await tx.query<InstanceRow>(
    `UPDATE workflow_instances SET status = 'cancelled', seq = $2, updated_at = clock_timestamp(), finished_at = clock_timestamp()
      WHERE id = $1 RETURNING ${INSTANCE_COLUMNS}`,
    [row.id, seq],
  );
  await recordTransition(tx, row, { seq, from: row.state, event: CANCEL_EVENT, to: row.state, status: 'cancelled', diff: null, actor, error: reason ?? null });
  return { before: row, after: rows[0] };
}

/** Events the instance's current state takes from outside now (for the pages' buttons). */
export function acceptedEvents(v: LoadedVersion, row: InstanceRow): string[] {
  if (!ACTIVE.has(row.status)) return [];
  const st = v.compiled.states[row.state];
  if (!st) return [];
  const snapshot = v.machine.resolveState({ value: row.state, context: { data: row.data } });
  return Object.keys(st.on).filter((e) => !st.internal.includes(e) && snapshot.can({ type: e }));
}

export function summary(row: InstanceRow): WorkflowInstanceSummary {
  return { id: row.id, definition_key: row.definition_key, version: row.version, status: row.status, state: row.state, seq: row.seq, data: row.data };
}

async function currentClient(tx: Tx): Promise<string> {
  const { rows } = await tx.query<{ c: string | null }>(`SELECT nullif(current_setting('app.client_id', true), '') AS c`);
  if (!rows[0]?.c) throw new Error('workflows: sendWorkflowEvent() and startWorkflow() need a tenant transaction (a tenant route\'s or job\'s tx)');
  return rows[0].c;
}

// The host's facades (src/host/workflow.ts).
export async function sendEvent(tx: Tx, e: SendWorkflowEvent): Promise<WorkflowInstanceSummary> {
  await currentClient(tx);
  return summary(await sendExternalEvent(tx, e.instanceId, { event: e.event, data: e.data, actor: userActor(e.userId) }));
}

export async function startFromPlugin(tx: Tx, s: StartWorkflow): Promise<WorkflowInstanceSummary> {
  const clientId = await currentClient(tx);
  return summary(await startInstance(tx, { clientId, key: s.key, version: s.version, data: s.data, actor: userActor(s.userId) }));
}
