// The global search box of the top bar (spec 2.4, 5, 7): runs on Enter or 2 s after typing
// stops, asks the per-area counts, records a global_search_entry and shows the counts with
// a link to /{client_id}/search/search_results/{id}. Without the GLOBAL_SEARCH feature the
// box is disabled with the spec's hint.
import { SearchIcon } from '@primer/octicons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { ApiError, clientPath, get, post } from '../../shared/api-client.ts';
import { PLATFORM_ERRORS } from '../../shared/errors.ts';
import { notify } from '../notify/toasts.tsx';
import { useClient, useClientHref } from '../state/client.tsx';
import { ShellInput } from '../ui/controls.tsx';
import { SearchTrigger } from './search-trigger.ts';

export const SEARCH_DISABLED_HINT = PLATFORM_ERRORS.FEATURE_UNAVAILABLE;

const AREA_LABELS: Record<string, string> = {
  tm: 'Transactions',
  case: 'Cases',
  identityVerification: 'Identity verifications',
  checkup: 'Screenings',
  submission: 'Submissions',
  profile: 'Profiles',
  users: 'Users',
  members: 'Users',
};
export const areaLabel = (key: string) => AREA_LABELS[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

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
  footer { padding: 6px 12px 2px; border-top: 1px solid var(--borderColor-muted, #e5e9ed); margin-top: 6px; }
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

export function GlobalSearch() {
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
        const counts = (await get<Record<string, number>>(clientPath(clientId, 'search/counts'), { q })).data ?? {};
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
        notify.error(e instanceof ApiError ? e : new ApiError(0));
      } finally {
        setBusy(false);
      }
    },
  }), [clientId]);

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
            {Object.entries(result.counts).map(([area, n]) => (
              <li key={area}><span>{areaLabel(area)}</span><strong>{n}</strong></li>
            ))}
            {Object.keys(result.counts).length === 0 ? <li>NO RESULTS</li> : null}
          </ul>
          {result.entryId !== null ? (
            <footer>
              <Link href={href(`search/search_results/${result.entryId}`)} onClick={() => setOpen(false)}>
                See results for “{result.query}”
              </Link>
            </footer>
          ) : null}
        </Panel>
      ) : null}
    </Wrap>
  );
}
