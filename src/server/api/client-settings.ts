// Data retention (the onboarding dialog of spec 2.4) and the export requests list the top
// bar polls for its red dot.
import type { ApiRegistrar } from '../../host/server.ts';
import { dataRetentionBody, exportRequestListDef, exportRequestListQuery, type DataRetentionBody } from '../../shared/schemas/client.ts';
import type { ListQuery } from '../../shared/schemas/lists.ts';
import { listRows, type ListSource } from '../lists.ts';

const RETENTION_COLUMNS = 'id, data_retention_approve, data_storage_period_days, created_by, created_at';

export function registerClientSettingsApi(api: ApiRegistrar): void {
  api.get('/data_retention', { scope: 'tenant', access: 'MANAGE_DATA_RETENTION' }, async ({ tx, clientId }) => {
    const { rows } = await tx.query(
      `SELECT ${RETENTION_COLUMNS} FROM data_retention_configs WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [clientId],
    );
    return rows[0] ?? null;
  });

  // Each save adds a row: the latest is in force, the earlier ones are its history.
  api.post<unknown, DataRetentionBody>('/data_retention', { scope: 'tenant', access: 'MANAGE_DATA_RETENTION', body: dataRetentionBody },
    async ({ tx, clientId, user, body, audit }) => {
      const c = body.data_retention_config;
      const before = await tx.query(
        `SELECT ${RETENTION_COLUMNS} FROM data_retention_configs WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
        [clientId],
      );
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO data_retention_configs (client_id, data_retention_approve, data_storage_period_days, created_by)
         VALUES ($1, $2, $3, $4) RETURNING ${RETENTION_COLUMNS}`,
        [clientId, c.data_retention_approve, c.data_storage_period_days ?? null, user.id],
      );
      await audit({ action: 'create', objectType: 'data_retention_configs', objectId: rows[0].id, before: before.rows[0] ?? null, after: rows[0] });
      return rows[0];
    });

  api.get<ListQuery>('/export_requests', { scope: 'tenant', query: exportRequestListQuery }, async ({ tx, clientId, user, query }) => {
    const source: ListSource = {
      def: exportRequestListDef,
      from: 'export_requests e',
      select: `e.id, e.export_template_id, e.export_template_code, e.filters, e.meta, e.execution_status,
               e.uploaded_document_id, e.downloaded_at, e.created_at, e.updated_at`,
      where: (p) => [`e.client_id = ${p(clientId)}`, `e.user_id = ${p(user.id)}`],
      columns: { download_at_exist: '(e.downloaded_at IS NOT NULL)', execution_status: 'e.execution_status', created_at: 'e.created_at' },
      defaultSort: '-created_at',
      tieBreaker: 'e.id',
      registryType: 'export_requests',
    };
    return listRows(tx, source, query, { userId: user.id });
  });
}
