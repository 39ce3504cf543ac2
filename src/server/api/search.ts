// Global search (spec 2.4, 5, 7): counts per area for the areas the member may see, and
// the search history. Areas of plugins answer through their own list endpoints (the web
// asks each with per=1); the core counts what it owns.
import type { ApiRegistrar, Tx } from '../../host/server.ts';
import { hasAccess, type AccessCheck } from '../../shared/access.ts';
import type { ListQuery } from '../../shared/schemas/lists.ts';
import {
  globalSearchEntryBody, globalSearchEntryListDef, globalSearchEntryListQuery, searchCountsQuery,
  type GlobalSearchEntryBody, type SearchCountsQuery,
} from '../../shared/schemas/search.ts';
import { listRows } from '../lists.ts';

interface CountArea {
  access: AccessCheck;
  count(tx: Tx, clientId: string, like: string): Promise<number>;
}

const like = (q: string) => `%${q.trim().replace(/[\\%_]/g, (m) => '\\' + m)}%`;

const AREAS: Record<string, CountArea> = {
  users: {
    access: ['CLIENT_MANAGE', 'CLIENT_INVITE_USERS'],
    async count(tx, clientId, pattern) {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM accounts_clients ac JOIN users u ON u.id = ac.user_id
          WHERE ac.client_id = $1 AND (u.email ILIKE $2 OR u.full_name ILIKE $2 OR u.phone ILIKE $2)`,
        [clientId, pattern],
      );
      return rows[0].n;
    },
  },
  search_entries: {
    access: 'SEE_GLOBAL_SEARCH_HISTORY',
    async count(tx, clientId, pattern) {
      const { rows } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM global_search_entries WHERE client_id = $1 AND search_query ILIKE $2',
        [clientId, pattern],
      );
      return rows[0].n;
    },
  },
};

export function registerSearchApi(api: ApiRegistrar): void {
  api.get<SearchCountsQuery>('/search/counts', { scope: 'tenant', feature: 'GLOBAL_SEARCH', query: searchCountsQuery },
    async ({ tx, clientId, permissions, query }) => {
      const out: Record<string, number> = {};
      for (const [area, a] of Object.entries(AREAS)) {
        if (hasAccess(a.access, permissions)) out[area] = await a.count(tx, clientId!, like(query.q));
      }
      return out;
    });

  api.post<unknown, GlobalSearchEntryBody>('/search/global_search_entries', { scope: 'tenant', feature: 'GLOBAL_SEARCH', body: globalSearchEntryBody },
    async ({ tx, clientId, user, body, audit }) => {
      const e = body.global_search_entry;
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO global_search_entries (client_id, user_id, search_query, entry_count)
         VALUES ($1, $2, $3, $4::jsonb) RETURNING id, search_query, entry_count, created_at`,
        [clientId, user.id, e.search_query.trim(), JSON.stringify(e.entry_count ?? {})],
      );
      await audit({ action: 'create', objectType: 'global_search_entries', objectId: rows[0].id, before: null, after: rows[0] });
      return { id: rows[0].id };
    });

  api.get<ListQuery>('/search/global_search_entries',
    { scope: 'tenant', feature: 'GLOBAL_SEARCH', access: 'SEE_GLOBAL_SEARCH_HISTORY', query: globalSearchEntryListQuery },
    async ({ tx, clientId, user, query }) => listRows(tx, {
      def: globalSearchEntryListDef,
      from: 'global_search_entries e LEFT JOIN users u ON u.id = e.user_id',
      select: `e.id, e.search_query, e.entry_count, e.created_at, e.user_id,
               CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'email', u.email, 'full_name', u.full_name) END AS user`,
      where: (p) => [`e.client_id = ${p(clientId)}`],
      search: ['e.search_query'],
      columns: { user_id: 'e.user_id', created_at: 'e.created_at', search_query: 'lower(e.search_query)' },
      defaultSort: '-created_at',
      tieBreaker: 'e.id',
      registryType: 'global_search_entries',
    }, query, { userId: user.id }));
}
