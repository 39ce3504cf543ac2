// The data-retention onboarding rules (spec 2.4, 4, 5): the periods offered, the default
// "Indefinite" (null), and a non-numeric choice sent as null.

export const RETENTION_PERIODS: readonly { value: number | null; label: string }[] = [
  { value: null, label: 'Indefinite' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 180, label: '180 days' },
  { value: 365, label: '1 year (365 days)' },
  { value: 730, label: '2 years (730 days)' },
  { value: 1825, label: '5 years (1825 days)' },
  { value: 2555, label: '7 years (2555 days)' },
];

/** The select's string value → the period sent: a number of days, or null. */
export function periodFromSelect(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function retentionBody(approve: boolean, days: number | null) {
  return { data_retention_config: { data_retention_approve: approve, data_storage_period_days: days } };
}

/** Shown while the client has no retention config and the member may manage retention. */
export function retentionDialogDue(configId: unknown, permissions: ReadonlySet<string>): boolean {
  return (configId === null || configId === undefined || configId === '') && permissions.has('MANAGE_DATA_RETENTION');
}
