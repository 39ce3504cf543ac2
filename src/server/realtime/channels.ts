// Channel names and the tokens of the realtime calls. A user hears their own channel; a
// client's channel only after a membership check. Tokens are short-lived HMACs bound to
// the session, so a leaked one dies with the session and within minutes anyway.
import type { AppContext } from '../context.ts';
import { deriveSecret, signValue, verifySignedValue } from '../identity/cookies.ts';

export const TOKEN_TTL_SECONDS = 5 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
export const userChannel = (userId: string) => `user:${userId}`;
export const clientChannel = (clientId: string) => `client:${clientId}`;

export type ParsedChannel = { kind: 'user'; id: string } | { kind: 'client'; id: string };

export function parseChannel(channel: unknown): ParsedChannel | null {
  if (typeof channel !== 'string') return null;
  const [kind, id, ...rest] = channel.split(':');
  if (rest.length || !isUuid(id)) return null;
  if (kind === 'user' || kind === 'client') return { kind, id: id.toLowerCase() };
  return null;
}

/** An active member of the client, and an active user. */
export async function isMember(ctx: AppContext, userId: string, clientId: string): Promise<boolean> {
  if (!isUuid(clientId)) return false;
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM accounts_clients ac JOIN users u ON u.id = ac.user_id
      WHERE ac.user_id = $1 AND ac.client_id = $2 AND ac.is_active AND u.is_active LIMIT 1`, [userId, clientId]);
  return rows.length > 0;
}

/** May this user listen on this channel? Their own user channel, or a client they belong to. */
export async function mayListen(ctx: AppContext, userId: string, channel: string): Promise<boolean> {
  const parsed = parseChannel(channel);
  if (!parsed) return false;
  if (parsed.kind === 'user') return parsed.id === userId.toLowerCase();
  return isMember(ctx, userId, parsed.id);
}

const secret = (ctx: AppContext) => deriveSecret(ctx.config, 'realtime-tokens');

interface ConnectionClaims { sid: string; uid: string }
interface SubscriptionClaims { sid: string; uid: string; ch: string }

export function connectionToken(ctx: AppContext, sessionId: string, userId: string): string {
  return signValue(secret(ctx), 'rt-connect', { sid: sessionId, uid: userId } satisfies ConnectionClaims, TOKEN_TTL_SECONDS);
}

export function readConnectionToken(ctx: AppContext, token: unknown): ConnectionClaims | null {
  if (typeof token !== 'string' || token.length > 1024) return null;
  return verifySignedValue<ConnectionClaims>(secret(ctx), 'rt-connect', token);
}

export function subscriptionToken(ctx: AppContext, sessionId: string, userId: string, channel: string): string {
  return signValue(secret(ctx), 'rt-subscribe', { sid: sessionId, uid: userId, ch: channel } satisfies SubscriptionClaims, TOKEN_TTL_SECONDS);
}

export function readSubscriptionToken(ctx: AppContext, token: unknown): SubscriptionClaims | null {
  if (typeof token !== 'string' || token.length > 1024) return null;
  return verifySignedValue<SubscriptionClaims>(secret(ctx), 'rt-subscribe', token);
}
