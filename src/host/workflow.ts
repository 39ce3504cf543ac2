// The workflowSteps contribution point: a step type an area adds to the workflow engine.
// (The engine and the core's generic steps live in src/server/workflows.)
import type { Struct } from 'superstruct';

export interface StepContext {
  clientId: string;
  instanceId: string;
  /** The flow's data when the step started (read-only). */
  data: Readonly<Record<string, unknown>>;
  attempt: number;
  signal: AbortSignal;
}

export type StepResult = { event: string; data?: Record<string, unknown> } | { wait: true };

export interface WorkflowStepDef<I = any> {
  /** '<area>.<name>', unique; the core's generic ones are 'core.<name>'. */
  type: string;
  title: string;
  /** Validated when a definition is saved and again when the step runs. */
  input: Struct<I, any>;
  /** The events the step may emit ('done', 'failed' or others it names). */
  emits: readonly string[];
  run(ctx: StepContext, input: I): Promise<StepResult>;
}
