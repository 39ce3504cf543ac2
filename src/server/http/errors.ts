// The failure a handler throws. The error handler turns it into the body of every
// failing endpoint: { success: false, error_code, message, errors }.
import { ERROR_TEXTS, HTTP_STATUS, type ErrorBody, type ErrorCode } from '../../shared/errors.ts';

export class ApiError extends Error {
  code: string;
  status: number;
  errors: Record<string, string> | undefined;
  /** A code an area declares (manifest `errors`): status and text come from its declaration when answered. */
  readonly declared: boolean;

  constructor(code: ErrorCode, message?: string, errors?: Record<string, string>, status?: number);
  constructor(code: string, message: string | undefined, errors: Record<string, string> | undefined, status: number | undefined, declared: true);
  constructor(code: string, message?: string, errors?: Record<string, string>, status?: number, declared = false) {
    super(message ?? (declared ? code : ERROR_TEXTS[code as ErrorCode]));
    this.name = 'ApiError';
    this.code = code;
    this.status = status ?? (declared ? 0 : HTTP_STATUS[code as ErrorCode]);
    this.errors = errors;
    this.declared = declared && message === undefined;
  }

  body(): ErrorBody {
    return { success: false, error_code: this.code as ErrorCode, message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

/**
 * An error code an area declares in its manifest (`errors: { CODE: { status, message } }`):
 * answered with that status and text, or with `message` when given.
 */
export function areaError(code: string, errors?: Record<string, string>, message?: string): ApiError {
  return new ApiError(code, message, errors, undefined, true);
}

/** Fills in a declared code's status and text from the areas' declarations; an undeclared one is a bug (500). */
export function resolveDeclared(err: ApiError, declared: ReadonlyMap<string, { status: number; message: string }>): ApiError {
  if (!err.declared && err.status !== 0) return err;
  const def = declared.get(err.code);
  if (!def) return new ApiError('INTERNAL');
  const out = new ApiError(err.code, err.declared ? def.message : err.message, err.errors, def.status, true);
  return out;
}

export const notFound = (message?: string) => new ApiError('NOT_FOUND', message);
export const forbidden = (message?: string) => new ApiError('FORBIDDEN', message);
export const conflict = (message?: string, errors?: Record<string, string>) => new ApiError('CONFLICT', message, errors);
export const invalid = (errors: Record<string, string>, message?: string) => new ApiError('VALIDATION_FAILED', message, errors);

/** Seconds a client is asked to wait after a 503 (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/** 503 for a database that is not reachable; a lost COMMIT says its outcome is unknown. */
export function unavailable(err?: unknown): ApiError {
  const inDoubt = (err as { code?: string } | undefined)?.code === 'COMMIT_IN_DOUBT';
  return new ApiError('UNAVAILABLE', undefined, inDoubt
    ? { base: 'The connection to the database was lost while saving: the change may have been saved. Check before trying again' }
    : { database: 'is not reachable at the moment' });
}

/** PostgreSQL errors a handler did not expect but the client caused: answer them, do not crash. */
export function fromDatabaseError(err: unknown): ApiError | null {
  const code = (err as { code?: string })?.code;
  // Unique and CHECK constraints are the last guard behind a handler's own checks (which
  // answer with a precise message): a race that slips past those still gets a 409.
  if (code === '23505' || code === '23514') return conflict();
  if (code === '23503') return invalid({ base: 'refers to a record that does not exist' });
  // Input screening and the shared schemas refuse these first, naming the field; these
  // are the last guard for a value that reaches SQL another way: a malformed value, a date
  // out of range or with an offset beyond ±15:59 (22009), text PostgreSQL cannot store
  // (NUL: 22021; \u0000 in JSON: 22P05), JSON nested past the server's stack (54001).
  if (['22P02', '22007', '22008', '22003', '22009', '22021', '22P05', '54001'].includes(code ?? '')) return invalid({ base: 'has a value of the wrong form' });
  if (code === '42501' && /row-level security/.test((err as Error).message ?? '')) return notFound();
  return null;
}
