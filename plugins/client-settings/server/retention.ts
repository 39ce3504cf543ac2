// Data retention (account/data/retention_plans): the core keeps one row per change in
// data_retention_configs and serves GET/POST /data_retention (the period in force and a
// change); this adds the history of changes, who made each and when.
import type { ApiRegistrar } from '../../../src/host/server.ts';
import { isUuid } from '../../../src/server/db/types.ts';
import { notFound } from '../../../src/server/http/errors.ts';
import { listRows, type ListSource } from '../../../src/server/lists.ts';
import { retentionHistoryListDef, retentionHistoryListQuery } from '../../../src/shared/schemas/client-settings.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';

const SELECT = `r.id, r.data_retention_approve, r.data_storage_period_days, r.created_at,
  CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'full_name', u.full_name, 'email', u.email) END AS created_by,
  (r.id = (SELECT l.id FROM data_retention_configs l WHERE l.client_id = r.client_id
            ORDER BY l.created_at DESC, l.id DESC LIMIT 1)) AS in_force`;
const FROM = 'data_retention_configs r LEFT JOIN users u ON u.id = r.created_by';

export function registerRetentionApi(api: ApiRegistrar): void {
  api.get<ListQuery>('/data_retention/history', { scope: 'tenant', access: 'MANAGE_DATA_RETENTION', query: retentionHistoryListQuery },
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

  api.get('/data_retention/history/:id', { scope: 'tenant', access: 'MANAGE_DATA_RETENTION' }, async ({ tx, clientId, params }) => {
    if (!isUuid(params.id)) throw notFound();
    const { rows } = await tx.query(`SELECT ${SELECT} FROM ${FROM} WHERE r.client_id = $1 AND r.id = $2`, [clientId, params.id]);
    if (!rows[0]) throw notFound();
    return rows[0];
  });
}
