// Groups and roles of an external issuer → a client's permission groups.
//
// OIDC_GROUPS_CLAIM names the claim (groups, roles, …) that lists what the issuer says the
// user belongs to. Per client, an administrator maps claim values to permission groups
// (table identity_group_mappings, admin API below). At every sign-in, for each client the
// user is an active member of, the mapped groups follow the claim: a mapped group whose
// value is in the claim is added, one whose values are all absent is removed, and groups
// no mapping names stay as they were (assigned by hand). A mapping never makes a
// membership: joining a client still takes an invitation or an administrator.
import { nonempty, object, size, string, trimmed, type Infer } from 'superstruct';
import type { ApiRegistrar, Tx } from '../../host/server.ts';
import { writeAudit } from '../audit.ts';
import type { AppContext } from '../context.ts';
import { isUuid } from '../db/types.ts';
import { ApiError, conflict, notFound } from '../http/errors.ts';

export const groupMappingBody = object({
  group_mapping: object({
    claim_value: size(trimmed(nonempty(string())), 1, 400),
    permission_group_id: string(),
  }),
});
export type GroupMappingBody = Infer<typeof groupMappingBody>;

interface MappingRow {
  id: string;
  claim_value: string;
  permission_group: { id: string; name: string };
  created_at: string;
}

const MAPPING_SELECT = `m.id, m.claim_value, json_build_object('id', g.id, 'name', g.name) AS permission_group, m.created_at`;
const MAPPING_FROM = 'identity_group_mappings m JOIN permission_groups g ON g.id = m.permission_group_id AND g.client_id = m.client_id';

function idParam(params: Record<string, string>, name = 'id'): string {
  const id = params[name];
  if (!isUuid(id)) throw notFound();
  return id;
}

async function requireClient(tx: Tx, id: string): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM clients WHERE id = $1', [id]);
  if (!rows.length) throw notFound();
}

/** /api/v1/admin/clients/:id/group_mappings: list, add, remove (administrators only; audited in the client's trail). */
export function registerGroupMappingApi(api: ApiRegistrar): void {
  api.get('/clients/:id/group_mappings', { scope: 'admin' }, async ({ tx, params }) => {
    const clientId = idParam(params);
    await requireClient(tx, clientId);
    const { rows } = await tx.query<MappingRow>(
      `SELECT ${MAPPING_SELECT} FROM ${MAPPING_FROM} WHERE m.client_id = $1 ORDER BY m.claim_value, lower(g.name), m.id`, [clientId]);
    return rows;
  });

  api.post<unknown, GroupMappingBody>('/clients/:id/group_mappings', { scope: 'admin', body: groupMappingBody },
    async ({ tx, params, body, audit }) => {
      const clientId = idParam(params);
      await requireClient(tx, clientId);
      const { claim_value: value, permission_group_id: groupId } = body.group_mapping;
      const group = isUuid(groupId)
        ? (await tx.query('SELECT 1 FROM permission_groups WHERE id = $1 AND client_id = $2', [groupId, clientId])).rows[0]
        : undefined;
      if (!group) throw new ApiError('VALIDATION_FAILED', undefined, { permission_group_id: 'must be a permission group of this client' });
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO identity_group_mappings (client_id, claim_value, permission_group_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING id`, [clientId, value, groupId]);
      if (!rows[0]) throw conflict(undefined, { claim_value: 'is already mapped to this permission group' });
      const created = (await tx.query<MappingRow>(`SELECT ${MAPPING_SELECT} FROM ${MAPPING_FROM} WHERE m.id = $1`, [rows[0].id])).rows[0];
      await audit({ clientId, action: 'create', objectType: 'group_mappings', objectId: created.id, before: null, after: created });
      return created;
    });

  api.delete('/clients/:id/group_mappings/:mapping_id', { scope: 'admin' }, async ({ tx, params, audit }) => {
    const clientId = idParam(params);
    const id = idParam(params, 'mapping_id');
    const before = (await tx.query<MappingRow>(
      `SELECT ${MAPPING_SELECT} FROM ${MAPPING_FROM} WHERE m.id = $1 AND m.client_id = $2`, [id, clientId])).rows[0];
    if (!before) throw notFound();
    await tx.query('DELETE FROM identity_group_mappings WHERE id = $1', [id]);
    await audit({ clientId, action: 'delete', objectType: 'group_mappings', objectId: id, before, after: null });
    return { id };
  });
}

/**
 * The claim's values: a list of strings, or one string. Returns null when the claim
 * cannot be read (Entra ID's "overage": too many groups, the claim is replaced by a link),
 * in which case nothing is changed.
 */
export function claimValues(claims: Record<string, unknown>, claim: string): string[] | null {
  const raw = claims[claim];
  if (raw === undefined || raw === null) {
    const names = claims._claim_names as Record<string, unknown> | undefined;
    if (names && typeof names === 'object' && claim in names) return null;
    return [];
  }
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.filter((v): v is string => typeof v === 'string');
  return null;
}

/**
 * Brings the user's mapped permission groups in step with the issuer's claim, in every
 * client with mappings where the user is an active member; one audit row per membership
 * changed. Returns the number of memberships changed.
 */
export async function syncMappedGroups(ctx: AppContext, userId: string, values: string[], requestId: string): Promise<number> {
  const have = new Set(values);
  return ctx.db.transaction(async (tx) => {
    const memberships = await tx.query<{ id: string; client_id: string }>(
      `SELECT ac.id, ac.client_id FROM accounts_clients ac
        WHERE ac.user_id = $1 AND ac.is_active
          AND EXISTS (SELECT 1 FROM identity_group_mappings m WHERE m.client_id = ac.client_id)
        ORDER BY ac.client_id FOR UPDATE`, [userId]);
    let changed = 0;
    for (const m of memberships.rows) {
      const mapped = await tx.query<{ group_id: string; name: string; claim_value: string }>(
        `SELECT g.id AS group_id, g.name, m.claim_value FROM ${MAPPING_FROM} WHERE m.client_id = $1`, [m.client_id]);
      const managed = new Map<string, string>();
      const wanted = new Set<string>();
      for (const r of mapped.rows) {
        managed.set(r.group_id, r.name);
        if (have.has(r.claim_value)) wanted.add(r.group_id);
      }
      const current = await tx.query<{ id: string; name: string }>(
        `SELECT g.id, g.name FROM membership_permission_groups mpg JOIN permission_groups g ON g.id = mpg.permission_group_id
          WHERE mpg.account_client_id = $1 ORDER BY lower(g.name)`, [m.id]);
      const held = new Set(current.rows.map((r) => r.id));
      const add = [...wanted].filter((id) => !held.has(id));
      const remove = [...managed.keys()].filter((id) => held.has(id) && !wanted.has(id));
      if (add.length === 0 && remove.length === 0) continue;
      for (const id of add) {
        await tx.query('INSERT INTO membership_permission_groups (account_client_id, permission_group_id, client_id) VALUES ($1, $2, $3)',
          [m.id, id, m.client_id]);
      }
      if (remove.length) {
        await tx.query('DELETE FROM membership_permission_groups WHERE account_client_id = $1 AND permission_group_id = ANY($2::uuid[])',
          [m.id, remove]);
      }
      const after = await tx.query<{ name: string }>(
        `SELECT g.name FROM membership_permission_groups mpg JOIN permission_groups g ON g.id = mpg.permission_group_id
          WHERE mpg.account_client_id = $1 ORDER BY lower(g.name)`, [m.id]);
      await writeAudit(tx, {
        userId, clientId: m.client_id, action: 'sync_groups', objectType: 'accounts_clients', objectId: m.id,
        before: { permission_groups: current.rows.map((r) => r.name) },
        after: {
          permission_groups: after.rows.map((r) => r.name),
          added: add.map((id) => managed.get(id)), removed: remove.map((id) => managed.get(id)), source: 'identity provider',
        },
        requestId,
      });
      changed++;
    }
    return changed;
  });
}
