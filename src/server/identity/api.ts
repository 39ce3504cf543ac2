// The session endpoints of spec 7 (paths in docs/api.md, "Identity and session"): the
// current account, the session and its WebSocket token, ping on user activity, and the
// refresh of the timeout dialog's Continue.
import type { FastifyInstance } from 'fastify';
import { nullable, object, optional, record, refine, string, unknown as anyValue, validate, type StructError } from 'superstruct';
import { writeAudit } from '../audit.ts';
import type { AppContext } from '../context.ts';
import { auditSessionRefresh } from './audit-events.ts';
import { requireSession, sendData, sendError } from './replies.ts';
import { extendSession, sessionTokenOf } from './sessions.ts';

interface AccountRow {
  id: string;
  email: string;
  full_name: string | null;
  phone: string | null;
  is_admin: boolean;
  preferences: Record<string, unknown> | null;
}

export async function currentAccount(ctx: AppContext, userId: string) {
  const { rows } = await ctx.db.query<AccountRow>(
    'SELECT id, email, full_name, phone, is_admin, preferences FROM users WHERE id = $1',
    [userId],
  );
  const user = rows[0];
  if (!user) return null;
  const memberships = await ctx.db.query<{ client_id: string; client_name: string; role: string }>(
    `SELECT c.id AS client_id, c.name AS client_name, ac.role
       FROM accounts_clients ac JOIN clients c ON c.id = ac.client_id
      WHERE ac.user_id = $1 AND ac.is_active
      ORDER BY lower(c.name), c.id`,
    [userId],
  );
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name ?? '',
    phone: user.phone ?? '',
    name: user.full_name ?? user.email,
    is_admin: !!user.is_admin,
    preferences: user.preferences ?? {},
    accounts_clients: memberships.rows.map((m) => ({ client: { id: m.client_id, name: m.client_name }, role: m.role })),
  };
}

const FullName = refine(string(), 'full_name', (v) => (v.trim().length >= 1 && v.length <= 200) || 'Enter a name of 1 to 200 characters');
const Phone = refine(string(), 'phone', (v) => /^[+0-9 ().-]{0,32}$/.test(v) || 'Enter a phone number of digits, spaces and + ( ) - . only');
const Preferences = refine(record(string(), anyValue()), 'preferences',
  (v) => JSON.stringify(v).length <= 8192 || 'Preferences are too large');
const AccountPatch = object({
  account: object({
    full_name: optional(FullName),
    phone: optional(nullable(Phone)),
    preferences: optional(Preferences),
  }),
});

function fieldErrors(error: StructError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const failure of error.failures()) {
    const field = failure.path.filter((p) => p !== 'account').join('.') || 'account';
    out[field] ??= failure.refinement && !failure.message.startsWith('Expected') ? failure.message : 'This value is not valid';
  }
  return out;
}

export function registerSessionApi(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/me', async (req, reply) => {
    const session = await requireSession(ctx, req, reply);
    if (!session) return reply;
    const account = await currentAccount(ctx, session.userId);
    return account ? sendData(reply, account) : sendError(reply, 'UNAUTHENTICATED');
  });

  app.patch('/api/v1/me', async (req, reply) => {
    const session = await requireSession(ctx, req, reply, { write: true });
    if (!session) return reply;
    const [error, body] = validate(req.body ?? {}, AccountPatch);
    if (error) return sendError(reply, 'VALIDATION_FAILED', fieldErrors(error));
    const patch = body.account;
    await ctx.db.transaction(async (tx) => {
      const profile = async () => (await tx.query<Record<string, unknown>>(
        'SELECT full_name, phone, preferences FROM users WHERE id = $1', [session.userId])).rows[0] ?? null;
      const before = await profile();
      if (patch.full_name !== undefined || patch.phone !== undefined) {
        await tx.query(
          `UPDATE users SET full_name = COALESCE($2, full_name), phone = CASE WHEN $3::boolean THEN $4 ELSE phone END,
                  updated_at = now() WHERE id = $1`,
          [session.userId, patch.full_name?.trim() ?? null, patch.phone !== undefined, patch.phone ?? null],
        );
      }
      if (patch.preferences !== undefined) {
        // Merged, so one page saving its preference does not erase another's.
        await tx.query(
          `UPDATE users SET preferences = COALESCE(preferences, '{}'::jsonb) || $2::jsonb, updated_at = now() WHERE id = $1`,
          [session.userId, JSON.stringify(patch.preferences)],
        );
      }
      await writeAudit(tx, {
        userId: session.userId, clientId: null, action: 'update', objectType: 'account', objectId: session.userId,
        before, after: await profile(), requestId: String(req.id),
      });
    });
    return sendData(reply, await currentAccount(ctx, session.userId));
  });

  app.get('/api/v1/session', async (req, reply) => {
    // Asked by the browser's session worker on its own: not user activity, no extension.
    const session = await requireSession(ctx, req, reply, { touch: false });
    if (!session) return reply;
    return sendData(reply, {
      session_token: sessionTokenOf(ctx, req),
      csrf_token: session.csrfToken,
      expires_at: session.expiresAt.toISOString(),
      idle_minutes: ctx.config.sessionIdleMinutes,
    });
  });

  app.get('/api/v1/session/ping', async (req, reply) => {
    const session = await requireSession(ctx, req, reply);
    if (!session) return reply;
    return sendData(reply, { expires_at: session.expiresAt.toISOString() });
  });

  app.post('/api/v1/session/refresh', async (req, reply) => {
    const session = await requireSession(ctx, req, reply, { touch: false, write: true });
    if (!session) return reply;
    const extended = await extendSession(ctx, session, { force: true });
    await auditSessionRefresh(ctx, req, { userId: session.userId, sessionId: session.id, expiresAt: extended.expiresAt });
    return sendData(reply, { expires_at: extended.expiresAt.toISOString() });
  });
}
