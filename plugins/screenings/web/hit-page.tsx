// checkup/instant_checkups/<code>/<hit>/:hit_id (info, or ofac_info for OFAC; all/info/:hit_id):
// one hit of a screening: what matched, how strongly, where it is listed and the details
// the kind recorded; a kind may bring a view of its own instead.
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { Link } from 'wouter';
import {
  DetailView, formatDateTime, get, type PageProps, SkeletonRows, useClient, useClientHref, useQuery,
} from '../../../src/host/web.ts';
import type { CheckupRecord, HitRecord, ScreeningKindWeb } from '../kinds.ts';
import { endpoints, keys, paths } from './api.ts';
import { kindOf, kindTitle, scoreLabel } from './kind-info.ts';
import { LoadFailure, PageHeader, Section } from './parts.tsx';

type HitWithCheckup = HitRecord & { checkup: CheckupRecord };

const customViews = new Map<string, ComponentType<{ checkup: CheckupRecord; hit: HitRecord }>>();
function customView(kind: ScreeningKindWeb) {
  const load = kind.views?.hit;
  if (!load) return null;
  let view = customViews.get(kind.code);
  if (!view) { view = lazy(load); customViews.set(kind.code, view); }
  return view;
}

const humanize = (k: string) => (k.charAt(0).toUpperCase() + k.slice(1)).replace(/_/g, ' ');
const detailValue = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v));

function HitPage({ code, hitId }: { code: string | null; hitId: string }) {
  const { clientId } = useClient();
  const href = useClientHref();
  const q = useQuery(keys.hit(clientId, hitId), () => get<HitWithCheckup>(endpoints.hit(clientId, hitId)).then((r) => r.data));
  const h = q.data;
  const kind = kindOf(h?.checkup.kind);
  const View = useMemo(() => (kind ? customView(kind) : null), [kind]);

  if (q.error && !h) return <div><PageHeader title="Hit details" /><LoadFailure error={q.error} what="hit" /></div>;
  if (!h) return <div><PageHeader title="Hit details" /><SkeletonRows count={8} /></div>;
  if (code && h.checkup.kind !== code) return <div><PageHeader title="Hit details" /><LoadFailure error="not found" what="hit" /></div>;

  const screening = href(paths.detail(code, h.checkup.id));
  return (
    <div>
      <PageHeader title={h.name} actions={<Link href={screening}>Back to the screening</Link>}>
        A hit of the {kindTitle(h.checkup.kind)} screening of {h.checkup.name || 'an unnamed subject'}, {formatDateTime(h.checkup.created_at)}
      </PageHeader>
      {View ? (
        <Suspense fallback={<SkeletonRows count={6} />}><View checkup={h.checkup} hit={h} /></Suspense>
      ) : (
        <>
          <Section aria-labelledby="hit-match">
            <h2 id="hit-match">Match</h2>
            <DetailView fields={[
              { label: 'Name', value: h.name },
              { label: 'Score', value: scoreLabel(h.score) },
              { label: 'Source', value: h.source },
              { label: 'Reference', value: h.reference },
            ]} />
          </Section>
          {Object.keys(h.details ?? {}).length ? (
            <Section aria-labelledby="hit-details">
              <h2 id="hit-details">Details</h2>
              <DetailView fields={Object.entries(h.details).map(([k, v]) => ({ label: humanize(k), value: detailValue(v) }))} />
            </Section>
          ) : null}
        </>
      )}
    </div>
  );
}

const bound = new Map<string | null, ComponentType<PageProps>>();

export function hitPageFor(code: string | null): ComponentType<PageProps> {
  let page = bound.get(code);
  if (!page) {
    page = function ScreeningHitPage({ params }: PageProps) { return <HitPage code={code} hitId={params.hit_id} />; };
    bound.set(code, page);
  }
  return page;
}
