// The member's own export requests (profile/export_requests) and the top bar's red dot
// (download_at_exist=false, per=1): spec 3, 7.
import { defineRoutes, listRows, type ListSource } from '../../../src/host/server.ts';
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import area from '../plugin.ts';
import { exportRequestListDef, exportRequestListQuery } from '../schemas.ts';

export const EXPORT_REQUESTS_TABLE = 'profiles_export_requests';

export const registerExportRequestsApi = defineRoutes(area, (api) => {
  api.get<ListQuery>('/export_requests', { scope: 'tenant', query: exportRequestListQuery }, async ({ tx, clientId, user, query }) => {
    const source: ListSource = {
      def: exportRequestListDef,
      from: `${EXPORT_REQUESTS_TABLE} e`,
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
});
