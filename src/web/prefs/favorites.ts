// Favorites of the side menu (spec 2.5): links stored locally under `favoritesLinks` as
// {title, to}, `to` being the absolute path including the client id.
import { persisted, jsonCodec } from './storage.ts';

export interface FavoriteLink { title: string; to: string }
export const FAVORITES_KEY = 'favoritesLinks';

const isLinks = (v: unknown): v is FavoriteLink[] =>
  Array.isArray(v) && v.every((x) => x && typeof x.title === 'string' && typeof x.to === 'string');

export const favorites$ = persisted<FavoriteLink[]>(FAVORITES_KEY, [], jsonCodec(isLinks));

export function toggleFavoriteIn(list: readonly FavoriteLink[], link: FavoriteLink): FavoriteLink[] {
  return list.some((f) => f.to === link.to) ? list.filter((f) => f.to !== link.to) : [...list, link];
}

export function toggleFavorite(link: FavoriteLink): void {
  favorites$.set(toggleFavoriteIn(favorites$.peek(), link));
}

export function isFavorite(to: string, list: readonly FavoriteLink[] = favorites$.peek()): boolean {
  return list.some((f) => f.to === to);
}
