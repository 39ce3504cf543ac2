// search/search_entries: every global search of the client (SEE_GLOBAL_SEARCH_HISTORY),
// newest first; a row opens its results.
import { Heading } from '@primer/react';
import { useLocation } from 'wouter';
import { clientPath, DataTable, formatDateTime, useClient, useClientHref, type Column, type FilterDef, type PageProps } from '../../../src/host/web.ts';

interface EntryRow extends Record<string, unknown> {
  id: string;
  search_query: string;
  entry_count: Record<string, number>;
  created_at: string;
  user: { full_name: string; email: string } | null;
}

const columns: Column<EntryRow>[] = [
  { key: 'search_query', header: 'Search', sortField: 'search_query' },
  { key: 'user', header: 'By', render: (r) => r.user?.full_name || r.user?.email || '—' },
  { key: 'entry_count', header: 'Matches', render: (r) => Object.values(r.entry_count ?? {}).reduce((a, b) => a + b, 0) },
  { key: 'created_at', header: 'When', sortField: 'created_at', render: (r) => formatDateTime(r.created_at) },
];

const filters: FilterDef[] = [{ key: 'created_at', label: 'When', kind: 'date-range' }];

export default function SearchHistoryPage(_props: PageProps) {
  const { clientId } = useClient();
  const href = useClientHref();
  const [, navigate] = useLocation();
  return (
    <div>
      <Heading as="h1" style={{ fontSize: 24, marginBottom: 16 }}>Search History</Heading>
      <DataTable<EntryRow>
        tableKey="search_entries"
        endpoint={clientPath(clientId, 'search/global_search_entries')}
        columns={columns}
        filters={filters}
        registryType="global_search_entries"
        search
        onRowClick={(r) => navigate(href(`search/search_results/${r.id}`))}
        emptySubtitle="Searches made from the top bar appear here"
      />
    </div>
  );
}
