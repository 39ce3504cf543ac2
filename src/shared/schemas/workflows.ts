// Workflows (docs/workflows.md): flow definitions (statecharts stored per client, in
// versions), their running instances, and the events sent to them. The definition's own
// content is checked on the server against the registered step types (a 400 naming the
// state); these schemas cover the request bodies around it.
import {
  define, integer, object, optional, record, refine, string, type, unknown, type Infer,
} from 'superstruct';
import { queryInt, text } from './common.ts';
import { listQuery, type ListDef } from './lists.ts';

export const WORKFLOW_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'exists', 'contains'] as const;
export type WorkflowOperator = (typeof WORKFLOW_OPERATORS)[number];

export const WORKFLOW_INSTANCE_STATUSES = ['running', 'waiting', 'completed', 'failed', 'cancelled'] as const;
export type WorkflowInstanceStatus = (typeof WORKFLOW_INSTANCE_STATUSES)[number];

/** A condition over the flow's data: a decision rule's test and a transition's guard. */
export interface WorkflowCondition {
  /** Dot path into the flow's data ('applicant.country'); a leading 'data.' is allowed. */
  path: string;
  op: WorkflowOperator;
  value?: unknown;
}

export interface WorkflowTransition {
  target: string;
  guard?: WorkflowCondition;
}

export interface WorkflowRetry {
  /** Runs of the step before 'failed' (1–20, default 3). */
  max_attempts?: number;
  /** First retry after this many seconds, doubling each time, at most an hour (1–3600, default 10). */
  backoff_seconds?: number;
  /** Time limit of one run; the step's AbortSignal fires then (1–3600, default 60). */
  timeout_seconds?: number;
}

export interface WorkflowStateDef {
  type?: 'final';
  description?: string;
  step?: { type: string; input?: unknown; retry?: WorkflowRetry };
  on?: Record<string, string | WorkflowTransition | WorkflowTransition[]>;
  /** Sent as `event` when the instance is still in this state `after` (ms or ISO 8601 'PT5M') from entry. */
  timeout?: { after: number | string; event: string };
}

export interface WorkflowDefinitionDoc {
  initial: string;
  /** The flow's data at start; the start request's data is merged over it. */
  data?: Record<string, unknown>;
  /** Default retry policy of every step. */
  retry?: WorkflowRetry;
  states: Record<string, WorkflowStateDef>;
}

export const DEFINITION_KEY_RE = /^[a-z][a-z0-9_-]{0,63}$/;

const definitionKey = () =>
  refine(text({ max: 64 }), 'key', (v) => DEFINITION_KEY_RE.test(v) || 'must start with a lowercase letter and hold only a-z, 0-9, _ and - (at most 64)');

/** A JSON object; its content is checked by the server against the step types. */
const jsonObject = () =>
  define<Record<string, unknown>>('object', (v) => (typeof v === 'object' && v !== null && !Array.isArray(v)) || 'must be an object');

export const workflowDefinitionCreateBody = object({
  workflow_definition: object({
    key: definitionKey(),
    name: text({ max: 200 }),
    definition: jsonObject(),
  }),
});
export type WorkflowDefinitionCreateBody = Infer<typeof workflowDefinitionCreateBody>;

export const workflowDefinitionUpdateBody = object({
  workflow_definition: object({
    name: optional(text({ max: 200 })),
    definition: optional(jsonObject()),
    // Accepted so a page can send the record back as it got it; it cannot change.
    key: optional(string()),
  }),
});
export type WorkflowDefinitionUpdateBody = Infer<typeof workflowDefinitionUpdateBody>;

export const workflowDefinitionValidateBody = object({
  workflow_definition: object({ definition: jsonObject(), key: optional(string()), name: optional(string()) }),
});
export type WorkflowDefinitionValidateBody = Infer<typeof workflowDefinitionValidateBody>;

export const workflowInstanceStartBody = object({
  workflow_instance: object({
    definition_key: definitionKey(),
    version: optional(refine(integer(), 'version', (v) => v >= 1 || 'must be at least 1')),
    data: optional(record(string(), unknown())),
  }),
});
export type WorkflowInstanceStartBody = Infer<typeof workflowInstanceStartBody>;

export const workflowEventBody = object({
  workflow_event: object({
    event: text({ max: 64 }),
    data: optional(record(string(), unknown())),
  }),
});
export type WorkflowEventBody = Infer<typeof workflowEventBody>;

export const workflowCancelBody = optional(object({
  workflow_instance: optional(object({ reason: optional(text({ max: 500 })) })),
}));
export type WorkflowCancelBody = Infer<typeof workflowCancelBody>;

export const workflowDefinitionListDef = {
  sorts: ['name', 'key', 'created_at', 'updated_at'],
  filters: { published: { kind: 'boolean' } },
  ranges: { created_at: 'date' },
} as const satisfies ListDef;
export const workflowDefinitionListQuery = listQuery(workflowDefinitionListDef);

export const workflowVersionListDef = {
  sorts: ['version', 'created_at'],
  filters: { published: { kind: 'boolean' } },
} as const satisfies ListDef;
export const workflowVersionListQuery = listQuery(workflowVersionListDef);

export const workflowInstanceListDef = {
  sorts: ['created_at', 'updated_at', 'status', 'state'],
  filters: {
    definition_key: { kind: 'text', multi: true },
    status: { kind: 'text', multi: true, values: WORKFLOW_INSTANCE_STATUSES },
    state: { kind: 'text' },
    version: { kind: 'integer' },
  },
  ranges: { created_at: 'date' },
} as const satisfies ListDef;
export const workflowInstanceListQuery = listQuery(workflowInstanceListDef);

export const workflowDefinitionGetQuery = type({ version: optional(queryInt(1, 1_000_000)) });
