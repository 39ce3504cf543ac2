// Messages between the page and the session worker (spec 4). Both sides import these
// types; the worker runs machines/session.ts.
//
// Times are epoch milliseconds on the page's own clock: the page turns the server's
// "idle time left" into `Date.now() + left` before sending, so clock skew between the
// browser and the server cannot shorten or stretch the session.

/** Page to worker. */
export type PageToWorkerMessage =
  /** Start counting; sent once after sign-in. A repeated connect is ignored. */
  | { type: 'connect'; expiresAt: number; userId: string }
  /** The session was extended (Continue, or a ping that answered a new expiry). */
  | { type: 'refresh_time'; expiresAt: number; userId: string }
  /** The user moved or typed; the worker answers NEED_PING at most once a minute. */
  | { type: 'activity' }
  /** Stop everything (sign-out from the user menu); the worker closes itself. */
  | { type: 'destroy' };

/** Worker to page. */
export type WorkerToPageMessage =
  /** Ms left before the idle end, or null to clear the countdown (hide the overlay). */
  | { type: 'UPDATE_TIME'; time: number | null }
  /** Call the ping endpoint so the server extends the idle timer. */
  | { type: 'NEED_PING' }
  /** Another user than the connected one: reset the whole client-side data store. */
  | { type: 'NEED_UPDATE_USER'; userId: string }
  /** The idle end was reached: redirect to the identity provider's login page. */
  | { type: 'FINISH' };

const PAGE_TYPES = new Set(['connect', 'refresh_time', 'activity', 'destroy']);
const WORKER_TYPES = new Set(['UPDATE_TIME', 'NEED_PING', 'NEED_UPDATE_USER', 'FINISH']);

function typeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}

function hasExpiry(data: object): boolean {
  const { expiresAt, userId } = data as { expiresAt?: unknown; userId?: unknown };
  return typeof expiresAt === 'number' && Number.isFinite(expiresAt) && typeof userId === 'string';
}

/** Checks what the worker receives: postMessage data is untyped at runtime. */
export function isPageToWorkerMessage(data: unknown): data is PageToWorkerMessage {
  const type = typeOf(data);
  if (!type || !PAGE_TYPES.has(type)) return false;
  return type === 'connect' || type === 'refresh_time' ? hasExpiry(data as object) : true;
}

/** Checks what the page receives from the worker. */
export function isWorkerToPageMessage(data: unknown): data is WorkerToPageMessage {
  const type = typeOf(data);
  return type !== undefined && WORKER_TYPES.has(type);
}
