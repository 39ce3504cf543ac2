// Roles (account/roles): the client's permission groups. Names are unique per client by
// their key (spec 3: lowercased, first space → underscore), codes are those the installed
// areas declare (the catalog), a role held by members is deleted only by moving them to another
// role, and no change may leave the client without an active member holding CLIENT_MANAGE.
import type { Catalog } from '../../../src/host/catalog.ts';
import type { Tx } from '../../../src/host/server.ts';
import { conflict, defineRoutes, invalid, isUuid, list, listRows, notFound, type ListSource } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import {
  CLIENT_SETTINGS_TEXTS, roleCreateBody, roleDeleteQuery, roleListDef, roleListQuery, roleUpdateBody,
  type RoleCreateBody, type RoleDeleteQuery, type RoleRow, type RoleUpdateBody,
} from '../schemas.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { permissionGroupKey } from '../../../src/shared/schemas/membership.ts';
import { assertManagerRemains } from './guards.ts';

const MEMBERS_SQL = '(SELECT count(*)::int FROM membership_permission_groups m WHERE m.permission_group_id = g.id)';
const ROLE_SELECT = `g.id, g.name, g.codes, cardinality(g.codes) AS codes_count, ${MEMBERS_SQL} AS members_count, g.created_at, g.updated_at`;

type Stored = Omit<RoleRow, 'key'>;
const withKey = (r: Stored): RoleRow => ({ ...r, key: permissionGroupKey(r.name) });

/** Codes in catalog order (area by area), each once; a code no area declares is refused. */
function normalizeCodes(catalog: Catalog, codes: readonly string[]): string[] {
  const errors: Record<string, string> = {};
  codes.forEach((c, i) => { if (!catalog.isPermission(c)) errors[`codes.${i}`] = 'is not a permission code of any installed area'; });
  if (Object.keys(errors).length) throw invalid(errors);
  const chosen = new Set(codes);
  return catalog.permissions.map((p) => p.code).filter((c) => chosen.has(c));
}

async function findRole(tx: Tx, clientId: string, id: string): Promise<RoleRow> {
  if (!isUuid(id)) throw notFound();
  const { rows } = await tx.query<Stored>(`SELECT ${ROLE_SELECT} FROM permission_groups g WHERE g.client_id = $1 AND g.id = $2`, [clientId, id]);
  if (!rows[0]) throw notFound();
  return withKey(rows[0]);
}

/** Two roles whose keys match would be the same role to whoever reads the key. */
async function assertNameFree(tx: Tx, clientId: string, name: string, exceptId: string | null): Promise<void> {
  const { rows } = await tx.query<{ id: string; name: string }>('SELECT id, name FROM permission_groups WHERE client_id = $1', [clientId]);
  const key = permissionGroupKey(name.trim());
  if (rows.some((r) => r.id !== exceptId && permissionGroupKey(r.name) === key)) throw invalid({ name: CLIENT_SETTINGS_TEXTS.nameTaken });
}

const snapshot = (r: RoleRow) => ({ name: r.name, key: r.key, codes: r.codes, members_count: r.members_count });

export const registerRolesApi = defineRoutes(area, (api) => {
  api.get<ListQuery>('/roles', { scope: 'tenant', guard: 'manage', query: roleListQuery }, async ({ tx, clientId, user, query }) => {
    const source: ListSource = {
      def: roleListDef,
      from: 'permission_groups g',
      select: ROLE_SELECT,
      where: (p) => [`g.client_id = ${p(clientId)}`],
      search: ['g.name'],
      columns: { name: 'lower(g.name)', codes_count: 'cardinality(g.codes)', members_count: MEMBERS_SQL, created_at: 'g.created_at' },
      defaultSort: 'name',
      tieBreaker: 'g.id',
    };
    const result = await listRows<Stored>(tx, source, query, { userId: user.id });
    return list(result.data.map(withKey), result.meta);
  });

  api.get('/roles/:id', { scope: 'tenant', guard: 'manage' }, async ({ tx, clientId, params }) => findRole(tx, clientId!, params.id));

  api.post<unknown, RoleCreateBody>('/roles', { scope: 'tenant', guard: 'manage', body: roleCreateBody },
    async ({ tx, clientId, body, audit, catalog }) => {
      const name = body.role.name.trim();
      await assertNameFree(tx, clientId!, name, null);
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO permission_groups (client_id, name, codes) VALUES ($1, $2, $3) RETURNING id',
        [clientId, name, normalizeCodes(catalog, body.role.codes)]);
      const role = await findRole(tx, clientId!, rows[0].id);
      await audit({ action: 'create', objectType: 'permission_groups', objectId: role.id, before: null, after: snapshot(role) });
      return role;
    });

  api.patch<unknown, RoleUpdateBody>('/roles/:id', { scope: 'tenant', guard: 'manage', body: roleUpdateBody },
    async ({ tx, clientId, params, body, audit, catalog }) => {
      const before = await findRole(tx, clientId!, params.id);
      const name = body.role.name?.trim() ?? before.name;
      const codes = body.role.codes ? normalizeCodes(catalog, body.role.codes) : before.codes;
      if (name !== before.name) await assertNameFree(tx, clientId!, name, before.id);
      await tx.query('UPDATE permission_groups SET name = $2, codes = $3, updated_at = now() WHERE id = $1', [before.id, name, codes]);
      await assertManagerRemains(tx, clientId!);
      const after = await findRole(tx, clientId!, before.id);
      await audit({ action: 'update', objectType: 'permission_groups', objectId: before.id, before: snapshot(before), after: snapshot(after) });
      return after;
    });

  api.delete<RoleDeleteQuery>('/roles/:id', { scope: 'tenant', guard: 'manage', query: roleDeleteQuery },
    async ({ tx, clientId, params, query, audit }) => {
      const role = await findRole(tx, clientId!, params.id);
      let movedTo: RoleRow | null = null;
      if (role.members_count > 0) {
        if (!query.move_to) throw conflict(CLIENT_SETTINGS_TEXTS.roleInUse(role.members_count));
        if (query.move_to === role.id) throw invalid({ move_to: CLIENT_SETTINGS_TEXTS.moveToSelf });
        movedTo = await findRole(tx, clientId!, query.move_to).catch(() => { throw invalid({ move_to: CLIENT_SETTINGS_TEXTS.unknownGroups }); });
        await tx.query(
          `INSERT INTO membership_permission_groups (account_client_id, permission_group_id, client_id)
           SELECT account_client_id, $2, client_id FROM membership_permission_groups WHERE permission_group_id = $1
           ON CONFLICT DO NOTHING`,
          [role.id, movedTo.id]);
      }
      await tx.query('DELETE FROM permission_groups WHERE id = $1', [role.id]);
      await assertManagerRemains(tx, clientId!);
      await audit({
        action: 'delete', objectType: 'permission_groups', objectId: role.id, before: snapshot(role),
        after: movedTo ? { moved_members_to: { id: movedTo.id, name: movedTo.name } } : null,
      });
      return { id: role.id, moved_to: movedTo?.id ?? null };
    });
});
