// The roles editor's code picker: codes are chosen per area (the areas that declare them,
// in the catalog's order), each area with a "select all" that reads all / some / none of
// its codes.
import { registry } from '../../../src/host/registry.ts';

export type AreaState = 'all' | 'some' | 'none';

export interface CodeArea { area: string; title: string; codes: readonly string[] }

/** The declared codes grouped by the area that declares them. */
export function codeAreas(permissions = registry.catalog.permissions): CodeArea[] {
  const out: CodeArea[] = [];
  for (const p of permissions) {
    const last = out[out.length - 1];
    if (last?.area === p.area) (last.codes as string[]).push(p.code);
    else out.push({ area: p.area, title: p.areaTitle, codes: [p.code] });
  }
  return out;
}

export const PERMISSION_AREA_LIST: readonly CodeArea[] = codeAreas();
const codesOf = (area: string) => PERMISSION_AREA_LIST.find((a) => a.area === area)?.codes ?? [];

export function areaState(area: string, chosen: readonly string[]): AreaState {
  const set = new Set(chosen);
  const codes = codesOf(area);
  const n = codes.filter((c) => set.has(c)).length;
  return n === 0 ? 'none' : n === codes.length ? 'all' : 'some';
}

/** Select all: the whole area on, unless it already is, then the whole area off. */
export function toggleArea(area: string, chosen: readonly string[]): string[] {
  const codes = new Set(codesOf(area));
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

/** Declared codes only, in the catalog's order (what the server stores). */
export function ordered(codes: Iterable<string>): string[] {
  const set = new Set(codes);
  return registry.catalog.permissions.map((p) => p.code).filter((c) => set.has(c));
}
