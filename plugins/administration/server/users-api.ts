// Platform users (admin/users): the list, create (with an initial password when the
// embedded issuer signs users in), edit, the administrator flag and the active state.
// Two rules protect the platform: an administrator cannot revoke their own flag or
// deactivate themselves, and the last active administrator keeps both. Deactivating a user
// ends their sessions at once.
import type { ServerSettings, Tx } from '../../../src/host/server.ts';
import { conflict, defineRoutes, invalid, listRows, notFound } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import {
  USER_RULES, userCreateBody, userListDef, userListQuery, userUpdateBody, type UserCreateBody, type UserUpdateBody,
} from '../schemas.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { blankToNull, idParam, lockRule } from './common.ts';
import type { AdminUserRow } from '../schemas.ts';

const MEMBERSHIPS_COUNT = '(SELECT count(*)::int FROM accounts_clients ac WHERE ac.user_id = u.id AND ac.is_active)';
const USER_COLUMNS = `u.id, u.email, u.full_name, u.phone, u.is_admin, u.is_active, u.created_at, u.updated_at,
  (u.password_hash IS NOT NULL) AS has_password, ${MEMBERSHIPS_COUNT} AS memberships_count`;

type UserRow = AdminUserRow;

async function findUser(tx: Tx, id: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

async function requireUser(tx: Tx, id: string): Promise<UserRow> {
  const u = await findUser(tx, id);
  if (!u) throw notFound();
  return u;
}

async function emailTaken(tx: Tx, email: string, exceptId: string | null): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM users WHERE lower(email) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid)', [email, exceptId]);
  return rows.length > 0;
}

const EMAIL_TAKEN = { email: 'is already used by another user' };
const NO_PASSWORDS = 'is not used: users sign in at the external identity provider';

async function memberships(tx: Tx, userId: string) {
  const { rows } = await tx.query(
    `SELECT ac.id, ac.role, ac.is_active, ac.created_at, json_build_object('id', c.id, 'name', c.name) AS client,
            coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY lower(g.name))
                        FROM membership_permission_groups mpg JOIN permission_groups g ON g.id = mpg.permission_group_id
                       WHERE mpg.account_client_id = ac.id), '[]'::json) AS permission_groups
       FROM accounts_clients ac JOIN clients c ON c.id = ac.client_id
      WHERE ac.user_id = $1
      ORDER BY lower(c.name), c.id`,
    [userId],
  );
  return rows;
}

/** True when someone other than userId is an active administrator (checked under the admins lock). */
async function anotherActiveAdmin(tx: Tx, userId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM users WHERE is_admin AND is_active AND id <> $1 LIMIT 1', [userId]);
  return rows.length > 0;
}

// With the embedded issuer, passwords are kept here; an external issuer keeps its own.
const embedded = (settings: ServerSettings) => settings.oidcIssuer === null;

export const registerUsersApi = defineRoutes(area, (api) => {
  api.get('/identity', { scope: 'admin' }, async ({ settings }) => ({
    issuer: embedded(settings) ? 'embedded' : 'external', passwords: embedded(settings),
  }));

  api.get<ListQuery>('/users', { scope: 'admin', query: userListQuery }, async ({ tx, query }) =>
    listRows(tx, {
      def: userListDef,
      from: 'users u',
      select: USER_COLUMNS,
      search: ['u.email', 'u.full_name', 'u.phone'],
      columns: {
        email: 'lower(u.email)', full_name: 'lower(u.full_name)', memberships_count: MEMBERSHIPS_COUNT,
        created_at: 'u.created_at', is_admin: 'u.is_admin', is_active: 'u.is_active',
      },
      defaultSort: 'email',
      tieBreaker: 'u.id',
    }, query));

  // Passwords are hashed before the transaction opens (prepare): no connection waits on scrypt.
  const hashIfGiven = async ({ body, identity }: { body: { user: { password?: string | null } }; identity: { hashPassword(p: string): Promise<string> } }) =>
    (body.user.password ? identity.hashPassword(body.user.password) : null);

  api.post<unknown, UserCreateBody, string | null>('/users', { scope: 'admin', body: userCreateBody, prepare: hashIfGiven }, async ({ tx, body, settings, audit, prepared }) => {
    const u = body.user;
    const email = u.email.trim();
    const pw = u.password ?? null;
    if (embedded(settings) && !pw) throw invalid({ password: 'is a required field' });
    if (!embedded(settings) && pw) throw invalid({ password: NO_PASSWORDS });
    await lockRule(tx, 'user-email');
    if (await emailTaken(tx, email, null)) throw conflict(undefined, EMAIL_TAKEN);
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO users (email, full_name, phone, is_admin, password_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [email, u.full_name.trim(), blankToNull(u.phone), u.is_admin ?? false, pw ? prepared : null],
    );
    const created = await findUser(tx, rows[0].id);
    // The password (even hashed) never reaches the audit trail.
    await audit({ action: 'create', objectType: 'users', objectId: rows[0].id, before: null, after: created });
    return created;
  });

  api.get('/users/:id', { scope: 'admin' }, async ({ tx, params }) => {
    const id = idParam(params);
    const u = await requireUser(tx, id);
    return { ...u, memberships: await memberships(tx, id) };
  });

  api.patch<unknown, UserUpdateBody, string | null>('/users/:id', { scope: 'admin', body: userUpdateBody, prepare: hashIfGiven }, async ({ tx, params, body, settings, audit, prepared }) => {
    const id = idParam(params);
    const before = await requireUser(tx, id);
    const u = body.user;
    const email = u.email !== undefined ? u.email.trim() : before.email;
    if (email.toLowerCase() !== before.email.toLowerCase()) {
      await lockRule(tx, 'user-email');
      if (await emailTaken(tx, email, id)) throw conflict(undefined, EMAIL_TAKEN);
    }
    const pw = u.password ?? null;
    if (pw && !embedded(settings)) throw invalid({ password: NO_PASSWORDS });
    await tx.query(
      `UPDATE users SET email = $2, full_name = $3, phone = $4,
              password_hash = coalesce($5, password_hash), updated_at = now()
        WHERE id = $1`,
      [id, email, u.full_name !== undefined ? u.full_name.trim() : before.full_name,
        u.phone !== undefined ? blankToNull(u.phone) : before.phone, pw ? prepared : null],
    );
    const after = await findUser(tx, id);
    await audit({ action: pw ? 'update_with_password' : 'update', objectType: 'users', objectId: id, before, after });
    return after;
  });

  api.post('/users/:id/grant_admin', { scope: 'admin' }, async ({ tx, params, audit }) => {
    const id = idParam(params);
    const before = await requireUser(tx, id);
    await tx.query('UPDATE users SET is_admin = true, updated_at = now() WHERE id = $1', [id]);
    const after = await findUser(tx, id);
    await audit({ action: 'grant_admin', objectType: 'users', objectId: id, before: { is_admin: before.is_admin }, after: { is_admin: true } });
    return after;
  });

  api.post('/users/:id/revoke_admin', { scope: 'admin' }, async ({ tx, params, user, audit }) => {
    const id = idParam(params);
    if (id === user.id) throw invalid({ is_admin: USER_RULES.ownAdmin });
    await lockRule(tx, 'admins');
    const before = await requireUser(tx, id);
    if (before.is_admin && before.is_active && !(await anotherActiveAdmin(tx, id))) throw invalid({ is_admin: USER_RULES.lastAdmin });
    await tx.query('UPDATE users SET is_admin = false, updated_at = now() WHERE id = $1', [id]);
    const after = await findUser(tx, id);
    await audit({ action: 'revoke_admin', objectType: 'users', objectId: id, before: { is_admin: before.is_admin }, after: { is_admin: false } });
    return after;
  });

  api.post('/users/:id/deactivate', { scope: 'admin' }, async ({ tx, params, user, audit, identity }) => {
    const id = idParam(params);
    if (id === user.id) throw invalid({ is_active: USER_RULES.ownActive });
    await lockRule(tx, 'admins');
    const before = await requireUser(tx, id);
    if (before.is_admin && before.is_active && !(await anotherActiveAdmin(tx, id))) throw invalid({ is_active: USER_RULES.lastAdmin });
    await tx.query('UPDATE users SET is_active = false, updated_at = now() WHERE id = $1', [id]);
    // Identity already refuses an inactive user's sessions; ending them as well keeps a later
    // reactivation from reviving them, and the NOTIFY closes their sockets on every copy.
    const sessionsEnded = await identity.endSessions(id);
    const after = await findUser(tx, id);
    await audit({
      action: 'deactivate', objectType: 'users', objectId: id,
      before: { is_active: before.is_active }, after: { is_active: false, sessions_ended: sessionsEnded },
    });
    return after;
  });

  api.post('/users/:id/reactivate', { scope: 'admin' }, async ({ tx, params, audit }) => {
    const id = idParam(params);
    const before = await requireUser(tx, id);
    await tx.query('UPDATE users SET is_active = true, updated_at = now() WHERE id = $1', [id]);
    const after = await findUser(tx, id);
    await audit({ action: 'reactivate', objectType: 'users', objectId: id, before: { is_active: before.is_active }, after: { is_active: true } });
    return after;
  });
});
