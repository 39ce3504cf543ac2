// How the pages report a refused action. The toolkit's error toast shows spec 8's text for
// a code, which for CONFLICT is generic; the rules of this area (last manager, yourself,
// a role still held) answer 409 with a message that says what to do, shown as it is.
import { ApiError, notify } from '../../../src/host/web.ts';

export function isConflict(e: unknown): e is ApiError {
  return e instanceof ApiError && e.status === 409 && e.message !== '';
}

export function reportFailure(e: unknown): void {
  if (isConflict(e)) notify.warning(e.message);
  else notify.error(e);
}

/** For ResourceForm: a 409 becomes the message of one field instead of a generic toast. */
export function conflictOnField(e: unknown, field: string): unknown {
  return isConflict(e) ? new ApiError(400, { error_code: 'VALIDATION_FAILED', message: e.message, errors: { [field]: e.message } }) : e;
}

/**
 * Server field messages read as the end of a sentence ("already has a pending
 * invitation"); the forms show them after the field's label, as the browser's own rules do.
 */
export function labelFieldErrors(e: unknown, labels: Record<string, string>): unknown {
  if (!(e instanceof ApiError) || e.status !== 400) return e;
  const errors = Object.fromEntries(Object.entries(e.errors).map(([k, m]) => [k, labels[k] && /^[a-z]/.test(m) ? `${labels[k]} ${m}` : m]));
  return new ApiError(e.status, { error_code: e.error_code, message: e.message, errors });
}
