// search/search_results/{id}: what one global search found, area by area (the counts taken
// when it ran), each a link to the list behind it with the same query.
import { Heading } from '@primer/react';
import { Link } from 'wouter';
import {
  AlertFallback, clientPath, DetailView, formatDateTime, get, NoResults, useClient, useClientHref, useQuery, type PageProps,
} from '../../../src/host/web.ts';
import { counterLink, visibleCounters } from './global-search.tsx';

interface Entry { id: string; search_query: string; entry_count: Record<string, number>; created_at: string }

export default function SearchResultsPage({ params }: PageProps) {
  const { clientId, grants } = useClient();
  const href = useClientHref();
  const { data, loading, error } = useQuery(['clients', clientId, 'search', 'entries', params.id],
    () => get<Entry>(clientPath(clientId, `search/global_search_entries/${encodeURIComponent(params.id)}`)).then((r) => r.data));
  if (error) return <AlertFallback error={error} />;
  const counters = visibleCounters(grants).filter((c) => data && c.key in data.entry_count);
  return (
    <div>
      <Heading as="h1" style={{ fontSize: 24, marginBottom: 16 }}>
        {data ? `Search results for “${data.search_query}”` : 'Search results'}
      </Heading>
      <DetailView loading={loading} fields={[{ label: 'Searched', value: data ? formatDateTime(data.created_at) : null }]} />
      {data && counters.length === 0 ? <NoResults subtitle="None of the areas you may see were searched" /> : null}
      {data && counters.length > 0 ? (
        <table style={{ marginTop: 16, borderCollapse: 'collapse', minWidth: 360 }}>
          <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 8 }}>Matches by area</caption>
          <thead><tr><th scope="col" style={{ textAlign: 'left' }}>Area</th><th scope="col" style={{ textAlign: 'right' }}>Matches</th></tr></thead>
          <tbody>
            {counters.map((c) => {
              const to = counterLink(c.to, data.search_query, grants);
              return (
                <tr key={c.key}>
                  <td style={{ padding: '4px 16px 4px 0' }}>{to ? <Link href={href(to)}>{c.title}</Link> : c.title}</td>
                  <td style={{ textAlign: 'right' }}>{data.entry_count[c.key]}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
