// Stored instances of a machine (MachineDef.stored): one page of them from the server,
// choose one to light its state on the chart, a bar chart of how many of the listed
// instances are in each state. Refreshes on Refresh and when a realtime notification
// about an object of the machine's type arrives (the cache key carries the type).
import { Button } from '@primer/react';
import { lazy, Suspense, useId, useMemo } from 'react';
import styled from 'styled-components';
import { ApiError, useQuery, type QueryResult } from '../api-client.ts';
import { formatDateTime } from '../prefs/date-format.ts';
import { AlertFallback } from '../screens/alert-fallback.tsx';
import { SkeletonChart, SkeletonRows } from '../screens/skeleton.tsx';
import {
  countByState, fetchInstances, instancesKey, INSTANCES_PER_PAGE, type InstancePage, type MachineInstance,
} from './inspector-instances.ts';
import { formatStateValue } from './inspector-sandbox.ts';
import { VisuallyHidden } from './inspector-ui.tsx';

const InstanceStateChart = lazy(() => import('./inspector-state-chart.tsx'));

const Wrap = styled.div`
  display: grid; gap: 12px; font-size: 13px;
  .row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
  .hint { color: var(--fgColor-muted, #59636e); font-size: 12px; margin: 0; }
  table { width: 100%; border-collapse: collapse; font-size: 12px; }
  td, th { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--borderColor-muted, #d1d9e0b3); }
  th { color: var(--fgColor-muted, #59636e); font-weight: 600; }
  tr[aria-selected='true'] td { background: var(--bgColor-accent-muted, #ddf4ff); }
  figure { margin: 0; }
  figcaption { color: var(--fgColor-muted, #59636e); font-size: 12px; margin-bottom: 4px; }
  .split { display: grid; grid-template-columns: minmax(0, 3fr) minmax(240px, 2fr); gap: 16px; align-items: start; }
  @media (max-width: 1100px) { .split { grid-template-columns: 1fr; } }
`;

/** One page of a stored machine's instances; idle (no request) for a machine not stored. */
export function useInstances(clientId: string, machineId: string, objectType: string | null, page: number): QueryResult<InstancePage> {
  return useQuery(
    objectType ? instancesKey(clientId, objectType, machineId, page) : null,
    () => fetchInstances(clientId, machineId, page),
  );
}

export interface InstancesPanelProps {
  machineId: string;
  objectType: string;
  query: QueryResult<InstancePage>;
  page: number;
  onPage: (page: number) => void;
  selectedId: string | null;
  onSelect: (instance: MachineInstance) => void;
}

export function InstancesPanel({ machineId, objectType, query: q, page, onPage, selectedId, onSelect }: InstancesPanelProps) {
  const captionId = useId();
  const rows = q.data?.rows ?? [];
  const meta = q.data?.meta;
  const pages = meta ? Math.max(1, meta.pages ?? Math.ceil(meta.count / (meta.per ?? INSTANCES_PER_PAGE))) : 1;
  const counts = useMemo(() => countByState(rows), [rows]);
  const caption = `Instances per state on this page (${rows.length} listed${meta ? ` of ${meta.count}` : ''}), not the whole set`;

  let body;
  if (q.error && !q.data) {
    body = q.error instanceof ApiError && q.error.status === 404
      ? <p className="hint" role="status">The server does not list instances of this machine yet.</p>
      : <AlertFallback error={q.error} />;
  } else if (q.loading && !q.data) {
    body = <SkeletonRows count={4} />;
  } else if (rows.length === 0) {
    body = <p className="hint" role="status">No stored instances.</p>;
  } else {
    body = (
      <div className="split">
        <table aria-label={`Stored instances of ${machineId}`}>
          <thead><tr><th>Instance</th><th>State</th><th>Updated</th><th><VisuallyHidden>On the chart</VisuallyHidden></th></tr></thead>
          <tbody>
            {rows.map((r) => {
              const id = String(r.id);
              const selected = id === selectedId;
              return (
                <tr key={id} aria-selected={selected}>
                  <td>{r.label}</td>
                  <td data-testid="instance-state">{formatStateValue(r.state)}</td>
                  <td>{formatDateTime(r.updated_at)}</td>
                  <td>
                    <Button size="small" variant={selected ? 'primary' : 'default'} aria-pressed={selected}
                      aria-label={`Show ${r.label} on the chart`} onClick={() => onSelect(r)}>
                      {selected ? 'Shown' : 'Show'}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <figure aria-labelledby={captionId}>
          <figcaption id={captionId}>{caption}.</figcaption>
          <Suspense fallback={<SkeletonChart />}>
            <InstanceStateChart counts={counts} description={caption} />
          </Suspense>
        </figure>
      </div>
    );
  }

  return (
    <Wrap role="region" aria-label={`Stored instances of ${machineId}`}>
      <div className="row">
        <p className="hint">Instances whose state the server keeps ({objectType}); choose one to light its state on the chart.</p>
        <Button size="small" onClick={() => { void q.refetch(); }} disabled={q.loading}>Refresh</Button>
        {pages > 1 ? (
          <>
            <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</Button>
            <span>Page {page} of {pages}</span>
            <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>Next</Button>
          </>
        ) : null}
      </div>
      {body}
    </Wrap>
  );
}
