// Rate limit of sign-in attempts, kept in the database so it holds across server copies.
// Failures are counted over a sliding window per email + IP (stops guessing one account),
// per IP (stops spraying many accounts from one address) and per email from anywhere
// (a looser ceiling, for guessing spread over many addresses or forged forwarding headers).
import type { AppContext } from '../context.ts';

export const SIGN_IN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
export const MAX_FAILURES_PER_IP = 100;
export const MAX_FAILURES_PER_ACCOUNT = 20;

export async function signInBlocked(ctx: AppContext, email: string, ip: string): Promise<boolean> {
  const { rows } = await ctx.db.query<{ per_account_ip: number; per_ip: number; per_account: number }>(
    `SELECT (count(*) FILTER (WHERE email = $1 AND ip = $2))::int AS per_account_ip,
            (count(*) FILTER (WHERE ip = $2))::int AS per_ip,
            (count(*) FILTER (WHERE email = $1))::int AS per_account
       FROM identity_sign_in_attempts
      WHERE (ip = $2 OR email = $1) AND NOT succeeded AND attempted_at > now() - $3::int * interval '1 minute'`,
    [email.toLowerCase(), ip, SIGN_IN_WINDOW_MINUTES],
  );
  const row = rows[0];
  return !!row && (Number(row.per_account_ip) >= MAX_FAILURES_PER_ACCOUNT_AND_IP
    || Number(row.per_ip) >= MAX_FAILURES_PER_IP
    || Number(row.per_account) >= MAX_FAILURES_PER_ACCOUNT);
}

export async function recordSignIn(ctx: AppContext, email: string, ip: string, succeeded: boolean): Promise<void> {
  const key = email.toLowerCase();
  if (succeeded) {
    // A successful sign-in forgives the earlier typos of this account from this address.
    await ctx.db.query('DELETE FROM identity_sign_in_attempts WHERE email = $1 AND ip = $2', [key, ip]);
    return;
  }
  await ctx.db.query('INSERT INTO identity_sign_in_attempts (email, ip, succeeded) VALUES ($1, $2, false)', [key.slice(0, 320), ip]);
}

export async function purgeOldSignInAttempts(ctx: AppContext): Promise<void> {
  await ctx.db.query(
    "DELETE FROM identity_sign_in_attempts WHERE attempted_at < now() - $1::int * interval '1 minute'",
    [SIGN_IN_WINDOW_MINUTES * 4],
  );
}
