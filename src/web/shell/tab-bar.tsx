// The tab bar under the header (spec 2.5) for the groups account, blacklist,
// case_management and tm_settings: the sibling pages the member may see.
import styled from 'styled-components';
import { Link } from 'wouter';
import type { TabBar as TabBarData } from '../registry.ts';
import { isInside } from '../router/match.ts';
import { useClientHref } from '../state/client.tsx';

const Tabs = styled.nav`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid var(--borderColor-default, #d1d9e0);
  margin: 8px 0 16px;
  overflow-x: auto;
  a {
    padding: 8px 12px;
    color: var(--fgColor-muted, #59636e);
    text-decoration: none;
    border-bottom: 2px solid transparent;
    white-space: nowrap;
    font-size: 14px;
  }
  a[aria-current='page'] {
    color: var(--fgColor-default, #1f2328);
    border-bottom-color: var(--underlineNav-borderColor-active, #fd8c73);
    font-weight: 600;
  }
`;

export function TabBar({ bar, path }: { bar: TabBarData; path: string }) {
  const href = useClientHref();
  // The deepest matching tab is current (account/users vs account/users/5 …).
  let current: string | null = null;
  for (const e of bar.entries) if (isInside(path, e.to) && (!current || e.to.length > current.length)) current = e.to;
  return (
    <Tabs aria-label="Section tabs" data-tab-bar={bar.id}>
      {bar.entries.map((e) => (
        <Link key={e.id} href={href(e.to)} aria-current={e.to === current ? 'page' : undefined}>{e.title}</Link>
      ))}
    </Tabs>
  );
}
