// What the shell reads for the current client: the bootstrap call (client, role,
// permissions, features), permission groups and features (spec 7).
import type { Catalog } from '../../host/catalog.ts';
import type { ApiRegistrar, Tx } from '../../host/server.ts';
import { permissionGroupKey } from '../../shared/schemas/membership.ts';

/** Every feature some installed area declares, with this client's availability (missing rows are off). */
export async function clientFeatures(tx: Tx, catalog: Catalog): Promise<{ code: string; available: boolean }[]> {
  const { rows } = await tx.query<{ code: string; available: boolean }>('SELECT code, available FROM client_features');
  const stored = new Map(rows.map((r) => [r.code, r.available]));
  return catalog.features.map(({ code }) => ({ code, available: stored.get(code) ?? false }));
}

export function registerShellApi(api: ApiRegistrar): void {
  // GET /health is src/server/http/health.ts: it answers 503 with a body naming the
  // database while the database is down, which a handler's transaction cannot.

  api.get('/bootstrap', { scope: 'tenant' }, async ({ tx, user, clientId, permissions, catalog }) => {
    const client = await tx.query('SELECT id, name, full_name, email, phone FROM clients WHERE id = $1', [clientId]);
    const membership = await tx.query<{ id: string; role: string }>(
      'SELECT id, role FROM accounts_clients WHERE client_id = $1 AND user_id = $2', [clientId, user.id]);
    return {
      client: client.rows[0],
      user: { id: user.id, email: user.email, full_name: user.full_name },
      membership: membership.rows[0] ?? null,
      role: membership.rows[0]?.role ?? null,
      is_admin: user.is_admin,
      permissions: [...permissions].sort(),
      features: await clientFeatures(tx, catalog),
    };
  });

  api.get('/permission_groups', { scope: 'tenant' }, async ({ tx, user, clientId }) => {
    const { rows } = await tx.query<{ id: string; name: string; codes: string[] }>(
      `SELECT g.id, g.name, g.codes
         FROM permission_groups g
         JOIN membership_permission_groups mpg ON mpg.permission_group_id = g.id
         JOIN accounts_clients ac ON ac.id = mpg.account_client_id
        WHERE ac.client_id = $1 AND ac.user_id = $2
        ORDER BY lower(g.name)`,
      [clientId, user.id],
    );
    return rows.map((g) => ({
      id: g.id, name: g.name, key: permissionGroupKey(g.name),
      permissions: [...g.codes].sort().map((code) => ({ code })),
    }));
  });

  api.get('/features', { scope: 'tenant' }, async ({ tx, catalog }) => clientFeatures(tx, catalog));
}
