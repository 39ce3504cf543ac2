// Global search (spec 3, 5, 7): a search with its counts per area, and the history of searches.
import { object, optional, record, refine, size, string, type Infer } from 'superstruct';
import { intRange, text } from '../../src/shared/schemas/common.ts';
import { listQuery, type ListDef } from '../../src/shared/schemas/lists.ts';

export const globalSearchEntryBody = object({
  global_search_entry: object({
    search_query: text({ max: 200 }),
    entry_count: optional(refine(record(size(string(), 1, 64), intRange(0, Number.MAX_SAFE_INTEGER)), 'entry_count',
      (v) => Object.keys(v).length <= 50 || 'has more keys than there are areas')),
  }),
});
export type GlobalSearchEntryBody = Infer<typeof globalSearchEntryBody>;

export const globalSearchEntryListDef = {
  sorts: ['created_at', 'search_query'],
  filters: { user_id: { kind: 'uuid' } },
  ranges: { created_at: 'date' },
} as const satisfies ListDef;
export const globalSearchEntryListQuery = listQuery(globalSearchEntryListDef);
