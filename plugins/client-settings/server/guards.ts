// Rules shared by the members, roles and invites endpoints: the client must always keep
// an active member who can manage it, and permission groups named in a request must be
// the client's own.
import type { Tx } from '../../../src/host/server.ts';
import { conflict, invalid } from '../../../src/host/server.ts';
import { CLIENT_SETTINGS_TEXTS } from '../schemas.ts';

export const MANAGE_CODE = 'CLIENT_MANAGE';

/** Active members (active accounts too) holding CLIENT_MANAGE through any of their groups. */
export async function managerCount(tx: Tx, clientId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n
       FROM accounts_clients ac
       JOIN users u ON u.id = ac.user_id
      WHERE ac.client_id = $1 AND ac.is_active AND u.is_active
        AND EXISTS (SELECT 1 FROM membership_permission_groups m
                      JOIN permission_groups g ON g.id = m.permission_group_id
                     WHERE m.account_client_id = ac.id AND $2 = ANY(g.codes))`,
    [clientId, MANAGE_CODE],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Called after a change, inside its transaction: throwing rolls the change back, so the
 * check sees exactly the state the change would leave.
 */
export async function assertManagerRemains(tx: Tx, clientId: string): Promise<void> {
  if ((await managerCount(tx, clientId)) === 0) throw conflict(CLIENT_SETTINGS_TEXTS.lastManager);
}

export interface GroupInfo { id: string; name: string; codes: string[] }

/** The client's groups with these ids; a 400 on the field when one is unknown. */
export async function clientGroups(tx: Tx, clientId: string, ids: readonly string[], field = 'permission_group_ids'): Promise<GroupInfo[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const { rows } = await tx.query<GroupInfo>(
    'SELECT id, name, codes FROM permission_groups WHERE client_id = $1 AND id = ANY($2)',
    [clientId, unique],
  );
  if (rows.length !== unique.length) throw invalid({ [field]: CLIENT_SETTINGS_TEXTS.unknownGroups });
  return rows;
}

/** SQL: a membership's groups as [{id, name}] ordered by name. */
export const MEMBER_GROUPS_SQL = (membership: string) => `coalesce((
  SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY lower(g.name), g.id)
    FROM membership_permission_groups m JOIN permission_groups g ON g.id = m.permission_group_id
   WHERE m.account_client_id = ${membership}), '[]'::json)`;

/** Replaces a membership's groups. */
export async function setMemberGroups(tx: Tx, clientId: string, membershipId: string, groupIds: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM membership_permission_groups WHERE account_client_id = $1', [membershipId]);
  for (const id of new Set(groupIds)) {
    await tx.query(
      'INSERT INTO membership_permission_groups (account_client_id, permission_group_id, client_id) VALUES ($1, $2, $3)',
      [membershipId, id, clientId],
    );
  }
}
