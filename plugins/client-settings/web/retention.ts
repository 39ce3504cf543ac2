// The data-retention onboarding rules (spec 2.4, 4, 5): the periods offered, the default
// "Indefinite" (null), and a non-numeric choice sent as null.

// One list of periods for the dialog, the settings page and the server's validation.
export { DATA_RETENTION_PERIODS as RETENTION_PERIODS } from '../schemas.ts';

/** The select's string value → the period sent: a number of days, or null. */
export function periodFromSelect(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function retentionBody(approve: boolean, days: number | null) {
  return { data_retention_config: { data_retention_approve: approve, data_storage_period_days: days } };
}
