// Sign-in, sign-out, refused sign-ins and session refreshes in the audit log: platform
// rows (no client), the user when known, never a secret (no passwords, tokens or cookies).
// Refusals are also logged at warn with their reason, so an operator sees them at once.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../host/server.ts';
import { writeAudit } from '../audit.ts';
import type { AppContext } from '../context.ts';

export type SignInRefusal =
  | 'wrong_credentials'
  | 'rate_limited'
  | 'account_deactivated'
  | 'no_account'
  | 'email_missing'
  | 'email_not_verified'
  | 'verification_failed'
  | 'issuer_error'
  | 'stale_authentication';

interface Who {
  userId?: string | null;
  email?: string | null;
}

function requestFacts(req: FastifyRequest) {
  const agent = req.headers['user-agent'];
  return { ip: req.ip, user_agent: typeof agent === 'string' ? agent.slice(0, 200) : null };
}

export async function auditSignIn(ctx: AppContext, req: FastifyRequest, e: { userId: string; sessionId: string; issuer: string; q?: Queryable }) {
  await writeAudit(e.q ?? ctx.db, {
    userId: e.userId, clientId: null, action: 'sign_in', objectType: 'session', objectId: e.sessionId,
    before: null, after: { issuer: e.issuer, ...requestFacts(req) }, requestId: String(req.id),
  });
}

/**
 * issuerSession: what became of the issuer's own session: 'ended' (the embedded issuer's,
 * ended here), 'end requested' (the browser was sent to the issuer's end-session endpoint),
 * 'not reached' (the issuer was unavailable), 'none' (nothing to end).
 */
export async function auditSignOut(ctx: AppContext, req: FastifyRequest, e: {
  userId: string | null; sessionId: string | null; issuerSession: 'ended' | 'end requested' | 'not reached' | 'none';
}) {
  await writeAudit(ctx.db, {
    userId: e.userId, clientId: null, action: 'sign_out', objectType: 'session', objectId: e.sessionId,
    before: null, after: { issuer_session: e.issuerSession, ...requestFacts(req) }, requestId: String(req.id),
  });
}

export async function auditSessionRefresh(ctx: AppContext, req: FastifyRequest, e: { userId: string; sessionId: string; expiresAt: Date }) {
  await writeAudit(ctx.db, {
    userId: e.userId, clientId: null, action: 'refresh', objectType: 'session', objectId: e.sessionId,
    before: null, after: { expires_at: e.expiresAt.toISOString() }, requestId: String(req.id),
  });
}

/**
 * A refused sign-in: a warn line with the reason, and (unless `audit: false`, used for
 * rate-limited attempts that would otherwise let anyone fill the trail) an audit row.
 */
export async function refuseSignIn(
  ctx: AppContext, req: FastifyRequest, reason: SignInRefusal, who: Who, opts: { audit?: boolean; detail?: string } = {},
): Promise<void> {
  const email = who.email ? who.email.slice(0, 320) : null;
  req.log.warn({ reason, email, userId: who.userId ?? null, ip: req.ip, detail: opts.detail }, `identity: sign-in refused (${reason})`);
  if (opts.audit === false) return;
  await writeAudit(ctx.db, {
    userId: who.userId ?? null, clientId: null, action: 'sign_in_failed', objectType: 'session', objectId: null,
    before: null, after: { reason, email, ...requestFacts(req) }, requestId: String(req.id),
  });
}
