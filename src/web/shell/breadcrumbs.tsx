// Breadcrumbs of spec 2.1 (derived by the registry from the route titles and flags; the
// current page crumb is not a link) and the star that adds the page to Favorites.
import { StarFillIcon, StarIcon } from '@primer/octicons-react';
import { useSelector } from '@legendapp/state/react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { Crumb } from '../registry.ts';
import { favorites$, isFavorite, toggleFavorite } from '../prefs/favorites.ts';
import { useClientHref } from '../state/client.tsx';

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 28px;
`;
const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 13px;
  li + li::before { content: '/'; margin-right: 6px; color: var(--fgColor-muted, #59636e); }
  li[aria-current='page'] { font-weight: 600; }
  span[aria-disabled='true'] { color: var(--fgColor-muted, #59636e); }
`;
const Star = styled.button`
  border: 0; background: transparent; cursor: pointer; padding: 2px;
  color: var(--fgColor-attention, #9a6700);
  display: inline-flex;
`;

export function Breadcrumbs({ crumbs, location }: { crumbs: Crumb[]; location: string }) {
  const href = useClientHref();
  const favorites = useSelector(() => favorites$.get());
  if (crumbs.length === 0) return null;
  const current = crumbs[crumbs.length - 1];
  const starred = isFavorite(location, favorites);
  return (
    <Bar>
      <nav aria-label="Breadcrumbs">
        <List>
          {crumbs.map((c, i) => {
            const last = i === crumbs.length - 1;
            return (
              <li key={`${c.title}-${i}`} aria-current={last ? 'page' : undefined}>
                {c.to && !last ? <Link href={href(c.to)}>{c.title}</Link> : <span aria-disabled={!last ? 'true' : undefined}>{c.title}</span>}
              </li>
            );
          })}
        </List>
      </nav>
      <Star type="button" aria-pressed={starred}
        aria-label={starred ? 'Remove from favorites' : 'Add to favorites'}
        title={starred ? 'Remove from favorites' : 'Add to favorites'}
        onClick={() => toggleFavorite({ title: current.title, to: location })}>
        {starred ? <StarFillIcon size={16} /> : <StarIcon size={16} />}
      </Star>
    </Bar>
  );
}
