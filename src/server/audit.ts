// The audit trail: one append-only row per write, in the write's own transaction, so a
// change and its record commit or vanish together.
import type { Queryable } from '../host/server.ts';

export interface AuditEntry {
  userId: string | null;
  clientId: string | null;
  action: string;
  objectType: string;
  objectId?: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
}

// Secrets never enter the trail, whoever forgot to strip them from a body or result.
const SECRET_KEY = /password|secret|token|api_?key/i;

function redact(v: unknown, depth = 0): unknown {
  if (depth > 20 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => redact(x, depth + 1));
  if (v instanceof Date) return v;
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redact(x, depth + 1)]));
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(redact(v)));

// Transactions that already hold an audit row: the registrar then adds none of its own.
const audited = new WeakSet<object>();

export function wasAudited(q: Queryable): boolean {
  return audited.has(q);
}

/**
 * Handlers use ctx.audit() (which also names the client on admin and public routes); call
 * this directly with the handler's tx only when the row's author is not the session's user
 * (an account made by the request itself, as when an invitation is accepted).
 */
export async function writeAudit(q: Queryable, e: AuditEntry): Promise<void> {
  audited.add(q);
  await q.query(
    `INSERT INTO audit_log (user_id, client_id, action, object_type, object_id, before, after, request_id)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
    [e.userId, e.clientId, e.action, e.objectType, e.objectId ?? null, json(e.before), json(e.after), e.requestId ?? null],
  );
}
