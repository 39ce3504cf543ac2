// Small pure helpers of the workflow engine: reading the flow's data by path, conditions
// (decision rules and transition guards), durations, and {{data.path}} templates.
import { WORKFLOW_OPERATORS, type WorkflowCondition, type WorkflowOperator } from '../../shared/schemas/workflows.ts';

const PATH_RE = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/** 'data.applicant.country' or 'applicant.country' → the value in the flow's data, or undefined. */
export function getPath(data: unknown, path: string): unknown {
  const parts = path.split('.');
  if (parts[0] === 'data' && parts.length > 1) parts.shift();
  let v: unknown = data;
  for (const p of parts) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v as object, p)) return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

const comparable = (v: unknown): v is number | string => typeof v === 'number' || typeof v === 'string';

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) return canonicalJson(a) === canonicalJson(b);
  return false;
}

function order(a: unknown, b: unknown): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null; // different kinds never compare (a missing value is neither above nor below)
}

export function evaluate(data: unknown, c: WorkflowCondition): boolean {
  const v = getPath(data, c.path);
  switch (c.op) {
    case 'eq': return same(v, c.value);
    case 'neq': return !same(v, c.value);
    case 'gt': { const o = order(v, c.value); return o !== null && o > 0; }
    case 'gte': { const o = order(v, c.value); return o !== null && o >= 0; }
    case 'lt': { const o = order(v, c.value); return o !== null && o < 0; }
    case 'lte': { const o = order(v, c.value); return o !== null && o <= 0; }
    case 'in': return Array.isArray(c.value) && c.value.some((x) => same(v, x));
    case 'exists': return (c.value === false) === (v === undefined || v === null);
    case 'contains':
      if (typeof v === 'string') return typeof c.value === 'string' && v.includes(c.value);
      if (Array.isArray(v)) return v.some((x) => same(x, c.value));
      return false;
  }
}

/** Field → message problems of a condition (keys relative to it). */
export function conditionErrors(raw: unknown): Record<string, string> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { '': 'must be an object { path, op, value }' };
  const c = raw as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const k of Object.keys(c)) if (!['path', 'op', 'value'].includes(k)) out[k] = 'is not allowed';
  if (typeof c.path !== 'string' || c.path === '') out.path = 'is a required field';
  else if (!PATH_RE.test(c.path) || c.path.length > 200) out.path = 'must be a dot path like applicant.country';
  if (!WORKFLOW_OPERATORS.includes(c.op as WorkflowOperator)) out.op = `must be one of ${WORKFLOW_OPERATORS.join(', ')}`;
  const op = c.op as WorkflowOperator;
  if (['gt', 'gte', 'lt', 'lte'].includes(op) && !comparable(c.value)) out.value = 'must be a number or a text for this operator';
  if (op === 'in' && !Array.isArray(c.value)) out.value = 'must be a list for the in operator';
  if (op === 'exists' && c.value !== undefined && typeof c.value !== 'boolean') out.value = 'must be true or false for the exists operator';
  if ((op === 'eq' || op === 'neq' || op === 'contains') && c.value === undefined) out.value = 'is a required field';
  return out;
}

const MAX_DURATION_MS = 366 * 24 * 3600 * 1000;
const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Milliseconds of a duration: a positive whole number of ms, or ISO 8601 ('PT5M', 'P1DT2H', 'P2W'); null if not one. */
export function parseDuration(v: unknown): number | null {
  let ms: number;
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) return null;
    ms = v;
  } else if (typeof v === 'string') {
    const m = ISO_DURATION.exec(v.trim().toUpperCase());
    if (!m || v.trim().toUpperCase() === 'P' || v.trim().toUpperCase().endsWith('T')) return null;
    const [, w, d, h, min, s] = m;
    ms = Math.round(((+(w ?? 0) * 7 + +(d ?? 0)) * 86400 + +(h ?? 0) * 3600 + +(min ?? 0) * 60 + +(s ?? 0)) * 1000);
  } else {
    return null;
  }
  return ms >= 1 && ms <= MAX_DURATION_MS ? ms : null;
}

export const DURATION_HINT = 'must be a duration: milliseconds (a whole number from 1) or ISO 8601 like PT5M, P1DT2H (at most 366 days)';

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const PLACEHOLDER_PATH = /^(data(\.[A-Za-z0-9_-]+)+|instance\.(id|state|definition_key|version))$/;

/** Placeholders that are not {{data.path}} or {{instance.id|state|definition_key|version}}. */
export function badPlaceholders(template: string): string[] {
  const bad: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) if (!PLACEHOLDER_PATH.test(m[1])) bad.push(m[0]);
  return bad;
}

export function hasPlaceholder(template: string): boolean {
  return /\{\{[^{}]*\}\}/.test(template);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** Fills {{data.path}} and {{instance.*}}; missing values become empty; html escapes every value. */
export function render(template: string, scope: { data: unknown; instance: Record<string, unknown> }, opts: { html?: boolean } = {}): string {
  return template.replace(PLACEHOLDER, (_m, expr: string) => {
    const v = expr.startsWith('instance.') ? scope.instance[expr.slice('instance.'.length)] : getPath(scope.data, expr);
    const s = v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return opts.html ? escapeHtml(s) : s;
  });
}

/** Top-level keys whose value changed, with their new value (null for removed). */
export function dataDiff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> | null {
  const diff: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!same(before[k], after[k]) || Object.hasOwn(before, k) !== Object.hasOwn(after, k)) diff[k] = after[k] ?? null;
  }
  return Object.keys(diff).length ? diff : null;
}

export function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v as object)) deepFreeze(x);
  }
  return v;
}

/** Keys sorted at every level: two definitions that differ only in key order are the same version. */
export function canonicalJson(v: unknown): string {
  const norm = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(norm);
    if (x && typeof x === 'object') return Object.fromEntries(Object.keys(x).sort().map((k) => [k, norm((x as Record<string, unknown>)[k])]));
    return x;
  };
  return JSON.stringify(norm(v));
}

/** True when a JSON value nests deeper than max (checked without recursion). */
export function nestsDeeperThan(v: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (x === null || typeof x !== 'object') continue;
    if (d >= max) return true;
    for (const y of Object.values(x as object)) stack.push([y, d + 1]);
  }
  return false;
}

export const MAX_NESTING = 32;
