// Client settings read by the shell: data retention (spec 3, 5) and export requests.
import { boolean, nullable, object, optional, type Infer } from 'superstruct';
import { intRange } from './common.ts';
import { listQuery, type ListDef } from './lists.ts';

/** Retention periods offered by the onboarding dialog; null is "Indefinite". */
export const DATA_RETENTION_PERIODS = [30, 90, 180, 365, 730, 1095, 1825, 2555, 3650] as const;

export const dataRetentionBody = object({
  data_retention_config: object({
    data_retention_approve: boolean(),
    data_storage_period_days: optional(nullable(intRange(1, 36500))),
  }),
});
export type DataRetentionBody = Infer<typeof dataRetentionBody>;

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
