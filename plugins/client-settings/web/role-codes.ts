// The roles editor's code picker: codes are chosen per permission area, each area with a
// "select all" that reads all / some / none of its codes.
import { PERMISSION_AREAS, PERMISSION_CODES, type PermissionArea } from '../../../src/shared/permissions.ts';

export type AreaState = 'all' | 'some' | 'none';

export function areaState(area: PermissionArea, chosen: readonly string[]): AreaState {
  const set = new Set(chosen);
  const codes = PERMISSION_AREAS[area] as readonly string[];
  const n = codes.filter((c) => set.has(c)).length;
  return n === 0 ? 'none' : n === codes.length ? 'all' : 'some';
}

/** Select all: the whole area on, unless it already is, then the whole area off. */
export function toggleArea(area: PermissionArea, chosen: readonly string[]): string[] {
  const codes = new Set(PERMISSION_AREAS[area] as readonly string[]);
  const on = areaState(area, chosen) !== 'all';
  const next = new Set(chosen.filter((c) => !codes.has(c)));
  if (on) for (const c of codes) next.add(c);
  return ordered(next);
}

export function toggleCode(code: string, chosen: readonly string[]): string[] {
  const next = new Set(chosen);
  if (next.has(code)) next.delete(code);
  else next.add(code);
  return ordered(next);
}

/** Known codes only, in the order of PERMISSION_AREAS (what the server stores). */
export function ordered(codes: Iterable<string>): string[] {
  const set = new Set(codes);
  return PERMISSION_CODES.filter((c) => set.has(c));
}
