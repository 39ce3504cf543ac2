// Rate limit of sign-in attempts, kept in the database so it holds across server copies.
// Failures are counted over a sliding window per email + IP (stops guessing one account),
// per IP (stops spraying many accounts from one address) and per email from anywhere
// (a looser ceiling, for guessing spread over many addresses).
//
// Check and count are one step: an attempt is counted (as a failure) before its password
// is hashed, under a lock on its email and address, and a success takes it back. So
// concurrent attempts cannot all pass the check before any of them is counted: at most
// the limit of attempts per key are ever checked against a password.
import type { AppContext } from '../context.ts';

export const SIGN_IN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
export const MAX_FAILURES_PER_IP = 100;
export const MAX_FAILURES_PER_ACCOUNT = 20;

// Advisory lock namespaces (first key); the second key is a hash of the email or address.
const LOCK_EMAIL = 7_236_201;
const LOCK_IP = 7_236_202;

export type SignInClaim = { blocked: true } | { blocked: false; attemptId: string };

/**
 * Counts an attempt for this email and address unless one of the limits is reached. The
 * attempt counts as a failure until settleSignIn() says it succeeded.
 */
export async function claimSignInAttempt(ctx: AppContext, email: string, ip: string): Promise<SignInClaim> {
  const key = email.toLowerCase().slice(0, 320);
  return ctx.db.transaction(async (tx) => {
    // Always the email first, then the address: two transactions never wait on each other in a cycle.
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_EMAIL, key]);
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_IP, ip]);
    const { rows } = await tx.query<{ per_account_ip: number; per_ip: number; per_account: number }>(
      `SELECT (count(*) FILTER (WHERE email = $1 AND ip = $2))::int AS per_account_ip,
              (count(*) FILTER (WHERE ip = $2))::int AS per_ip,
              (count(*) FILTER (WHERE email = $1))::int AS per_account
         FROM identity_sign_in_attempts
        WHERE (ip = $2 OR email = $1) AND NOT succeeded AND attempted_at > now() - $3::int * interval '1 minute'`,
      [key, ip, SIGN_IN_WINDOW_MINUTES],
    );
    const row = rows[0];
    if (row && (Number(row.per_account_ip) >= MAX_FAILURES_PER_ACCOUNT_AND_IP
      || Number(row.per_ip) >= MAX_FAILURES_PER_IP
      || Number(row.per_account) >= MAX_FAILURES_PER_ACCOUNT)) {
      return { blocked: true } as const;
    }
    const inserted = await tx.query<{ id: string }>(
      'INSERT INTO identity_sign_in_attempts (email, ip, succeeded) VALUES ($1, $2, false) RETURNING id', [key, ip]);
    return { blocked: false, attemptId: String(inserted.rows[0].id) } as const;
  });
}

/**
 * After the password check: a failure stays counted; a success forgives the earlier
 * failures of this account from this address (the attempt itself included).
 */
export async function settleSignIn(ctx: AppContext, email: string, ip: string, succeeded: boolean): Promise<void> {
  if (!succeeded) return;
  await ctx.db.query('DELETE FROM identity_sign_in_attempts WHERE email = $1 AND ip = $2', [email.toLowerCase().slice(0, 320), ip]);
}

export async function purgeOldSignInAttempts(ctx: AppContext): Promise<void> {
  await ctx.db.query(
    "DELETE FROM identity_sign_in_attempts WHERE attempted_at < now() - $1::int * interval '1 minute'",
    [SIGN_IN_WINDOW_MINUTES * 4],
  );
}
