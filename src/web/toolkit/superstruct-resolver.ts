// A react-hook-form resolver for superstruct schemas (spec 5), and the field rules the
// forms use. Messages follow the library defaults the spec names ("is a required field",
// "must be at least N characters", "must be a valid email"), prefixed with the field's
// label; a rule may carry its own message ("Required", "Invalid value"), used verbatim.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { define, refine, string, validate, type Failure, type Struct } from 'superstruct';

const LIBRARY_STYLE = /^(is|must) /;

export interface ResolverOptions {
  /** Field labels for messages ("Name is a required field"). */
  labels?: Record<string, string>;
  /** Per-field overrides: { name: { required: 'Required' } } by failure kind. */
  messages?: Record<string, Partial<Record<'required' | 'type' | string, string>>>;
  coerce?: boolean;
}

function isMissing(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** The message for one failure. Exported for tests. */
export function failureMessage(f: Pick<Failure, 'value' | 'type' | 'refinement' | 'message' | 'path'>, opts: ResolverOptions = {}): string {
  const name = f.path.join('.');
  const label = opts.labels?.[name] ?? opts.labels?.[String(f.path[0])] ?? humanize(String(f.path[f.path.length - 1] ?? name));
  const custom = opts.messages?.[name];
  const missing = isMissing(f.value) && (f.refinement === 'required' || f.refinement === undefined);
  if (missing) return custom?.required ?? `${label} is a required field`;
  const kind = f.refinement ?? f.type;
  if (custom?.[kind]) return custom[kind] as string;
  // Our rules return their message; superstruct's own messages are rewritten.
  if (f.message && !f.message.startsWith('Expected')) {
    return LIBRARY_STYLE.test(f.message) ? `${label} ${f.message}` : f.message;
  }
  return `${label} is invalid`;
}

function humanize(key: string): string {
  const s = key.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function setPath(target: Record<string, unknown>, path: (string | number)[], value: unknown) {
  let node = target;
  path.forEach((k, i) => {
    if (i === path.length - 1) node[k] = value;
    else node = (node[k] ??= typeof path[i + 1] === 'number' ? [] : {}) as Record<string, unknown>;
  });
}

/** Resolver for useForm({ resolver: superstructResolver(schema, { labels }) }). */
export function superstructResolver<T extends FieldValues>(schema: Struct<T, unknown> | Struct<unknown, unknown>, opts: ResolverOptions = {}): Resolver<T> {
  return async (values) => {
    const [error, result] = validate(values, schema as Struct<unknown, unknown>, { coerce: opts.coerce ?? false });
    if (!error) return { values: result as T, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const f of error.failures()) {
      const path = f.path.length ? f.path : ['root'];
      // The first failure of a field is the one shown.
      const already = path.reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Record<string, unknown>)[k as string] : undefined), errors);
      if (already) continue;
      setPath(errors, path, { type: f.refinement ?? f.type, message: failureMessage(f, opts) });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

// -- rules ------------------------------------------------------------------------------

/** A value that must be present (non-empty string, non-empty list, any other value). */
export function required<S extends Struct<any, any>>(struct: S): S {
  return refine(struct, 'required', (v) => !isMissing(v) || 'is a required field') as S;
}

export function minLength(n: number, struct: Struct<string, null> = string()) {
  return refine(struct, 'minLength', (v) => v.length >= n || `must be at least ${n} characters`);
}

export function maxLength(n: number, struct: Struct<string, null> = string()) {
  return refine(struct, 'maxLength', (v) => v.length <= n || `must be at most ${n} characters`);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An email when given: empty passes (combine with required() when needed). */
export function email() {
  return refine(string(), 'email', (v) => v === '' || EMAIL.test(v) || 'must be a valid email');
}

/**
 * spec 5 regexp rule: ignores empty values, message defaults to "Invalid value", and an
 * invalid pattern is ignored.
 */
export function pattern(source: string | RegExp, message = 'Invalid value') {
  let re: RegExp | null = null;
  try { re = typeof source === 'string' ? new RegExp(source) : source; } catch { re = null; }
  return refine(string(), 'pattern', (v) => v === '' || re === null || re.test(v) || message);
}

export function min(n: number) {
  return refine(numberLike(), 'min', (v) => v >= n || `must be greater than or equal to ${n}`);
}
export function max(n: number) {
  return refine(numberLike(), 'max', (v) => v <= n || `must be less than or equal to ${n}`);
}

/** A finite number (ResourceForm registers number inputs with valueAsNumber). */
export function numberLike() {
  return define<number>('number', (v) => (typeof v === 'number' && Number.isFinite(v)));
}

/** spec 5: allowed file types (extensions or MIME types) and a size limit in KB. */
export function file(opts: { accept?: string[]; maxFileSizeKb?: number } = {}) {
  return define<File | { name: string; size: number; type?: string }>('file', (v) => {
    if (!v || typeof v !== 'object' || !('name' in v) || !('size' in v)) return 'is a required field';
    const f = v as { name: string; size: number; type?: string };
    if (opts.accept?.length) {
      const ext = f.name.includes('.') ? f.name.slice(f.name.lastIndexOf('.')).toLowerCase() : '';
      const ok = opts.accept.some((a) => a.toLowerCase() === ext || a.toLowerCase() === (f.type ?? '').toLowerCase()
        || (a.endsWith('/*') && (f.type ?? '').startsWith(a.slice(0, -1))));
      if (!ok) return `must be one of ${opts.accept.join(', ')}`;
    }
    if (opts.maxFileSizeKb !== undefined && f.size > opts.maxFileSizeKb * 1024) return `must be at most ${opts.maxFileSizeKb} KB`;
    return true;
  });
}
