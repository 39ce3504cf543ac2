// Data retention (spec 2.4, 3, 5, 7; account/data/retention_plans): one row per change in
// client_settings_retention_configs; the latest is in force, the earlier ones are its
// history (who changed it and when). The onboarding dialog asks GET /data_retention and
// shows while nothing was saved.
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { defineRoutes, isUuid, listRows, notFound, type ListSource } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import { dataRetentionBody, retentionHistoryListDef, retentionHistoryListQuery, type DataRetentionBody } from '../schemas.ts';

const TABLE = 'client_settings_retention_configs';
const COLUMNS = 'id, data_retention_approve, data_storage_period_days, created_by, created_at';
const IN_FORCE = `SELECT ${COLUMNS} FROM ${TABLE} WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`;

const SELECT = `r.id, r.data_retention_approve, r.data_storage_period_days, r.created_at,
  CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'full_name', u.full_name, 'email', u.email) END AS created_by,
  (r.id = (SELECT l.id FROM ${TABLE} l WHERE l.client_id = r.client_id
            ORDER BY l.created_at DESC, l.id DESC LIMIT 1)) AS in_force`;
const FROM = `${TABLE} r LEFT JOIN users u ON u.id = r.created_by`;

export const registerRetentionApi = defineRoutes(area, (api) => {
  api.get('/data_retention', { scope: 'tenant', guard: 'retention' }, async ({ tx, clientId }) => {
    const { rows } = await tx.query(IN_FORCE, [clientId]);
    return rows[0] ?? null;
  });

  api.post<unknown, DataRetentionBody>('/data_retention', { scope: 'tenant', guard: 'retention', body: dataRetentionBody },
    async ({ tx, clientId, user, body, audit }) => {
      const c = body.data_retention_config;
      const before = await tx.query(IN_FORCE, [clientId]);
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO ${TABLE} (client_id, data_retention_approve, data_storage_period_days, created_by)
         VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
        [clientId, c.data_retention_approve, c.data_storage_period_days ?? null, user.id],
      );
      await audit({ action: 'create', objectType: 'data_retention_configs', objectId: rows[0].id, before: before.rows[0] ?? null, after: rows[0] });
      return rows[0];
    });

  api.get<ListQuery>('/data_retention/history', { scope: 'tenant', guard: 'retention', query: retentionHistoryListQuery },
    async ({ tx, clientId, user, query }) => {
      const source: ListSource = {
        def: retentionHistoryListDef,
        from: FROM,
        select: SELECT,
        where: (p) => [`r.client_id = ${p(clientId)}`],
        columns: { created_at: 'r.created_at', data_storage_period_days: 'r.data_storage_period_days' },
        defaultSort: '-created_at',
        tieBreaker: 'r.id',
      };
      return listRows(tx, source, query, { userId: user.id });
    });

  api.get('/data_retention/history/:id', { scope: 'tenant', guard: 'retention' }, async ({ tx, clientId, params }) => {
    if (!isUuid(params.id)) throw notFound();
    const { rows } = await tx.query(`SELECT ${SELECT} FROM ${FROM} WHERE r.client_id = $1 AND r.id = $2`, [clientId, params.id]);
    if (!rows[0]) throw notFound();
    return rows[0];
  });
});
