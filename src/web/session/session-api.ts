// Session calls (docs/api.md) and the page-side arithmetic of the worker protocol: the
// server's expiry becomes an instant on the page's own clock.
import { get, post, setCsrfToken } from '../api-client.ts';

export interface SessionInfo {
  session_token: string;
  csrf_token?: string | null;
  expires_at: string;
  idle_minutes?: number | null;
}

/**
 * When the idle timer ends, on this page's clock. The time left is taken from expires_at
 * and bounded by the idle period, so a browser clock that is off cannot produce a
 * negative or endless session.
 */
export function expiryOnPageClock(expiresAt: string | null | undefined, idleMinutes: number | null | undefined, now = Date.now()): number {
  const idle = idleMinutes && idleMinutes > 0 ? idleMinutes * 60_000 : null;
  const parsed = expiresAt ? Date.parse(expiresAt) - now : Number.NaN;
  let left = Number.isFinite(parsed) ? parsed : idle ?? 0;
  if (idle !== null && (left <= 0 || left > idle)) left = idle;
  return now + Math.max(0, left);
}

export async function fetchSession(): Promise<SessionInfo> {
  const s = (await get<SessionInfo>('session')).data;
  if (s.csrf_token) setCsrfToken(s.csrf_token);
  return s;
}

export async function ping(): Promise<{ expires_at: string } | null> {
  return (await get<{ expires_at: string }>('session/ping')).data ?? null;
}

export async function refreshSession(): Promise<{ expires_at: string } | null> {
  return (await post<{ expires_at: string }>('session/refresh')).data ?? null;
}
