// Export requests (spec 3, 7): the user's own exports, their status and whether they were downloaded.
import { listQuery, type ListDef } from '../../src/shared/schemas/lists.ts';

export const EXPORT_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;

export const exportRequestListDef = {
  sorts: ['created_at'],
  filters: {
    // false: not downloaded yet (the top bar's red dot).
    download_at_exist: { kind: 'boolean' },
    execution_status: { kind: 'text', multi: true, values: EXPORT_STATUSES },
  },
  ranges: { created_at: 'date' },
} as const satisfies ListDef;
export const exportRequestListQuery = listQuery(exportRequestListDef);
