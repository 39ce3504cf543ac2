// Global search (spec 2.4, 3, 5, 7): the web counts each area's matches through that area's
// own list endpoint (the manifests' `search` counters), then records the search here with
// its counts; the history lists them, and a results page shows one.
import type { ListQuery } from '../../../src/shared/schemas/lists.ts';
import { defineRoutes, invalid, isUuid, listRows, notFound } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import { globalSearchEntryBody, globalSearchEntryListDef, globalSearchEntryListQuery, type GlobalSearchEntryBody } from '../schemas.ts';

export const ENTRIES_TABLE = 'search_entries';

const SELECT = `e.id, e.search_query, e.entry_count, e.created_at, e.user_id,
  CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'email', u.email, 'full_name', u.full_name) END AS user`;
const FROM = `${ENTRIES_TABLE} e LEFT JOIN users u ON u.id = e.user_id`;

export const registerEntriesApi = defineRoutes(area, (api) => {
  api.post<unknown, GlobalSearchEntryBody>('/search/global_search_entries', { scope: 'tenant', guard: 'search', body: globalSearchEntryBody },
    async ({ tx, clientId, user, body, audit, catalog }) => {
      const e = body.global_search_entry;
      // Counts only under the keys some installed area counts (spec 3: tm, case, checkup …).
      const known = new Set(catalog.searchCounters.map((c) => c.key));
      const unknown = Object.keys(e.entry_count ?? {}).filter((k) => !known.has(k));
      if (unknown.length) throw invalid({ entry_count: `counts only what the areas search: ${unknown.slice(0, 5).join(', ')} is not one of them` });
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO ${ENTRIES_TABLE} (client_id, user_id, search_query, entry_count)
         VALUES ($1, $2, $3, $4::jsonb) RETURNING id, search_query, entry_count, created_at`,
        [clientId, user.id, e.search_query.trim(), JSON.stringify(e.entry_count ?? {})],
      );
      await audit({ action: 'create', objectType: 'global_search_entries', objectId: rows[0].id, before: null, after: rows[0] });
      return { id: rows[0].id };
    });

  api.get<ListQuery>('/search/global_search_entries', { scope: 'tenant', guard: 'history', query: globalSearchEntryListQuery },
    async ({ tx, clientId, user, query }) => listRows(tx, {
      def: globalSearchEntryListDef,
      from: FROM,
      select: SELECT,
      where: (p) => [`e.client_id = ${p(clientId)}`],
      search: ['e.search_query'],
      columns: { user_id: 'e.user_id', created_at: 'e.created_at', search_query: 'lower(e.search_query)' },
      defaultSort: '-created_at',
      tieBreaker: 'e.id',
      registryType: 'global_search_entries',
    }, query, { userId: user.id }));

  // One search: the member's own, or anyone's with the history code.
  api.get('/search/global_search_entries/:id', { scope: 'tenant', guard: 'search' }, async ({ tx, clientId, user, params, permissions }) => {
    if (!isUuid(params.id)) throw notFound();
    const { rows } = await tx.query<{ user_id: string | null }>(`SELECT ${SELECT} FROM ${FROM} WHERE e.client_id = $1 AND e.id = $2`, [clientId, params.id]);
    const entry = rows[0];
    if (!entry || (entry.user_id !== user.id && !permissions.has('SEE_GLOBAL_SEARCH_HISTORY'))) throw notFound();
    return entry;
  });
});
