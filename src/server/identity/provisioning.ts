// Accounts made from a sign-in, in the two cases an operator asks for, and never otherwise:
// - ADMIN_EMAILS: the first verified sign-in of a listed email creates a platform
//   administrator (the first user of a deployment on an external issuer);
// - an invitation: a verified sign-in without an account leaves a short-lived "verified
//   identity, no account yet" cookie that only routes declared for it (accepting an
//   invitation) read. It opens no session and reaches no other API; the route that accepts
//   the invitation creates the account, scoped by that invitation.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../audit.ts';
import type { AppContext } from '../context.ts';
import { CSRF_COOKIE, clearCookie, deriveSecret, readCookie, serializeCookie, signValue, verifySignedValue } from './cookies.ts';

/** The cookie of a verified identity without an account; sent to the API only. */
export const VERIFIED_IDENTITY_COOKIE = 'verified_identity';
const VERIFIED_IDENTITY_PATH = '/api/';
export const VERIFIED_IDENTITY_TTL_SECONDS = 15 * 60;

export interface VerifiedIdentity {
  email: string;
  name: string | null;
  /** Writes with this identity carry it in x-csrf-token, as sessions do. */
  csrfToken: string;
}

interface Stored {
  email: string;
  name: string | null;
  csrf: string;
  iss: string;
}

const secret = (ctx: AppContext) => deriveSecret(ctx.config, 'verified-identity');

/** Set-Cookie values that hand a verified identity (no account) to the browser. */
export function verifiedIdentityCookies(ctx: AppContext, identity: { email: string; name: string | null; issuer: string }): string[] {
  const csrf = randomBytes(24).toString('base64url');
  const value: Stored = { email: identity.email, name: identity.name, csrf, iss: identity.issuer };
  return [
    serializeCookie(ctx.config, VERIFIED_IDENTITY_COOKIE, signValue(secret(ctx), 'verified-identity', value, VERIFIED_IDENTITY_TTL_SECONDS),
      { path: VERIFIED_IDENTITY_PATH, maxAgeSeconds: VERIFIED_IDENTITY_TTL_SECONDS }),
    // The web sends the readable CSRF cookie back in x-csrf-token on writes.
    serializeCookie(ctx.config, CSRF_COOKIE, csrf, { httpOnly: false, maxAgeSeconds: VERIFIED_IDENTITY_TTL_SECONDS }),
  ];
}

export function clearVerifiedIdentityCookie(ctx: AppContext): string {
  return clearCookie(ctx.config, VERIFIED_IDENTITY_COOKIE, { path: VERIFIED_IDENTITY_PATH });
}

/** The verified identity of the request's cookie, if valid, unexpired and from the configured issuer. */
export function resolveVerifiedIdentity(ctx: AppContext, req: FastifyRequest): VerifiedIdentity | null {
  const stored = verifySignedValue<Stored>(secret(ctx), 'verified-identity', readCookie(req, VERIFIED_IDENTITY_COOKIE));
  if (!stored || typeof stored.email !== 'string' || typeof stored.csrf !== 'string') return null;
  if (stored.iss !== (ctx.config.oidcIssuer ?? 'embedded')) return null;
  return { email: stored.email, name: typeof stored.name === 'string' ? stored.name : null, csrfToken: stored.csrf };
}

export function isBootstrapAdmin(ctx: AppContext, email: string): boolean {
  return ctx.config.adminEmails.includes(email.trim().toLowerCase());
}

/**
 * Creates the platform administrator of an ADMIN_EMAILS address on its first verified
 * sign-in (audited). Two sign-ins at once make one account. Returns the user's id.
 */
export async function bootstrapAdministrator(
  ctx: AppContext, email: string, name: string | null, requestId: string,
): Promise<{ id: string; is_active: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO users (email, full_name, is_admin) VALUES ($1, $2, true)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [email.trim(), (name ?? '').trim().slice(0, 200)],
    );
    if (rows[0]) {
      await writeAudit(tx, {
        userId: rows[0].id, clientId: null, action: 'create', objectType: 'users', objectId: rows[0].id, before: null,
        after: { email: email.trim(), full_name: (name ?? '').trim(), is_admin: true, created_by: 'ADMIN_EMAILS' }, requestId,
      });
      return { id: rows[0].id, is_active: true };
    }
    const existing = await tx.query<{ id: string; is_active: boolean }>('SELECT id, is_active FROM users WHERE lower(email) = lower($1)', [email.trim()]);
    return existing.rows[0];
  });
}
