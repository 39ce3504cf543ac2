// Building blocks for request schemas, shared by the browser (forms) and the server
// (request validation): each field fails with a short message a form can show under
// the field ("is a required field", "must be at most 100 characters").
import {
  boolean, coerce, define, integer, refine, string, union, array, number, StructError,
  type Struct,
} from 'superstruct';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

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

/** UTC ISO date or date-time, as lists send ranges. */
export const isoDate = (): Struct<string, null> =>
  define<string>('date', (v) => (typeof v === 'string' && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v))) || 'must be a date (ISO 8601)');

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
