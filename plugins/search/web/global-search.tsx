// The global search box of the top bar (spec 2.4, 5, 7), a shell slot of the search area:
// runs on Enter or 2 s after typing stops, asks each area the member may see for its count
// (the area's own list endpoint with q and per=1, spec 7), records the search and shows the
// counts, each a link to the list behind it, and a link to the results page. Without the
// GLOBAL_SEARCH feature the box is disabled with the spec's hint.
import { SearchIcon } from '@primer/octicons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { ShellInput } from '../../../src/host/shell.ts';
import { clientPath, get, notify, post, registry, useClient, useClientHref, type Grants } from '../../../src/host/web.ts';
import { PLATFORM_ERRORS } from '../../../src/shared/errors.ts';
import { SearchTrigger } from './search-trigger.ts';

export const SEARCH_DISABLED_HINT = PLATFORM_ERRORS.FEATURE_UNAVAILABLE;

/** The counters of the areas this member may see. */
export function visibleCounters(grants: Grants) {
  return registry.catalog.searchCounters.filter((c) => registry.canSee(c, grants));
}

/** A count's link: the list behind it with the query, when that page exists and is open to the member. */
export function counterLink(to: string, q: string, grants: Grants): string | null {
  const hit = registry.routeFor(to);
  if (hit.kind !== 'route' || !hit.route.available || !registry.canSee(hit.route, grants)) return null;
  return `${to}?${new URLSearchParams({ q })}`;
}

const Wrap = styled.div`
  position: relative;
  width: 320px;
  max-width: 40vw;
`;
const Panel = styled.div`
  position: absolute; top: calc(100% + 4px); left: 0; right: 0; z-index: 30;
  background: var(--overlay-bgColor, #fff);
  border: 1px solid var(--borderColor-default, #d1d9e0);
  border-radius: 8px;
  box-shadow: var(--shadow-floating-small, 0 4px 12px rgba(0,0,0,.12));
  padding: 8px 0;
  font-size: 13px;
  ul { list-style: none; margin: 0; padding: 0; }
  li { display: flex; justify-content: space-between; padding: 4px 12px; }
  .more { padding: 6px 12px 2px; border-top: 1px solid var(--borderColor-muted, #e5e9ed); margin-top: 6px; }
`;
const Icon = styled.span`
  position: absolute; left: 9px; top: 8px; color: var(--fgColor-muted, #59636e); display: inline-flex;
`;
const Busy = styled.span`
  position: absolute; right: 10px; top: 9px; font-size: 11px; color: var(--fgColor-muted, #59636e);
`;
const Hint = styled.div`
  font-size: 11px; color: var(--fgColor-muted, #59636e); margin-top: 2px;
`;

interface Result { query: string; counts: Record<string, number>; entryId: string | number | null }

export default function GlobalSearch() {
  const { clientId, grants } = useClient();
  const href = useClientHref();
  const enabled = grants.features.has('GLOBAL_SEARCH');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);

  const trigger = useMemo(() => new SearchTrigger({
    run: async (q) => {
      setBusy(true);
      try {
        const counters = visibleCounters(grants);
        const answers = await Promise.all(counters.map((c) =>
          get<unknown[]>(clientPath(clientId, c.endpoint), { q, per: 1 }).then((r) => [c.key, r.meta?.count ?? 0] as const)));
        const counts = Object.fromEntries(answers);
        let entryId: string | number | null = null;
        try {
          const created = await post<{ id: string | number }>(clientPath(clientId, 'search/global_search_entries'), {
            global_search_entry: { search_query: q, entry_count: counts },
          });
          entryId = created.data?.id ?? null;
        } catch (e) {
          notify.error(e);
        }
        setResult({ query: q, counts, entryId });
        setOpen(true);
      } catch (e) {
        notify.error(e);
      } finally {
        setBusy(false);
      }
    },
  }), [clientId, grants]);

  useEffect(() => () => trigger.cancel(), [trigger]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => { if (!wrapRef.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <Wrap ref={wrapRef} data-testid="global-search">
      <Icon aria-hidden="true"><SearchIcon size={14} /></Icon>
      <ShellInput
        type="search"
        aria-label="Global search"
        placeholder="Search"
        value={text}
        disabled={!enabled}
        aria-busy={busy}
        title={enabled ? undefined : SEARCH_DISABLED_HINT}
        aria-describedby={enabled ? undefined : 'global-search-hint'}
        onChange={(e) => { setText(e.target.value); trigger.input(e.target.value); }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') { e.preventDefault(); void trigger.submit(); }
          if (e.key === 'Escape') setOpen(false);
        }}
        onFocus={() => { if (result) setOpen(true); }}
      />
      {busy ? <Busy>Searching…</Busy> : null}
      {!enabled ? <Hint id="global-search-hint">{SEARCH_DISABLED_HINT}</Hint> : null}
      {open && result ? (
        <Panel role="region" aria-label="Search results">
          <ul>
            {visibleCounters(grants).filter((c) => c.key in result.counts).map((c) => {
              const to = counterLink(c.to, result.query, grants);
              return (
                <li key={c.key}>
                  {to ? <Link href={href(to)} onClick={() => setOpen(false)}>{c.title}</Link> : <span>{c.title}</span>}
                  <strong>{result.counts[c.key]}</strong>
                </li>
              );
            })}
            {Object.keys(result.counts).length === 0 ? <li>NO RESULTS</li> : null}
          </ul>
          {result.entryId !== null && counterLink(`search/search_results/${result.entryId}`, result.query, grants) ? (
            <div className="more">
              <Link href={href(`search/search_results/${result.entryId}`)} onClick={() => setOpen(false)}>
                See results for “{result.query}”
              </Link>
            </div>
          ) : null}
        </Panel>
      ) : null}
    </Wrap>
  );
}
