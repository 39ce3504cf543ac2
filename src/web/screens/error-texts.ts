// The error screens of spec 2.2, their exact titles and texts, and how a thrown error
// maps onto one of them.

export type ErrorScreenKind = 'updated' | 'not-found' | 'forbidden' | 'server' | 'critical';

export interface ErrorScreenText {
  title: string;
  text: string;
}

export const ERROR_SCREENS: Record<ErrorScreenKind, ErrorScreenText> = {
  updated: {
    title: 'The application has been updated',
    text: 'A new version is available. Please, reload the page to continue.',
  },
  'not-found': { title: 'Page not found', text: 'This page does not exist or has been deleted' },
  forbidden: { title: 'Forbidden', text: 'Unfortunately, you do not have an access to this page' },
  server: { title: 'Internal server error', text: 'Please, try again a bit later' },
  critical: {
    title: 'Critical Error',
    text: 'Something went wrong. We see this error and will try to fix it as soon as possible',
  },
};

/** "Error code: {status}" under the critical text, only when a status exists. */
export function errorCodeLine(status: number | null | undefined): string | null {
  return status ? `Error code: ${status}` : null;
}

/** A lazy page (or the route tree) failed to load: the deployed files changed. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: string; message?: string };
  if (e.name === 'ChunkLoadError') return true;
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading (CSS )?chunk .* failed|Unable to preload CSS/i
    .test(e.message ?? '');
}

/** Which screen an error thrown while rendering shows. */
export function screenForError(error: unknown): { kind: ErrorScreenKind; status: number | null } {
  if (isChunkLoadError(error)) return { kind: 'updated', status: null };
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : null;
  if (status === 404) return { kind: 'not-found', status };
  if (status === 403) return { kind: 'forbidden', status };
  if (status === 500) return { kind: 'server', status };
  return { kind: 'critical', status: status || null };
}
