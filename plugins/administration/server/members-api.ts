// The members of a client as administrators manage them: add an existing user (picked by
// email) with a role and permission groups, change the role or groups, deactivate or
// reactivate the membership. A new person is created on admin/users first, then added.
import type { Tx } from '../../../src/host/server.ts';
import { conflict, defineRoutes, invalid, listRows, notFound } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import {
  adminMemberListDef, adminMemberListQuery, adminMemberUpdateBody, memberCreateBody,
  type AdminMemberUpdateBody, type MemberCreateBody,
} from '../schemas.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { DEFAULT_GROUPS, type MemberRole } from '../../../src/shared/schemas/membership.ts';
import { idParam, requireClientRef } from './common.ts';

const GROUPS_OF = (membership: string) => `coalesce((
  SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY lower(g.name))
    FROM membership_permission_groups mpg JOIN permission_groups g ON g.id = mpg.permission_group_id
   WHERE mpg.account_client_id = ${membership}), '[]'::json)`;

const MEMBER_COLUMNS = `ac.id, ac.user_id, ac.client_id, u.email, u.full_name, u.is_active AS user_is_active, ac.role,
  ac.is_active, ac.created_at, ac.updated_at, ${GROUPS_OF('ac.id')} AS permission_groups`;

async function findMember(tx: Tx, clientId: string, id: string) {
  const { rows } = await tx.query<{ id: string; role: string; is_active: boolean; permission_groups: { id: string; name: string }[] }>(
    `SELECT ${MEMBER_COLUMNS} FROM accounts_clients ac JOIN users u ON u.id = ac.user_id WHERE ac.client_id = $1 AND ac.id = $2`,
    [clientId, id],
  );
  return rows[0] ?? null;
}

/** The given groups, checked to belong to the client; or the role's default group when none are given. */
export async function groupsFor(tx: Tx, clientId: string, role: MemberRole, ids: string[] | undefined): Promise<string[]> {
  if (ids === undefined) {
    const name = DEFAULT_GROUPS.find((g) => g.role === role)?.name;
    if (!name) return [];
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM permission_groups WHERE client_id = $1 AND lower(name) = lower($2)', [clientId, name]);
    return rows.map((r) => r.id);
  }
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM permission_groups WHERE client_id = $1 AND id = ANY($2::uuid[])', [clientId, unique]);
  if (rows.length !== unique.length) throw invalid({ permission_group_ids: 'must be permission groups of this client' });
  return unique;
}

async function setGroups(tx: Tx, clientId: string, membershipId: string, groupIds: string[]) {
  await tx.query('DELETE FROM membership_permission_groups WHERE account_client_id = $1', [membershipId]);
  for (const g of groupIds) {
    await tx.query(
      'INSERT INTO membership_permission_groups (account_client_id, permission_group_id, client_id) VALUES ($1, $2, $3)',
      [membershipId, g, clientId],
    );
  }
}

export const registerMembersApi = defineRoutes(area, (api) => {
  api.get<ListQuery>('/clients/:id/members', { scope: 'admin', query: adminMemberListQuery }, async ({ tx, params, query }) => {
    const clientId = idParam(params);
    await requireClientRef(tx, clientId);
    return listRows(tx, {
      def: adminMemberListDef,
      from: 'accounts_clients ac JOIN users u ON u.id = ac.user_id',
      select: MEMBER_COLUMNS,
      where: (p) => [`ac.client_id = ${p(clientId)}`],
      search: ['u.email', 'u.full_name'],
      columns: {
        email: 'lower(u.email)', full_name: 'lower(u.full_name)', role: 'ac.role', is_active: 'ac.is_active', created_at: 'ac.created_at',
      },
      defaultSort: 'email',
      tieBreaker: 'ac.id',
    }, query);
  });

  api.post<unknown, MemberCreateBody>('/clients/:id/members', { scope: 'admin', body: memberCreateBody },
    async ({ tx, params, body, audit }) => {
      const clientId = idParam(params);
      await requireClientRef(tx, clientId);
      const m = body.member;
      const users = await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [m.email.trim()]);
      const userId = users.rows[0]?.id;
      if (!userId) throw invalid({ email: 'No user has this email. Create the user on the Users page first, or invite them by email' });
      const existing = await tx.query('SELECT 1 FROM accounts_clients WHERE client_id = $1 AND user_id = $2', [clientId, userId]);
      if (existing.rows.length) throw conflict(undefined, { email: 'is already a member of this client' });
      const groupIds = await groupsFor(tx, clientId, m.role, m.permission_group_ids);
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO accounts_clients (user_id, client_id, role) VALUES ($1, $2, $3) RETURNING id', [userId, clientId, m.role]);
      await setGroups(tx, clientId, rows[0].id, groupIds);
      const member = await findMember(tx, clientId, rows[0].id);
      await audit({ clientId, action: 'create', objectType: 'accounts_clients', objectId: rows[0].id, before: null, after: member });
      return member;
    });

  api.patch<unknown, AdminMemberUpdateBody>('/clients/:id/members/:member_id', { scope: 'admin', body: adminMemberUpdateBody },
    async ({ tx, params, body, audit }) => {
      const clientId = idParam(params);
      const memberId = idParam(params, 'member_id');
      const before = await findMember(tx, clientId, memberId);
      if (!before) throw notFound();
      const m = body.member;
      const role = (m.role ?? before.role) as MemberRole;
      await tx.query(
        'UPDATE accounts_clients SET role = $3, is_active = $4, updated_at = now() WHERE client_id = $1 AND id = $2',
        [clientId, memberId, role, m.is_active ?? before.is_active],
      );
      if (m.permission_group_ids !== undefined) {
        await setGroups(tx, clientId, memberId, await groupsFor(tx, clientId, role, m.permission_group_ids));
      }
      const after = await findMember(tx, clientId, memberId);
      await audit({ clientId, action: 'update', objectType: 'accounts_clients', objectId: memberId, before, after });
      return after;
    });
});
