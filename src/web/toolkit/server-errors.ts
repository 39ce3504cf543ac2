// A 400 answer's `errors` ({field: message}) as the form fields it concerns.
import { ApiError } from '../api-client.ts';

export function serverFieldErrors(error: unknown, names: readonly string[]): [string, string][] {
  if (!(error instanceof ApiError)) return [];
  return Object.entries(error.errors).filter(([k]) => names.includes(k));
}
