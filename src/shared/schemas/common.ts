// Building blocks for request schemas, shared by the browser (forms) and the server
// (request validation): each field fails with a short message a form can show under
// the field ("is a required field", "must be at most 100 characters").
import {
  boolean, coerce, define, integer, record, refine, string, union, unknown, array, number, StructError,
  type Struct,
} from 'superstruct';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Roughly an address (one @, a dot in the domain): the mail server has the last word. */
export const isEmail = (v: string): boolean => EMAIL.test(v.trim());

/** A required, well-formed email address (trimmed before the check; stored as typed). */
export const emailAddress = (): Struct<string, null> =>
  refine(text({ max: 254 }), 'email', (v) => isEmail(v) || 'must be a valid email');

export const uuid = (): Struct<string, null> =>
  define<string>('uuid', (v) => (typeof v === 'string' && UUID.test(v)) || 'must be a valid id');

/** Non-blank text up to max characters (blank counts as missing). */
export function text(opts: { min?: number; max?: number } = {}): Struct<string, null> {
  const min = opts.min ?? 1;
  const max = opts.max ?? 255;
  return refine(string(), 'text', (v) => {
    if (min > 0 && v.trim() === '') return 'is a required field';
    if (v.length < min) return `must be at least ${min} characters`;
    if (v.length > max) return `must be at most ${max} characters`;
    return true;
  });
}

export function intRange(min: number, max: number): Struct<number, null> {
  return refine(integer(), 'range', (v) => (v < min ? `must be at least ${min}` : v > max ? `must be at most ${max}` : true));
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Why an ISO 8601 date or date-time is not one PostgreSQL (and every browser) accepts, or
 * null when it is: a calendar date of years 1 to 9999 (no 31 February), a time of day up
 * to 23:59:59, and a UTC offset of at most ±15:59 (PostgreSQL refuses more). Date.parse
 * alone lets 2024-02-31 and +20:00 through.
 */
export function isoDateProblem(v: unknown): string | null {
  const m = typeof v === 'string' ? ISO_DATE.exec(v) : null;
  if (!m) return 'must be a date (ISO 8601)';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return 'must be a date that exists (ISO 8601)';
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] !== undefined && Number(m[6]) > 59))) {
    return 'must be a time of day from 00:00 to 23:59:59';
  }
  if (m[7] !== undefined && (Number(m[7]) > 15 || Number(m[8]) > 59)) return 'must have a UTC offset from -15:59 to +15:59';
  return null;
}

/** UTC ISO date or date-time, as lists send ranges. */
export const isoDate = (): Struct<string, null> =>
  define<string>('date', (v) => isoDateProblem(v) ?? true);

/** Bounds of a JSON value stored as is (a saved filter template's filters, preferences). */
export const MAX_JSON_BYTES = 16 * 1024;
export const MAX_JSON_DEPTH = 16;

/** How deeply a JSON value nests (a scalar is 0, {} is 1), counted without recursion; stops past limit. */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const depth = d + 1;
    if (depth > deepest) deepest = depth;
    if (depth > limit) return depth;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth]);
  }
  return deepest;
}

/**
 * A JSON object kept as is, bounded in depth and in its serialised size (UTF-8 bytes):
 * each write of it is also copied into the audit log, so an unbounded one lets any member
 * grow the database by megabytes per request.
 */
export function jsonObject(opts: { maxBytes?: number; maxDepth?: number } = {}): Struct<Record<string, unknown>, null> {
  const maxBytes = opts.maxBytes ?? MAX_JSON_BYTES;
  const maxDepth = opts.maxDepth ?? MAX_JSON_DEPTH;
  return refine(record(string(), unknown()), 'json', (v) => {
    if (jsonDepth(v, maxDepth) > maxDepth) return `is nested too deeply (at most ${maxDepth} levels)`;
    const bytes = new TextEncoder().encode(JSON.stringify(v)).length;
    return bytes <= maxBytes || `must be at most ${Math.round(maxBytes / 1024)} KB`;
  });
}

// Query strings carry text only: these accept the text form as well.
export const queryInt = (min: number, max: number) =>
  coerce(intRange(min, max), string(), (v) => (/^-?\d+$/.test(v.trim()) ? Number(v) : v));

export const queryNumber = () =>
  coerce(number(), string(), (v) => (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v));

export const queryBool = () =>
  coerce(boolean(), string(), (v) => {
    const s = v.trim().toLowerCase();
    return s === 'true' || s === '1' ? true : s === 'false' || s === '0' ? false : v;
  });

/** A multi-select: one value or several, always an array after coercion. */
export function queryList<T>(item: Struct<T, any>): Struct<T[], any> {
  return coerce(array(item), union([string(), number(), boolean()]), (v) => [v as never]);
}

const TYPE_TEXT: Record<string, string> = {
  string: 'must be a text',
  number: 'must be a number',
  integer: 'must be a whole number',
  boolean: 'must be true or false',
  object: 'must be an object',
  array: 'must be a list',
  never: 'is not allowed',
  record: 'must be an object',
};

function message(f: { value: unknown; type: string; refinement?: string; message: string }): string {
  if (f.value === undefined && f.type !== 'never') return 'is a required field';
  if (f.refinement || f.type === 'uuid' || f.type === 'date') return f.message;
  if (f.type === 'enums') {
    const m = /Expected one of `(.*)`, but/.exec(f.message);
    return m ? `must be one of ${m[1].replaceAll('"', '').split(',').join(', ')}` : 'is not an allowed value';
  }
  if (f.type === 'literal') return 'is not an allowed value';
  return TYPE_TEXT[f.type] ?? f.message;
}

/**
 * One message per field. Keys are dotted paths; with unwrap, the resource key of a
 * wrapped body is dropped (tab_registry.name → name) so a form maps errors to fields.
 */
export function fieldErrors(err: StructError, opts: { unwrap?: boolean } = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of err.failures()) {
    const path = opts.unwrap && f.path.length > 1 ? f.path.slice(1) : f.path;
    const key = path.length ? path.join('.') : 'base';
    out[key] ??= message(f);
  }
  return out;
}
