// Pieces the screening pages share: the title row, sections, the status label, the hits
// table (a link per hit, so it works from the keyboard) and the way a failed load shows.
import { Heading, Label } from '@primer/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { AlertFallback, ApiError, NoResults, useClientHref } from '../../../src/host/web.ts';
import type { HitRecord } from '../kinds.ts';
import { paths } from './api.ts';
import { scoreLabel, statusLabel } from './kind-info.ts';

const Row = styled.div`
  display: flex; align-items: flex-start; gap: 12px; margin-bottom: 16px; flex-wrap: wrap;
  .text { flex: 1; min-width: 240px; }
  .sub { margin: 4px 0 0; color: var(--fgColor-muted, #59636e); max-width: 760px; font-size: 14px; }
  .actions { display: flex; gap: 8px; align-items: center; }
`;

export function PageHeader({ title, children, actions }: { title: ReactNode; children?: ReactNode; actions?: ReactNode }) {
  return (
    <Row>
      <div className="text">
        <Heading as="h1" style={{ fontSize: 24 }}>{title}</Heading>
        {children ? <p className="sub">{children}</p> : null}
      </div>
      {actions ? <div className="actions">{actions}</div> : null}
    </Row>
  );
}

export const Section = styled.section`
  margin-bottom: 32px;
  h2 { font-size: 16px; margin: 0 0 12px; }
`;

const VARIANTS: Record<string, 'success' | 'attention' | 'danger' | 'accent'> = {
  completed: 'success', in_progress: 'accent', failed: 'danger',
};

export function StatusLabel({ status }: { status: string }) {
  return <Label variant={VARIANTS[status] ?? 'secondary'}>{statusLabel(status)}</Label>;
}

/** "2 hits" in the danger colour, "No hits" plainly: a hit is what an officer must look at. */
export function HitsLabel({ count, status }: { count: number; status: string }) {
  if (status !== 'completed') return <>—</>;
  return count > 0
    ? <Label variant="danger">{count} {count === 1 ? 'hit' : 'hits'}</Label>
    : <Label variant="success">No hits</Label>;
}

const Table = styled.table`
  width: 100%; border-collapse: collapse; font-size: 14px;
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid var(--borderColor-muted, #e5e9ed); vertical-align: top; }
  th { font-weight: 600; color: var(--fgColor-muted, #59636e); white-space: nowrap; }
  td.score { white-space: nowrap; font-variant-numeric: tabular-nums; }
`;

export function HitsTable({ code, hitSegment, hits, labelledBy }: { code: string | null; hitSegment: string; hits: HitRecord[]; labelledBy: string }) {
  const href = useClientHref();
  if (hits.length === 0) return <NoResults subtitle="Nothing matched" />;
  return (
    <Table aria-labelledby={labelledBy}>
      <thead>
        <tr><th scope="col">Name</th><th scope="col">Score</th><th scope="col">Source</th><th scope="col">Reference</th></tr>
      </thead>
      <tbody>
        {hits.map((h) => (
          <tr key={h.id}>
            <td><Link href={href(paths.hit(code, hitSegment, h.id))}>{h.name}</Link></td>
            <td className="score">{scoreLabel(h.score)}</td>
            <td>{h.source}</td>
            <td>{h.reference ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A load that failed: 404 says the screening is not there (or not the member's to see). */
export function LoadFailure({ error, what }: { error: unknown; what: string }) {
  if (error === 'not found' || (error instanceof ApiError && error.status === 404)) {
    return <AlertFallback message={`This ${what} does not exist, or you may not see it.`} />;
  }
  return <AlertFallback error={error} />;
}
