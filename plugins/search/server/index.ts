// The server half of global search: the searches members made (the core created their
// table in its first release; this area's migration takes it over, rows and all).
import { defineServerPlugin, moveTableSql } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import { ENTRIES_TABLE, registerEntriesApi } from './entries.ts';

export default defineServerPlugin(area, {
  migrations: [{ id: 'search/0001_entries', sql: moveTableSql('global_search_entries', ENTRIES_TABLE) }],
  api(api, host) {
    registerEntriesApi(api, host);
  },
});
