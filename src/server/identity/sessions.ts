// Server-side browser sessions. The cookie carries a random value; the database keeps only
// its SHA-256, so a copy of the table cannot be replayed as cookies. The WebSocket token
// (session_token) is an HMAC of the cookie value: the server can hand it out again on
// every GET /api/v1/session without storing it, and only its hash is kept for lookup.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext, Config } from '../context.ts';
import { CSRF_COOKIE, SESSION_COOKIE, clearCookie, deriveSecret, readCookie, serializeCookie } from './cookies.ts';

export interface SessionInfo {
  id: string;
  userId: string;
  csrfToken: string;
  expiresAt: Date;
}

/** NOTIFY channel carrying the id of a session that ended (logout), so every server copy closes its sockets. */
export const SESSION_ENDED_CHANNEL = 'realtime_session_ended';

/** Writes closer together than this do not move the expiry: one UPDATE per session per interval at most. */
const TOUCH_GRANULARITY_SECONDS = 15;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sessionTokenFor(config: Config, cookieValue: string): string {
  return createHmac('sha256', deriveSecret(config, 'ws-session-token')).update(cookieValue).digest('base64url');
}

export function idleSeconds(config: Config): number {
  return Math.max(1, Math.round(config.sessionIdleMinutes * 60));
}

interface SessionRow {
  id: string;
  user_id: string;
  csrf_token: string;
  expires_at: Date | string;
}

const toInfo = (row: SessionRow): SessionInfo => ({
  id: row.id,
  userId: row.user_id,
  csrfToken: row.csrf_token,
  expiresAt: new Date(row.expires_at),
});

/** Set-Cookie values for a new session: the HttpOnly session cookie and the readable CSRF cookie. */
export function sessionSetCookies(config: Config, cookieValue: string, csrfToken: string): string[] {
  return [
    serializeCookie(config, SESSION_COOKIE, cookieValue, { httpOnly: true }),
    serializeCookie(config, CSRF_COOKIE, csrfToken, { httpOnly: false }),
  ];
}

export function clearSessionCookies(config: Config): string[] {
  return [clearCookie(config, SESSION_COOKIE), clearCookie(config, CSRF_COOKIE, { httpOnly: false })];
}

export interface CreatedSession {
  /** Ready for a Cookie request header: `sid=…; csrf_token=…` (tests send it as is). */
  cookie: string;
  session: SessionInfo;
  /** Authenticates the WebSocket only (first message or ?session_token=). */
  sessionToken: string;
  /** Set-Cookie header values to hand the session to a browser. */
  setCookies: string[];
}

export async function createSession(
  ctx: AppContext,
  userId: string,
  opts: { idToken?: string | null; ip?: string | null; userAgent?: string | null } = {},
): Promise<CreatedSession> {
  const cookieValue = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const sessionToken = sessionTokenFor(ctx.config, cookieValue);
  const id = randomUUID();
  const { rows } = await ctx.db.query<{ expires_at: Date | string }>(
    `INSERT INTO identity_sessions (id, token_hash, ws_token_hash, user_id, csrf_token, id_token, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + $9::int * interval '1 second')
     RETURNING expires_at`,
    [id, sha256(cookieValue), sha256(sessionToken), userId, csrfToken, opts.idToken ?? null, opts.ip ?? null,
      opts.userAgent?.slice(0, 400) ?? null, idleSeconds(ctx.config)],
  );
  const session: SessionInfo = { id, userId, csrfToken, expiresAt: new Date(rows[0].expires_at) };
  return {
    cookie: `${SESSION_COOKIE}=${cookieValue}; ${CSRF_COOKIE}=${csrfToken}`,
    session,
    sessionToken,
    setCookies: sessionSetCookies(ctx.config, cookieValue, csrfToken),
  };
}

// One lookup per request, however many times the core and identity ask.
const lookups = new WeakMap<FastifyRequest, Promise<SessionInfo | null>>();
const touched = new WeakMap<FastifyRequest, Promise<SessionInfo | null>>();

async function lookup(ctx: AppContext, req: FastifyRequest): Promise<SessionInfo | null> {
  const value = readCookie(req, SESSION_COOKIE);
  if (!value || value.length > 200) return null;
  const { rows } = await ctx.db.query<SessionRow>(
    `SELECT s.id, s.user_id, s.csrf_token, s.expires_at
       FROM identity_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND u.is_active`,
    [sha256(value)],
  );
  return rows[0] ? toInfo(rows[0]) : null;
}

/** Moves the idle expiry to now + SESSION_IDLE_MINUTES (unless it was moved moments ago). */
export async function extendSession(ctx: AppContext, session: SessionInfo, opts: { force?: boolean } = {}): Promise<SessionInfo> {
  const granularity = opts.force ? 0 : TOUCH_GRANULARITY_SECONDS;
  const { rows } = await ctx.db.query<{ expires_at: Date | string }>(
    `UPDATE identity_sessions
        SET expires_at = now() + $2::int * interval '1 second', last_seen_at = now()
      WHERE id = $1 AND expires_at > now()
        AND expires_at <= now() + ($2::int - $3::int) * interval '1 second'
      RETURNING expires_at`,
    [session.id, idleSeconds(ctx.config), granularity],
  );
  return rows[0] ? { ...session, expiresAt: new Date(rows[0].expires_at) } : session;
}

/**
 * The session of the request's cookie, or null when missing, expired, ended or its user is
 * deactivated. By default this counts as authenticated activity and extends the idle expiry;
 * pass { touch: false } for calls the browser makes on its own (session status, tokens).
 */
export function resolveSession(ctx: AppContext, req: FastifyRequest, opts: { touch?: boolean } = {}): Promise<SessionInfo | null> {
  let found = lookups.get(req);
  if (!found) {
    found = lookup(ctx, req);
    lookups.set(req, found);
  }
  if (opts.touch === false) return found;
  let extended = touched.get(req);
  if (!extended) {
    extended = found.then((s) => (s ? extendSession(ctx, s) : null));
    touched.set(req, extended);
  }
  return extended;
}

/** Synchroniser check: the x-csrf-token header must equal this session's token. */
export function verifyCsrf(req: FastifyRequest, session: SessionInfo): boolean {
  const header = req.headers['x-csrf-token'];
  if (typeof header !== 'string' || header.length === 0) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(session.csrfToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The WebSocket token of the request's session (derived again from its cookie). */
export function sessionTokenOf(ctx: AppContext, req: FastifyRequest): string | null {
  const value = readCookie(req, SESSION_COOKIE);
  return value ? sessionTokenFor(ctx.config, value) : null;
}

export interface SocketSession {
  id: string;
  userId: string;
  expiresAt: Date;
}

/** Resolves a WebSocket's session_token; does not extend the session (a socket is not activity). */
export async function findSessionByToken(ctx: AppContext, sessionToken: string): Promise<SocketSession | null> {
  if (typeof sessionToken !== 'string' || sessionToken.length === 0 || sessionToken.length > 200) return null;
  const { rows } = await ctx.db.query<SessionRow>(
    `SELECT s.id, s.user_id, s.csrf_token, s.expires_at
       FROM identity_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.ws_token_hash = $1 AND s.expires_at > now() AND u.is_active`,
    [sha256(sessionToken)],
  );
  return rows[0] ? { id: rows[0].id, userId: rows[0].user_id, expiresAt: new Date(rows[0].expires_at) } : null;
}

export async function findSessionById(ctx: AppContext, id: string): Promise<SocketSession | null> {
  const { rows } = await ctx.db.query<SessionRow>(
    `SELECT s.id, s.user_id, s.csrf_token, s.expires_at
       FROM identity_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.expires_at > now() AND u.is_active`,
    [id],
  );
  return rows[0] ? { id: rows[0].id, userId: rows[0].user_id, expiresAt: new Date(rows[0].expires_at) } : null;
}

/** Of the given session ids, those still alive (for closing sockets of ended sessions). */
export async function aliveSessionIds(ctx: AppContext, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT s.id FROM identity_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ANY($1::uuid[]) AND s.expires_at > now() AND u.is_active`,
    [`{${ids.join(',')}}`],
  );
  return new Set(rows.map((r) => r.id));
}

/** Ends a session; returns its ID token (for the issuer's end-session hint) when it had one. */
export async function destroySession(ctx: AppContext, sessionId: string): Promise<{ idToken: string | null } | null> {
  const { rows } = await ctx.db.query<{ id_token: string | null }>(
    'DELETE FROM identity_sessions WHERE id = $1 RETURNING id_token',
    [sessionId],
  );
  if (!rows[0]) return null;
  await ctx.db.notify(SESSION_ENDED_CHANNEL, sessionId).catch((err) => ctx.log.warn({ err }, 'session-ended notify failed'));
  return { idToken: rows[0].id_token };
}

/** The session row of the cookie even when expired (logout still wants its ID token and user). */
export async function findSessionForLogout(ctx: AppContext, req: FastifyRequest): Promise<{ id: string; userId: string } | null> {
  const value = readCookie(req, SESSION_COOKIE);
  if (!value || value.length > 200) return null;
  const { rows } = await ctx.db.query<{ id: string; user_id: string }>(
    'SELECT id, user_id FROM identity_sessions WHERE token_hash = $1', [sha256(value)]);
  return rows[0] ? { id: rows[0].id, userId: rows[0].user_id } : null;
}
