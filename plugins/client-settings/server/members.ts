// Members of the client (account/users): the list, one member, role and permission
// groups, deactivation and reactivation. A deactivated membership stays (history, audit)
// but the registrar refuses it: the member gets 404 on the client from then on.
import type { HandlerContext, Tx } from '../../../src/host/server.ts';
import { defineRoutes, isUuid } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import { conflict, notFound } from '../../../src/host/server.ts';
import { list, listRows, type ListSource } from '../../../src/host/server.ts';
import {
  CLIENT_SETTINGS_TEXTS, memberListDef, memberListQuery, memberUpdateBody,
  type MemberDetail, type MemberRow, type MemberUpdateBody,
} from '../schemas.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { assertManagerRemains, clientGroups, MEMBER_GROUPS_SQL, setMemberGroups } from './guards.ts';

const STATUS_SQL = `(CASE WHEN ac.is_active THEN 'active' ELSE 'deactivated' END)`;

const MEMBER_SELECT = `u.id, ac.id AS membership_id, u.full_name, u.email, u.phone, ac.role,
  ${STATUS_SQL} AS status, ${MEMBER_GROUPS_SQL('ac.id')} AS groups,
  u.last_sign_in_at, ac.created_at`;

type Row = Omit<MemberRow, 'is_self'>;

async function findMember(tx: Tx, clientId: string, userId: string): Promise<Row & { is_active: boolean }> {
  if (!isUuid(userId)) throw notFound();
  const { rows } = await tx.query<Row & { is_active: boolean }>(
    `SELECT ${MEMBER_SELECT}, ac.is_active
       FROM accounts_clients ac JOIN users u ON u.id = ac.user_id
      WHERE ac.client_id = $1 AND u.id = $2`,
    [clientId, userId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

async function detail(tx: Tx, clientId: string, userId: string, selfId: string): Promise<MemberDetail> {
  const { is_active: _active, ...m } = await findMember(tx, clientId, userId);
  const { rows } = await tx.query<{ codes: string[] }>(
    `SELECT coalesce(array_agg(DISTINCT code ORDER BY code), '{}') AS codes
       FROM membership_permission_groups mpg
       JOIN permission_groups g ON g.id = mpg.permission_group_id, unnest(g.codes) AS code
      WHERE mpg.account_client_id = $1`,
    [m.membership_id],
  );
  return { ...m, is_self: m.id === selfId, permissions: rows[0]?.codes ?? [] };
}

/** What the audit log keeps of a membership. */
const snapshot = (m: Row & { is_active?: boolean }) => ({
  user_id: m.id, email: m.email, role: m.role, status: m.status,
  permission_group_ids: m.groups.map((g) => g.id), permission_groups: m.groups.map((g) => g.name),
});

export const registerMembersApi = defineRoutes(area, (api) => {
  api.get<ListQuery>('/users', { scope: 'tenant', guard: 'manage', query: memberListQuery },
    async ({ tx, clientId, user, query }) => {
      // "Holds any of these groups" is an EXISTS, not a column comparison: applied here.
      const { group, ...rest } = query;
      const groups = (group as string[] | undefined) ?? [];
      const source: ListSource = {
        def: memberListDef,
        from: 'accounts_clients ac JOIN users u ON u.id = ac.user_id',
        select: MEMBER_SELECT,
        where: (p) => [
          `ac.client_id = ${p(clientId)}`,
          ...(groups.length ? [`EXISTS (SELECT 1 FROM membership_permission_groups fm
                                       WHERE fm.account_client_id = ac.id AND fm.permission_group_id = ANY(${p(groups)}))`] : []),
        ],
        search: ['u.full_name', 'u.email'],
        columns: {
          full_name: 'lower(u.full_name)',
          email: 'lower(u.email)',
          role: 'ac.role',
          status: STATUS_SQL,
          created_at: 'ac.created_at',
          last_sign_in_at: 'u.last_sign_in_at',
        },
        defaultSort: 'full_name',
        tieBreaker: 'ac.id',
      };
      const result = await listRows<Row>(tx, source, rest, { userId: user.id });
      return list(result.data.map((r) => ({ ...r, is_self: r.id === user.id })), result.meta);
    });

  api.get('/users/:id', { scope: 'tenant', guard: 'manage' },
    async ({ tx, clientId, user, params }) => detail(tx, clientId!, params.id, user.id));

  api.patch<unknown, MemberUpdateBody>('/users/:id', { scope: 'tenant', guard: 'manage', body: memberUpdateBody },
    async ({ tx, clientId, user, params, body, audit }) => {
      const before = await findMember(tx, clientId!, params.id);
      const change = body.user;
      if (change.role !== undefined && change.role !== before.role) {
        await tx.query('UPDATE accounts_clients SET role = $2, updated_at = now() WHERE id = $1', [before.membership_id, change.role]);
      }
      if (change.permission_group_ids !== undefined) {
        await clientGroups(tx, clientId!, change.permission_group_ids);
        await setMemberGroups(tx, clientId!, before.membership_id, change.permission_group_ids);
        await tx.query('UPDATE accounts_clients SET updated_at = now() WHERE id = $1', [before.membership_id]);
      }
      await assertManagerRemains(tx, clientId!);
      const after = await detail(tx, clientId!, params.id, user.id);
      await audit({ action: 'update', objectType: 'accounts_clients', objectId: before.membership_id, before: snapshot(before), after: snapshot(after) });
      return after;
    });

  const setActive = (active: boolean) =>
    async ({ tx, clientId, user, params, audit }: HandlerContext) => {
      const before = await findMember(tx, clientId!, params.id);
      if (!active && before.id === user.id) throw conflict(CLIENT_SETTINGS_TEXTS.selfDeactivate);
      if (before.is_active === active) throw conflict(active ? CLIENT_SETTINGS_TEXTS.alreadyActive : CLIENT_SETTINGS_TEXTS.alreadyDeactivated);
      await tx.query('UPDATE accounts_clients SET is_active = $2, updated_at = now() WHERE id = $1', [before.membership_id, active]);
      if (!active) await assertManagerRemains(tx, clientId!);
      const after = await detail(tx, clientId!, params.id, user.id);
      await audit({
        action: active ? 'reactivate' : 'deactivate', objectType: 'accounts_clients', objectId: before.membership_id,
        before: snapshot(before), after: snapshot(after),
      });
      return after;
    };

  api.post('/users/:id/deactivate', { scope: 'tenant', guard: 'manage' }, setActive(false));
  api.post('/users/:id/reactivate', { scope: 'tenant', guard: 'manage' }, setActive(true));
});
