// The side menu of spec 2.5: expanded (214 px) or a minimised icon rail (46 px), toggled
// by "Minimize menu"; Favorites first; then the groups and entries the member may see,
// straight from the registry. Groups start open when the current route is inside them;
// a group header links to its first visible child.
import { ChevronDownIcon, ChevronRightIcon, LinkExternalIcon, SidebarCollapseIcon, SidebarExpandIcon, StarFillIcon, XIcon } from '@primer/octicons-react';
import { useSelector } from '@legendapp/state/react';
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { registry, type VisibleGroup, type VisibleNode } from '../registry.ts';
import { isInside } from '../router/match.ts';
import { favorites$, toggleFavorite } from '../prefs/favorites.ts';
import { MENU_EXPANDED_WIDTH, MENU_MINIMISED_WIDTH, menuMinimised$ } from '../prefs/menu.ts';
import { useClient, useClientHref } from '../state/client.tsx';
import { menuIcon } from './menu-icon.tsx';

const Nav = styled.nav<{ $min: boolean }>`
  width: ${(p) => (p.$min ? MENU_MINIMISED_WIDTH : MENU_EXPANDED_WIDTH)}px;
  flex: none;
  border-right: 1px solid var(--borderColor-default, #d1d9e0);
  background: var(--bgColor-muted, #f6f8fa);
  overflow-y: auto;
  overflow-x: hidden;
  font-size: 13px;
  display: flex;
  flex-direction: column;
`;
const Section = styled.div`
  padding: 6px 0;
  border-bottom: 1px solid var(--borderColor-muted, #e5e9ed);
`;
const SectionTitle = styled.div`
  padding: 6px 12px;
  font-size: 11px;
  font-weight: 600;
  text-transform: uppercase;
  color: var(--fgColor-muted, #59636e);
`;
const Row = styled.div<{ $depth: number; $active?: boolean }>`
  display: flex;
  align-items: center;
  gap: 6px;
  padding: 5px 8px 5px ${(p) => 10 + p.$depth * 12}px;
  background: ${(p) => (p.$active ? 'var(--bgColor-accent-muted, #ddf4ff)' : 'transparent')};
  a { color: var(--fgColor-default, #1f2328); text-decoration: none; flex: 1; min-width: 0;
      overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  a[aria-current='page'] { font-weight: 600; color: var(--fgColor-accent, #0969da); }
  &:hover { background: var(--bgColor-neutral-muted, #eaeef2); }
`;
const Toggle = styled.button`
  border: 0; background: transparent; padding: 2px; cursor: pointer; color: inherit;
  display: inline-flex; align-items: center;
`;
const Rail = styled.div<{ $active: boolean }>`
  a { display: flex; align-items: center; justify-content: center; height: 36px;
      color: ${(p) => (p.$active ? 'var(--fgColor-accent, #0969da)' : 'var(--fgColor-muted, #59636e)')}; }
  a:hover { background: var(--bgColor-neutral-muted, #eaeef2); }
`;
const Bottom = styled.div`
  margin-top: auto;
  padding: 8px;
  border-top: 1px solid var(--borderColor-muted, #e5e9ed);
  button { width: 100%; display: flex; align-items: center; gap: 6px; justify-content: flex-start;
           border: 0; background: transparent; cursor: pointer; padding: 4px; color: var(--fgColor-muted, #59636e); }
`;

function EntryLink({ node, href, active }: { node: VisibleNode; href: string; active: boolean }) {
  if (node.external) {
    return (
      <a href={node.to} target="_blank" rel="noreferrer noopener">
        {node.title} <LinkExternalIcon size={12} />
      </a>
    );
  }
  return <Link href={href} aria-current={active ? 'page' : undefined}>{node.title}</Link>;
}

function Group({ group, depth, path, open, setOpen }: {
  group: VisibleGroup; depth: number; path: string;
  open: Set<string>; setOpen: (id: string, v: boolean) => void;
}) {
  const href = useClientHref();
  const isOpen = open.has(group.id);
  const Icon = depth === 0 ? menuIcon(group.icon) : null;
  return (
    <div role="group" aria-label={group.title} data-menu-group={group.id}>
      <Row $depth={depth}>
        <Toggle type="button" aria-expanded={isOpen} aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${group.title}`}
          onClick={() => setOpen(group.id, !isOpen)}>
          {isOpen ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
        </Toggle>
        {Icon ? <Icon size={14} /> : null}
        <EntryLink node={group} href={href(group.to)} active={false} />
      </Row>
      {isOpen ? group.children.map((c) => c.kind === 'group'
        ? <Group key={c.id} group={c} depth={depth + 1} path={path} open={open} setOpen={setOpen} />
        : (
          <Row key={c.id} $depth={depth + 1} $active={!c.external && isInside(path, c.to)}>
            <EntryLink node={c} href={href(c.to)} active={!c.external && isInside(path, c.to)} />
          </Row>
        )) : null}
    </div>
  );
}

/** `path` is the current location relative to /{client_id}. */
export function SideMenu({ path }: { path: string }) {
  const { grants } = useClient();
  const href = useClientHref();
  const minimised = useSelector(() => menuMinimised$.get());
  const favorites = useSelector(() => favorites$.get());
  const menu = useMemo(() => registry.visibleMenu(grants), [grants]);
  const [open, setOpenState] = useState<Set<string>>(() => new Set(registry.openGroupsFor(path, menu)));

  // Navigating into a group opens it (closed groups stay as the user left them).
  useEffect(() => {
    const inside = registry.openGroupsFor(path, menu);
    setOpenState((prev) => (inside.every((id) => prev.has(id)) ? prev : new Set([...prev, ...inside])));
  }, [path, menu]);

  const setOpen = (id: string, v: boolean) =>
    setOpenState((prev) => {
      const next = new Set(prev);
      if (v) next.add(id); else next.delete(id);
      return next;
    });

  if (minimised) {
    const activeIds = new Set(registry.openGroupsFor(path, menu));
    return (
      <Nav $min aria-label="Main menu" data-testid="side-menu" data-minimised="true">
        {menu.map((g) => {
          const Icon = menuIcon(g.icon);
          return (
            <Rail key={g.id} $active={activeIds.has(g.id)}>
              {g.external
                ? <a href={g.to} target="_blank" rel="noreferrer noopener" title={g.title} aria-label={g.title}><Icon size={16} /></a>
                : <Link href={href(g.to)} title={g.title} aria-label={g.title}><Icon size={16} /></Link>}
            </Rail>
          );
        })}
        <Bottom>
          <button type="button" aria-label="Expand menu" title="Expand menu" onClick={() => menuMinimised$.set(false)}>
            <SidebarExpandIcon size={16} />
          </button>
        </Bottom>
      </Nav>
    );
  }

  return (
    <Nav $min={false} aria-label="Main menu" data-testid="side-menu">
      <Section aria-label="Favorites">
        <SectionTitle><StarFillIcon size={12} /> Favorites</SectionTitle>
        {favorites.length === 0 ? <Row $depth={0}><span style={{ color: 'var(--fgColor-muted, #59636e)' }}>No favorites yet</span></Row> : null}
        {favorites.map((f) => (
          <Row key={f.to} $depth={0}>
            <Link href={f.to}>{f.title}</Link>
            <Toggle type="button" aria-label={`Remove ${f.title} from favorites`} onClick={() => toggleFavorite(f)}>
              <XIcon size={12} />
            </Toggle>
          </Row>
        ))}
      </Section>
      <Section>
        {menu.map((g) => <Group key={g.id} group={g} depth={0} path={path} open={open} setOpen={setOpen} />)}
      </Section>
      <Bottom>
        <button type="button" onClick={() => menuMinimised$.set(true)}>
          <SidebarCollapseIcon size={16} /> Minimize menu
        </button>
      </Bottom>
    </Nav>
  );
}
