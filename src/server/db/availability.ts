// Which failures mean "the database is not reachable right now" (a restart, a failover, a
// dropped connection, no free connection slot) rather than "this request is wrong". The
// HTTP layer answers those with 503 and Retry-After instead of 500, and the job worker
// logs them as an outage rather than as a bug.

/** Errors of the network layer: the server is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH',
  'ENOTFOUND', 'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an outage: class 08 (connection exception), admin_shutdown (57P01, a
 * restart or pg_terminate_backend), crash_shutdown (57P02), cannot_connect_now (57P03,
 * starting up or shutting down), too_many_connections (53300), and the database refusing
 * connections (55000 with ALLOW_CONNECTIONS false is not one: that is configuration).
 */
const OUTAGE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What `pg` says when the socket closes under it or a pool slot cannot be had. */
const DRIVER_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection ended unexpectedly|connection is closed/i;

/** The commit of a transaction whose connection dropped while COMMIT was under way, and whose outcome could not be read back. */
export class CommitInDoubtError extends Error {
  readonly code = 'COMMIT_IN_DOUBT';
  readonly xid: string;
  constructor(xid: string, cause: unknown) {
    super(`the connection was lost during COMMIT of transaction ${xid} and its outcome could not be read back`, { cause });
    this.name = 'CommitInDoubtError';
    this.xid = xid;
  }
}

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  if (err instanceof CommitInDoubtError) return true;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || OUTAGE_SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
  // Node reports a refused connection to every address of a host as an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return e.cause !== undefined && isDatabaseUnavailable(e.cause, depth + 1);
}
