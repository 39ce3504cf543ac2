// What the screenings API takes and answers, shared by its pages and its server: the
// statuses, the list of screenings (filters, ranges, sorts), the bounds of what is stored
// and the check of what a kind's run() returns.
import { array, define, nullable, object, optional, refine, string, type Struct } from 'superstruct';
import { listQuery, type ListDef, type ListQuery } from '../../src/shared/schemas/lists.ts';
import { jsonObject, MAX_JSON_BYTES } from '../../src/shared/schemas/common.ts';

export const EXECUTION_STATUSES = ['in_progress', 'completed', 'failed'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const STATUS_LABELS: Record<ExecutionStatus, string> = {
  in_progress: 'In progress',
  completed: 'Completed',
  failed: 'Failed',
};

/** A screening's input is kept as sent (and copied into the audit log): at most 16 KB of JSON. */
export const MAX_INPUT_BYTES = MAX_JSON_BYTES;
/** Hits one screening may record; a kind reporting more fails (its provider is asked too broadly). */
export const MAX_HITS = 500;
export const MAX_NAME = 500;
export const MAX_ERROR = 1000;

export const SCREENINGS_TEXTS = {
  inputTooLarge: `must be at most ${Math.round(MAX_INPUT_BYTES / 1024)} KB`,
  timedOut: (ms: number) => `the screening did not finish within ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`}`,
  badResult: (why: string) => `the screening kind returned a result that is not valid: ${why}`,
  failedWithoutMessage: 'the screening failed',
} as const;

/** The list of screenings (GET /checkups): kind and status filters, creation dates, q on the name. */
export function checkupListDef(kinds: readonly string[]): ListDef {
  return {
    sorts: ['created_at', 'name', 'hits_count', 'execution_status', 'kind'],
    filters: {
      kind: { kind: 'text', multi: true, values: kinds },
      execution_status: { kind: 'text', multi: true, values: EXECUTION_STATUSES },
    },
    ranges: { created_at: 'date' },
  };
}

export const checkupListQuery = (kinds: readonly string[]): Struct<ListQuery, any> => listQuery(checkupListDef(kinds));

/** A kind's input, bounded in size: what the API and a flow's step take. */
export function boundedInput<I>(input: Struct<I, any>): Struct<I, any> {
  return refine(input, 'size', (v) =>
    new TextEncoder().encode(JSON.stringify(v ?? {})).length <= MAX_INPUT_BYTES || SCREENINGS_TEXTS.inputTooLarge);
}

/** The body of POST /checkups/<code>: `{ checkup: { …the kind's input } }`. */
export function checkupBody<I>(input: Struct<I, any>): Struct<{ checkup: I }, any> {
  return object({ checkup: boundedInput(input) }) as unknown as Struct<{ checkup: I }, any>;
}

const bounded = (max: number) => refine(string(), 'length', (v) => v.length <= max || `must be at most ${max} characters`);
const score = define<number>('score', (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1) || 'must be a number from 0 to 1');

/** What a kind's run() must return; anything else ends the screening as failed, saying why. */
export const kindResult = object({
  hits: refine(array(object({
    name: refine(bounded(MAX_NAME), 'name', (v) => v.trim() !== '' || 'is a required field'),
    score,
    source: bounded(200),
    reference: optional(nullable(bounded(500))),
    details: optional(jsonObject()),
  })), 'hits', (v) => v.length <= MAX_HITS || `must be at most ${MAX_HITS} hits`),
  provider_status: optional(nullable(bounded(200))),
  summary: optional(nullable(bounded(2000))),
});
