// The US/EU date formats of spec 9, the stored preference (`date_format`, default US)
// and dayjs helpers. Subscribers are notified when the preference changes.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { persisted } from './storage.ts';

dayjs.extend(utc);

export type DateFormat = 'US' | 'EU';

export const DATE_FORMATS = {
  US: { date: 'MM.DD.YYYY', time: 'hh:mm A', dateTime: 'MM.DD.YYYY hh:mm A', label: 'US (MM-DD-YYYY)' },
  EU: { date: 'DD.MM.YYYY', time: 'HH:mm', dateTime: 'DD.MM.YYYY HH:mm', label: 'EU (DD-MM-YYYY)' },
} as const;

export const DATE_FORMAT_KEY = 'date_format';
export const DEFAULT_DATE_FORMAT: DateFormat = 'US';
/** Used when a relative date cannot be shown. */
export const RELATIVE_FALLBACK_FORMAT = 'MM/DD/YYYY';

export const DATE_FORMAT_OPTIONS = (Object.keys(DATE_FORMATS) as DateFormat[]).map((value) => ({
  value,
  label: DATE_FORMATS[value].label,
}));

export function isDateFormat(v: unknown): v is DateFormat {
  return v === 'US' || v === 'EU';
}

export const dateFormat$ = persisted<DateFormat>(DATE_FORMAT_KEY, DEFAULT_DATE_FORMAT, {
  parse: (raw) => (isDateFormat(raw) ? raw : undefined),
  serialize: (v) => v,
});

export function getDateFormat(): DateFormat {
  return dateFormat$.peek();
}

export function setDateFormat(f: DateFormat): void {
  if (isDateFormat(f)) dateFormat$.set(f);
}

/** Calls back with the new format on every change; returns the unsubscribe. */
export function onDateFormatChange(cb: (f: DateFormat) => void): () => void {
  return dateFormat$.onChange(({ value }) => cb(value as DateFormat));
}

type DateInput = string | number | Date | null | undefined;

function parse(value: DateInput) {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** "03.14.2025" (US) or "14.03.2025" (EU); '' for a missing or invalid value. */
export function formatDate(value: DateInput, format: DateFormat = getDateFormat()): string {
  return parse(value)?.format(DATE_FORMATS[format].date) ?? '';
}

/** "03.14.2025 04:05 PM" (US) or "14.03.2025 16:05" (EU). */
export function formatDateTime(value: DateInput, format: DateFormat = getDateFormat()): string {
  return parse(value)?.format(DATE_FORMATS[format].dateTime) ?? '';
}

export function formatTime(value: DateInput, format: DateFormat = getDateFormat()): string {
  return parse(value)?.format(DATE_FORMATS[format].time) ?? '';
}

/** A calendar day as the UTC ISO instant the API expects for range filters. */
export function toUtcIso(value: DateInput, edge: 'start' | 'end' = 'start'): string | null {
  const d = parse(value);
  if (!d) return null;
  return (edge === 'start' ? d.startOf('day') : d.endOf('day')).utc().toISOString();
}
