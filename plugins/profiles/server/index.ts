// The server half of profiles: for now the member's export requests (the core created
// their table in its first release; this area's migration takes it over, rows and all).
import { defineServerPlugin, moveTableSql } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import { EXPORT_REQUESTS_TABLE, registerExportRequestsApi } from './export-requests.ts';

export default defineServerPlugin(area, {
  migrations: [{ id: 'profiles/0001_export_requests', sql: moveTableSql('export_requests', EXPORT_REQUESTS_TABLE) }],
  api(api, host) {
    registerExportRequestsApi(api, host);
  },
});
