// The list conventions of DESIGN.md and spec 3/7/9 as pure functions: the state a list
// keeps (saved in browser history state), how it becomes query parameters (page, per, q,
// sort, filters by name, ranges as from_<key>/to_<key> with dates as UTC ISO strings,
// multi-selects as arrays, a template as tab_registry_id), and the page-1 resets.
import type { QueryParams, QueryValue } from '../api-client.ts';
import { toUtcIso } from '../prefs/date-format.ts';

export const DEFAULT_PER = 20;
export const DEFAULT_PER_OPTIONS = [20, 50, 100] as const;

export type FilterKind = 'text' | 'select' | 'multi-select' | 'date-range' | 'number-range' | 'boolean';

export interface FilterDef {
  key: string;
  label: string;
  kind: FilterKind;
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
}

/** A range filter's value (spec 3: from_key, to_key, from, to). */
export interface RangeValue { from?: string | number | null; to?: string | number | null }

export type FilterValue = string | boolean | readonly string[] | RangeValue | null | undefined;
export type Filters = Record<string, FilterValue>;

/** spec 3: saved list filter state. */
export interface ListState {
  page: number;
  per: number;
  q: string | boolean | null;
  sort: string | null;
  filters: Filters;
  staticFilters: Record<string, QueryValue>;
  filterTemplate: string | number | null;
}

export function initialListState(perOptions?: readonly number[], partial: Partial<ListState> = {}): ListState {
  return {
    page: 1,
    per: perOptions?.[0] ?? DEFAULT_PER,
    q: null,
    sort: null,
    filters: {},
    staticFilters: {},
    filterTemplate: null,
    ...partial,
  };
}

function isRange(v: unknown): v is RangeValue {
  return !!v && typeof v === 'object' && !Array.isArray(v) && ('from' in v || 'to' in v);
}

function empty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (isRange(v)) return empty(v.from) && empty(v.to);
  return false;
}

/** Drops empty values and empty arrays (spec 4). */
export function dropEmpty(filters: Filters): Filters {
  const out: Filters = {};
  for (const [k, v] of Object.entries(filters)) if (!empty(v)) out[k] = v;
  return out;
}

/** Filters → query parameters, using each filter's kind for ranges and dates. */
export function filterParams(filters: Filters, defs: readonly FilterDef[] = []): QueryParams {
  const kinds = new Map(defs.map((d) => [d.key, d.kind]));
  const out: QueryParams = {};
  for (const [key, value] of Object.entries(dropEmpty(filters))) {
    const kind = kinds.get(key);
    if (isRange(value)) {
      const date = kind !== 'number-range';
      if (!empty(value.from)) out[`from_${key}`] = date ? toUtcIso(value.from as string, 'start') : Number(value.from);
      if (!empty(value.to)) out[`to_${key}`] = date ? toUtcIso(value.to as string, 'end') : Number(value.to);
    } else if (Array.isArray(value)) {
      out[key] = [...value];
    } else {
      out[key] = value as QueryValue;
    }
  }
  return out;
}

/** The whole list request: paging, search, sort, filters, static filters, template. */
export function buildListParams(state: ListState, defs: readonly FilterDef[] = []): QueryParams {
  const params: QueryParams = {
    page: state.page,
    per: state.per,
    ...filterParams(state.filters, defs),
    ...state.staticFilters,
  };
  if (state.q !== null && state.q !== '') params.q = state.q;
  if (state.sort) params.sort = state.sort;
  if (state.filterTemplate !== null && state.filterTemplate !== '') params.tab_registry_id = state.filterTemplate;
  for (const k of Object.keys(params)) if (params[k] === undefined || params[k] === null || params[k] === '') delete params[k];
  return params;
}

export type ListAction =
  | { type: 'page'; page: number }
  | { type: 'per'; per: number }
  | { type: 'q'; q: string | boolean | null }
  | { type: 'sort'; sort: string | null }
  | { type: 'filters'; filters: Filters; template?: string | number | null }
  | { type: 'clean' };

/** Spec 4: filters, page size and clean go back to page 1. */
export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'page': return { ...state, page: Math.max(1, Math.floor(action.page) || 1) };
    case 'per': return { ...state, per: action.per, page: 1 };
    case 'q': return { ...state, q: action.q === '' ? null : action.q, page: 1 };
    case 'sort': return { ...state, sort: action.sort, page: 1 };
    case 'filters': return { ...state, filters: dropEmpty(action.filters), filterTemplate: action.template ?? null, page: 1 };
    case 'clean': return { ...state, q: null, filters: {}, filterTemplate: null, page: 1 };
  }
}

/** Next sort for a column click: none → ascending → descending → none. */
export function nextSort(current: string | null, field: string): string | null {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return null;
  return field;
}

export function pageCount(count: number, per: number): number {
  return Math.max(1, Math.ceil(Math.max(0, count) / Math.max(1, per)));
}

// -- browser history state (spec 9: filter state kept in history state) ---------------

const HISTORY_PREFIX = 'list:';

/** The state saved for a table; static form_ref is not kept (spec 3). */
export function toSavedState(state: ListState): ListState {
  const { form_ref: _dropped, ...staticFilters } = state.staticFilters;
  return { ...state, staticFilters };
}

export function readHistoryState(tableKey: string, historyState: unknown): Partial<ListState> | null {
  if (!historyState || typeof historyState !== 'object') return null;
  const saved = (historyState as Record<string, unknown>)[HISTORY_PREFIX + tableKey];
  return saved && typeof saved === 'object' ? (saved as Partial<ListState>) : null;
}

export function withHistoryState(tableKey: string, historyState: unknown, state: ListState): Record<string, unknown> {
  const base = historyState && typeof historyState === 'object' ? (historyState as Record<string, unknown>) : {};
  return { ...base, [HISTORY_PREFIX + tableKey]: toSavedState(state) };
}

// -- saved column choices (spec 9: local storage, saved_columns prefix per table key) --

export const savedColumnsKey = (tableKey: string) => `saved_columns:${tableKey}`;

export function parseSavedColumns(raw: string | null, known: readonly string[]): string[] | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (!Array.isArray(v)) return null;
    const cols = v.filter((x): x is string => typeof x === 'string' && known.includes(x));
    return cols.length ? cols : null;
  } catch {
    return null;
  }
}

/** Cache key of a list: the endpoint's segments, then the parameters. */
export function listKey(endpoint: string, params: QueryParams): unknown[] {
  return [...endpoint.split('/').filter(Boolean), 'list', params];
}
