// checkup/instant_checkups/<code>/form/:id (and all/form/:id): one screening. The default
// view shows how it ended (status, the provider's status where the kind has one, the
// summary or the error), what was screened (the input, labelled as the form labels it) and
// the hits, each opening its own page; a kind may bring a view of its own instead. A
// screening still running (a flow's) is read again every few seconds until it ends.
import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { Link } from 'wouter';
import {
  DetailView, formatDateTime, get, invalidate, type PageProps, SkeletonRows, useClient, useClientHref, useQuery,
} from '../../../src/host/web.ts';
import type { CheckupRecord, ScreeningKindWeb } from '../kinds.ts';
import { endpoints, keys, paths } from './api.ts';
import { inputRows, kindOf, kindTitle, showsProviderStatus } from './kind-info.ts';
import { HitsLabel, HitsTable, LoadFailure, PageHeader, Section, StatusLabel } from './parts.tsx';

const POLL_MS = 3000;

const customViews = new Map<string, ComponentType<{ checkup: CheckupRecord }>>();
function customView(kind: ScreeningKindWeb) {
  const load = kind.views?.detail;
  if (!load) return null;
  let view = customViews.get(kind.code);
  if (!view) { view = lazy(load); customViews.set(kind.code, view); }
  return view;
}

function startedBy(c: CheckupRecord): string {
  if (c.origin === 'workflow') return 'A flow step';
  return c.created_by ? `${c.created_by.full_name || c.created_by.email} (${c.created_by.email})` : '—';
}

export function DefaultCheckupView({ checkup: c, code }: { checkup: CheckupRecord; code: string | null }) {
  const kind = kindOf(c.kind);
  return (
    <>
      <Section aria-labelledby="screening-result">
        <h2 id="screening-result">Result</h2>
        <DetailView fields={[
          { label: 'Kind', value: kindTitle(c.kind) },
          { label: 'Status', value: <StatusLabel status={c.execution_status} /> },
          { label: 'Hits', value: <HitsLabel count={c.hits_count} status={c.execution_status} /> },
          { label: 'Provider status', value: c.provider_status, visible: showsProviderStatus(kind, c) },
          { label: 'Summary', value: c.summary, visible: c.execution_status === 'completed' },
          { label: 'Why it failed', value: c.error, visible: c.execution_status === 'failed' },
          { label: 'Run by', value: startedBy(c) },
          { label: 'Started', value: formatDateTime(c.created_at) },
          { label: 'Finished', value: c.finished_at ? formatDateTime(c.finished_at) : null },
        ]} />
      </Section>
      <Section aria-labelledby="screening-input">
        <h2 id="screening-input">Screened</h2>
        <DetailView fields={inputRows(kind, c.input)} />
      </Section>
      {c.execution_status === 'completed' ? (
        <Section aria-labelledby="screening-hits">
          <h2 id="screening-hits">Hits</h2>
          <HitsTable code={code} hitSegment={kind?.hit ?? 'info'} hits={c.hits ?? []} labelledBy="screening-hits" />
        </Section>
      ) : null}
    </>
  );
}

function CheckupPage({ code, id }: { code: string | null; id: string }) {
  const { clientId } = useClient();
  const href = useClientHref();
  const q = useQuery(keys.checkup(clientId, id), () => get<CheckupRecord>(endpoints.checkup(clientId, id)).then((r) => r.data));
  const c = q.data;
  const running = c?.execution_status === 'in_progress';
  useEffect(() => {
    if (!running) return undefined;
    const t = setInterval(() => invalidate(keys.checkup(clientId, id)), POLL_MS);
    return () => clearInterval(t);
  }, [running, clientId, id]);
  const kind = kindOf(c?.kind);
  const View = useMemo(() => (kind ? customView(kind) : null), [kind]);

  if (q.error && !c) return <div><PageHeader title="Screening details" /><LoadFailure error={q.error} what="screening" /></div>;
  if (!c) return <div><PageHeader title="Screening details" /><SkeletonRows count={10} /></div>;
  // The address names a kind: a screening of another kind is not found there.
  if (code && c.kind !== code) return <div><PageHeader title="Screening details" /><LoadFailure error="not found" what="screening" /></div>;

  return (
    <div>
      <PageHeader title={c.name || 'Screening details'}
        actions={<Link href={href(paths.list(code))}>{code ? `All ${kindTitle(code)} screenings` : 'All screenings'}</Link>}>
        {kindTitle(c.kind)} screening of {formatDateTime(c.created_at)}
      </PageHeader>
      {View ? (
        <Suspense fallback={<SkeletonRows count={6} />}><View checkup={c} /></Suspense>
      ) : <DefaultCheckupView checkup={c} code={code} />}
    </div>
  );
}

const bound = new Map<string | null, ComponentType<PageProps>>();

export function detailPageFor(code: string | null): ComponentType<PageProps> {
  let page = bound.get(code);
  if (!page) {
    page = function ScreeningDetailsPage({ params }: PageProps) { return <CheckupPage code={code} id={params.id} />; };
    bound.set(code, page);
  }
  return page;
}
