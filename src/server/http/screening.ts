// Input screening: one step every API request passes before its schemas validate it.
// Text PostgreSQL cannot store, or that no form ever sends, is refused with 400 and a
// message naming the field, instead of reaching SQL (NUL: 22021 in text, 22P05 in JSON,
// both a 500 before) or JSON.stringify (a body nested thousands deep: RangeError):
//   - C0 control characters U+0000–U+001F except tab (U+0009), line feed (U+000A) and
//     carriage return (U+000D), in values and in keys; DEL and C1 controls are stored
//     as they are (PostgreSQL accepts them and a pasted text may hold them);
//   - lone UTF-16 surrogates (not text: PostgreSQL refuses them inside JSON);
//   - JSON nested deeper than MAX_INPUT_DEPTH levels (no API takes more; fields stored as
//     JSON have a tighter bound of their own, src/shared/schemas/common.ts jsonObject).
// The registrar runs it after the session, membership and access checks (so a stranger
// still gets 401/404/403 first); the hook below covers the API routes outside the
// registrar (identity's /me, realtime tokens).
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

export const MAX_INPUT_DEPTH = 32;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const SCREENING_TEXTS = {
  control: 'must not contain control characters (only tab, line feed and carriage return are allowed)',
  controlKey: 'has a key with control characters',
  surrogate: 'is not valid text (a lone UTF-16 surrogate)',
  depth: `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`,
} as const;

function textProblem(s: string): string | null {
  if (CONTROL.test(s)) return SCREENING_TEXTS.control;
  if (LONE_SURROGATE.test(s)) return SCREENING_TEXTS.surrogate;
  return null;
}

/** A key as it can be shown in a field name (control characters written as \u0000). */
const printable = (k: string) => (CONTROL.test(k) || LONE_SURROGATE.test(k) ? JSON.stringify(k).slice(1, -1) : k);

export type Where = 'params' | 'query' | 'body';

/**
 * The problems of one part of a request, by field: query parameters and path parameters
 * by name, body fields by dotted path inside the resource key (as validation names them:
 * { tab_registry: { name } } → name). Empty when the input is fine.
 */
export function screenInput(value: unknown, where: Where): Record<string, string> {
  const errors: Record<string, string> = {};
  const field = (path: string[]) => {
    const p = where === 'body' && path.length > 1 ? path.slice(1) : path;
    return p.length ? p.join('.') : 'base';
  };
  const stack: Array<{ v: unknown; path: string[] }> = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) errors[field(path)] ??= problem;
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    // Depth counts objects and arrays from the top: { resource: { field: … } } is 2.
    if (path.length >= MAX_INPUT_DEPTH) {
      errors[field(path.slice(0, where === 'body' ? 2 : 1))] ??= SCREENING_TEXTS.depth;
      continue;
    }
    const entries: Array<[string, unknown]> = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (const [k, x] of entries) {
      if (!Array.isArray(v) && textProblem(k)) {
        // A parameter is named by its key; a body key by the field that holds it.
        if (where !== 'body' && path.length === 0) errors[printable(k)] ??= SCREENING_TEXTS.control;
        else errors[field(path)] ??= SCREENING_TEXTS.controlKey;
      }
      stack.push({ v: x, path: [...path, printable(k)] });
    }
  }
  return errors;
}

/** Throws 400 VALIDATION_FAILED naming every field that failed screening. */
export function screenRequest(parts: { params?: unknown; query?: unknown; body?: unknown }): void {
  const errors: Record<string, string> = {};
  for (const where of ['params', 'query', 'body'] as const) {
    if (parts[where] === undefined) continue;
    for (const [k, m] of Object.entries(screenInput(parts[where], where))) errors[k] ??= m;
  }
  if (Object.keys(errors).length) throw new ApiError('VALIDATION_FAILED', undefined, errors);
}

/** Routes that screen their own input (the registrar's) say so in their config. */
export const SCREENED_BY_ROUTE = 'screenedByRoute';

/** Screens every /api/ request whose route does not do it itself. */
export function registerInputScreening(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    if (!req.url.startsWith('/api/') || req.is404) return;
    if ((req.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[SCREENED_BY_ROUTE]) return;
    screenRequest({ params: req.params, query: req.query, body: req.body });
  });
}
