// The failure a handler throws. The error handler turns it into the body of every
// failing endpoint: { success: false, error_code, message, errors }.
import { ERROR_TEXTS, HTTP_STATUS, type ErrorBody, type ErrorCode } from '../../shared/errors.ts';

export class ApiError extends Error {
  code: ErrorCode;
  status: number;
  errors: Record<string, string> | undefined;

  constructor(code: ErrorCode, message?: string, errors?: Record<string, string>, status?: number) {
    super(message ?? ERROR_TEXTS[code]);
    this.name = 'ApiError';
    this.code = code;
    this.status = status ?? HTTP_STATUS[code];
    this.errors = errors;
  }

  body(): ErrorBody {
    return { success: false, error_code: this.code, message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const notFound = (message?: string) => new ApiError('NOT_FOUND', message);
export const forbidden = (message?: string) => new ApiError('FORBIDDEN', message);
export const conflict = (message?: string, errors?: Record<string, string>) => new ApiError('CONFLICT', message, errors);
export const invalid = (errors: Record<string, string>, message?: string) => new ApiError('VALIDATION_FAILED', message, errors);

/** PostgreSQL errors a handler did not expect but the client caused: answer them, do not crash. */
export function fromDatabaseError(err: unknown): ApiError | null {
  const code = (err as { code?: string })?.code;
  // Unique and CHECK constraints are the last guard behind a handler's own checks (which
  // answer with a precise message): a race that slips past those still gets a 409.
  if (code === '23505' || code === '23514') return conflict();
  if (code === '23503') return invalid({ base: 'refers to a record that does not exist' });
  if (code === '22P02' || code === '22007' || code === '22008' || code === '22003') return invalid({ base: 'has a value of the wrong form' });
  if (code === '42501' && /row-level security/.test((err as Error).message ?? '')) return notFound();
  return null;
}
