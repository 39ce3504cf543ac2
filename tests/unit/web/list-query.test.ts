import { describe, expect, it } from 'vitest';
import { toSearchParams } from '../../../src/web/api-client.ts';
import {
  buildListParams, initialListState, listKey, listReducer, nextSort, pageCount, parseSavedColumns, readHistoryState,
  savedColumnsKey, withHistoryState, type FilterDef,
} from '../../../src/web/toolkit/list-query.ts';

const defs: FilterDef[] = [
  { key: 'status', label: 'Status', kind: 'multi-select' },
  { key: 'created_at', label: 'Created', kind: 'date-range' },
  { key: 'amount', label: 'Amount', kind: 'number-range' },
  { key: 'name', label: 'Name', kind: 'text' },
];

describe('list query building', () => {
  it('defaults to page 1 and the first page-size option (20 without options)', () => {
    expect(initialListState().per).toBe(20);
    expect(initialListState([50, 100]).per).toBe(50);
    expect(buildListParams(initialListState())).toEqual({ page: 1, per: 20 });
  });

  it('sends ranges as from_/to_, dates as UTC ISO, multi-selects as arrays and drops empty values', () => {
    const state = initialListState([20], {
      page: 3,
      q: 'acme',
      sort: '-created_at',
      filters: {
        status: ['open', 'closed'],
        created_at: { from: '2025-01-01', to: null },
        amount: { from: 10, to: 500 },
        name: '',
        empty_list: [],
      },
      staticFilters: { mass_screening_id: 7 },
      filterTemplate: 12,
    });
    const params = buildListParams(state, defs);
    expect(params).toMatchObject({
      page: 3, per: 20, q: 'acme', sort: '-created_at', status: ['open', 'closed'],
      from_amount: 10, to_amount: 500, mass_screening_id: 7, tab_registry_id: 12,
    });
    expect(String(params.from_created_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(params).not.toHaveProperty('to_created_at');
    expect(params).not.toHaveProperty('name');
    expect(params).not.toHaveProperty('empty_list');

    const search = toSearchParams(params);
    expect(search.getAll('status')).toEqual(['open', 'closed']);
    expect(search.get('tab_registry_id')).toBe('12');
  });

  it('goes back to page 1 when filters or page size change, and on clean', () => {
    const s = { ...initialListState(), page: 4 };
    expect(listReducer(s, { type: 'filters', filters: { name: 'x' } }).page).toBe(1);
    expect(listReducer(s, { type: 'per', per: 50 })).toMatchObject({ page: 1, per: 50 });
    const cleaned = listReducer({ ...s, filters: { name: 'x' }, q: 'y', filterTemplate: 3 }, { type: 'clean' });
    expect(cleaned).toMatchObject({ page: 1, filters: {}, q: null, filterTemplate: null });
    expect(listReducer(s, { type: 'page', page: 2 }).page).toBe(2);
  });

  it('clears the template when filters are applied by hand and keeps it when chosen', () => {
    const s = { ...initialListState(), filterTemplate: 9 };
    expect(listReducer(s, { type: 'filters', filters: { name: 'x' } }).filterTemplate).toBeNull();
    expect(listReducer(s, { type: 'filters', filters: { name: 'x' }, template: 4 }).filterTemplate).toBe(4);
  });

  it('cycles sorting and counts pages', () => {
    expect(nextSort(null, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBeNull();
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(0, 20)).toBe(1);
  });

  it('keeps the list state in history state, without form_ref', () => {
    const s = initialListState([20], { page: 2, staticFilters: { form_ref: 'abc', mass_screening_id: 1 } });
    const hist = withHistoryState('users', { other: true }, s);
    expect(hist.other).toBe(true);
    const back = readHistoryState('users', hist);
    expect(back?.page).toBe(2);
    expect(back?.staticFilters).toEqual({ mass_screening_id: 1 });
    expect(readHistoryState('roles', hist)).toBeNull();
  });

  it('reads saved column choices per table key, ignoring unknown columns', () => {
    expect(savedColumnsKey('users')).toBe('saved_columns:users');
    expect(parseSavedColumns('["name","gone","email"]', ['name', 'email', 'role'])).toEqual(['name', 'email']);
    expect(parseSavedColumns('not json', ['name'])).toBeNull();
    expect(parseSavedColumns(null, ['name'])).toBeNull();
  });

  it('keys list caches by endpoint segments so a prefix invalidates every page', () => {
    expect(listKey('clients/c1/users', { page: 2 })).toEqual(['clients', 'c1', 'users', 'list', { page: 2 }]);
  });
});
