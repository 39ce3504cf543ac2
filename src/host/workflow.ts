// The workflow contribution point: step types a plugin adds to the workflow engine
// (docs/workflows.md). A flow definition is a statechart stored per client; each of its
// states may run one step. The engine runs a step on the job queue, outside any database
// transaction, and commits what it reports — the event, the data it adds, and the mail,
// notifications, audit rows and jobs it asked for — in one transaction that also records
// the transition. A step never holds a database connection while it waits on the world.
//
// A plugin contributes steps in its server manifest:
//   defineServerPlugin({ name: 'kyc', workflowSteps: [scoreStep], … })
// and other plugins drive flows through sendWorkflowEvent() / startWorkflow() below, inside
// their own handler's transaction.
import type { Struct } from 'superstruct';
import { sendEvent, startFromPlugin } from '../server/workflows/engine.ts';
import type { ServerSettings, Tx } from './server.ts';

/** What a step reports when it has finished its work. */
export interface StepDone {
  /** One of the events the step declares (emits / emitsFrom), or 'failed'. */
  event: string;
  /** Merged (top-level keys) into the flow's data before the transition is chosen. */
  data?: Record<string, unknown>;
}

/** The step waits: for an external event (sent through the API or sendWorkflowEvent), or for its wake-up. */
export interface StepWaits {
  wait: true;
  /** Send this event to the state after afterMs (a job; ignored if the flow moved on meanwhile). */
  wake?: { afterMs: number; event: string };
}

export type StepResult = StepDone | StepWaits;

export interface StepLogger {
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * What a running step may use. There is no open transaction: `transaction()` opens a short
 * tenant-scoped one (row-level security, as on every tenant route) and commits it at once.
 * mail(), notify(), audit() and enqueue() are committed together with the step's result,
 * in the transaction that records the transition: they happen exactly once, and not at
 * all when the step fails, is retried, or its result is discarded because the flow moved on.
 */
export interface StepContext {
  clientId: string;
  instanceId: string;
  /** The flow definition's key and the version this instance runs. */
  definitionKey: string;
  version: number;
  /** The state whose step this is. */
  state: string;
  /** The instance's transition count when it entered this state: with instanceId it names this visit (an idempotency key). */
  seq: number;
  /** The flow's data when the step started (a frozen copy). */
  data: Readonly<Record<string, unknown>>;
  /** 1 on the first run of this step in this state, 2 on the first retry, … */
  attempt: number;
  /** Aborted when the attempt's time limit passes or the server shuts down: stop and throw. */
  signal: AbortSignal;
  settings: ServerSettings;
  log: StepLogger;
  /** A short tenant transaction of its own, committed when fn resolves (kept even if the step fails later). */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  mail(m: { to: string; subject: string; text: string; html?: string }): void;
  notify(n: { userId: string; type: string; payload: unknown; objId?: string | null; objType?: string | null }): void;
  audit(e: { action: string; objectType: string; objectId?: string | null; before?: unknown; after?: unknown }): void;
  enqueue(kind: string, payload: unknown, opts?: { runAt?: Date }): void;
}

export interface WorkflowStepDef<I = any> {
  /** '<area>.<name>', unique across plugins; the core's generic steps are 'core.<name>'. */
  type: string;
  title: string;
  /** Validated when a definition is saved (400 naming the state and field) and again before each run. */
  input: Struct<I, any>;
  /** Events the step may report whatever its input; 'failed' never needs listing (see docs/workflows.md). */
  emits: readonly string[];
  /** Events named by the input (a decision's rules, the events a wait step waits for). */
  emitsFrom?: (input: I) => readonly string[];
  /**
   * true: the step's events come from outside (people, other plugins) while it waits, so
   * the API and sendWorkflowEvent() may send them. Otherwise the step's events are its own
   * results and are refused from outside (409), so nobody can forge them.
   */
  external?: boolean;
  /** Checks that need the server's settings (e.g. which webhook URLs are allowed); field → message. */
  check?: (input: I, env: { settings: ServerSettings }) => Record<string, string> | null | undefined;
  /** A short description of the input for flow builders; derived from `input` when absent. */
  describeInput?: unknown;
  run(ctx: StepContext, input: I): Promise<StepResult>;
}

export function defineWorkflowStep<I>(step: WorkflowStepDef<I>): WorkflowStepDef<I> {
  return step;
}

/**
 * Thrown by a step for a failure that retrying cannot fix (a bad address after the
 * placeholders were filled in, a refused configuration): the runner skips the remaining
 * attempts and emits 'failed' at once.
 */
export class PermanentStepError extends Error {
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = 'PermanentStepError';
  }
}

export interface SendWorkflowEvent {
  instanceId: string;
  event: string;
  /** Merged into the flow's data with the transition. */
  data?: Record<string, unknown>;
  /** Who sent it; none: 'system'. */
  userId?: string | null;
}

export interface StartWorkflow {
  /** The definition's key; the published version unless `version` names another. */
  key: string;
  version?: number;
  data?: Record<string, unknown>;
  userId?: string | null;
}

export interface WorkflowInstanceSummary {
  id: string;
  definition_key: string;
  version: number;
  status: 'running' | 'waiting' | 'completed' | 'failed' | 'cancelled';
  state: string;
  seq: number;
  data: Record<string, unknown>;
}

/**
 * Send an event to a flow instance inside the caller's tenant transaction (a plugin's
 * handler `tx`): the transition commits or rolls back with the caller's own change.
 * Throws ApiError 404 (no such instance in this client) or 409 (the current state does not
 * accept the event; the message names both).
 */
export async function sendWorkflowEvent(tx: Tx, e: SendWorkflowEvent): Promise<WorkflowInstanceSummary> {
  return sendEvent(tx, e);
}

/** Start a flow instance inside the caller's tenant transaction. */
export async function startWorkflow(tx: Tx, s: StartWorkflow): Promise<WorkflowInstanceSummary> {
  return startFromPlugin(tx, s);
}
