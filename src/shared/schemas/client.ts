// Client settings read by the shell: data retention (spec 3, 5) and export requests.
import { boolean, nullable, object, optional, type Infer } from 'superstruct';
import { intRange } from './common.ts';
import { listQuery, type ListDef } from './lists.ts';

/**
 * The retention periods offered wherever one is chosen (the onboarding dialog, Data
 * Retention), in days, with their labels; null is "Indefinite", the default. The API takes
 * any whole number of days from 1 to 36500, so a period set some other way still shows.
 */
export const DATA_RETENTION_PERIODS: readonly { value: number | null; label: string }[] = [
  { value: null, label: 'Indefinite' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 180, label: '180 days' },
  { value: 365, label: '1 year (365 days)' },
  { value: 730, label: '2 years (730 days)' },
  { value: 1825, label: '5 years (1825 days)' },
  { value: 2555, label: '7 years (2555 days)' },
];

/** The label of a period: the list's, else "N days". */
export function retentionPeriodLabel(days: number | null | undefined): string {
  const value = days ?? null;
  return DATA_RETENTION_PERIODS.find((p) => p.value === value)?.label ?? `${value} days`;
}

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
