// Global search (spec 3, 5, 7): counts per area and the history of searches.
import { object, optional, record, string, type, type Infer } from 'superstruct';
import { intRange, text } from './common.ts';
import { listQuery, type ListDef } from './lists.ts';

export const searchCountsQuery = type({ q: text({ max: 200 }) });
export type SearchCountsQuery = Infer<typeof searchCountsQuery>;

export const globalSearchEntryBody = object({
  global_search_entry: object({
    search_query: text({ max: 200 }),
    entry_count: optional(record(string(), intRange(0, Number.MAX_SAFE_INTEGER))),
  }),
});
export type GlobalSearchEntryBody = Infer<typeof globalSearchEntryBody>;

export const globalSearchEntryListDef = {
  sorts: ['created_at', 'search_query'],
  filters: { user_id: { kind: 'uuid' } },
  ranges: { created_at: 'date' },
} as const satisfies ListDef;
export const globalSearchEntryListQuery = listQuery(globalSearchEntryListDef);
