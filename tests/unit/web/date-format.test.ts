import { afterEach, describe, expect, it } from 'vitest';
import {
  DATE_FORMAT_OPTIONS, DEFAULT_DATE_FORMAT, formatDate, formatDateTime, formatTime, getDateFormat,
  onDateFormatChange, setDateFormat, toUtcIso,
} from '../../../src/web/prefs/date-format.ts';

// A local time, so the expectations hold in any time zone.
const when = new Date(2025, 2, 14, 16, 5);

describe('date formats of spec 9', () => {
  afterEach(() => setDateFormat('US'));

  it('defaults to US and offers the two labels', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('US');
    expect(getDateFormat()).toBe('US');
    expect(DATE_FORMAT_OPTIONS).toEqual([
      { value: 'US', label: 'US (MM-DD-YYYY)' },
      { value: 'EU', label: 'EU (DD-MM-YYYY)' },
    ]);
  });

  it('formats US dates as MM.DD.YYYY and times as hh:mm A', () => {
    expect(formatDate(when, 'US')).toBe('03.14.2025');
    expect(formatTime(when, 'US')).toBe('04:05 PM');
    expect(formatDateTime(when, 'US')).toBe('03.14.2025 04:05 PM');
  });

  it('formats EU dates as DD.MM.YYYY and times as HH:mm', () => {
    expect(formatDate(when, 'EU')).toBe('14.03.2025');
    expect(formatTime(when, 'EU')).toBe('16:05');
    expect(formatDateTime(when, 'EU')).toBe('14.03.2025 16:05');
  });

  it('follows the stored preference and notifies subscribers', () => {
    const seen: string[] = [];
    const off = onDateFormatChange((f) => seen.push(f));
    setDateFormat('EU');
    expect(formatDate(when)).toBe('14.03.2025');
    setDateFormat('US');
    off();
    setDateFormat('EU');
    expect(seen).toEqual(['EU', 'US']);
  });

  it('shows nothing for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('turns calendar days into UTC ISO instants for range filters', () => {
    const start = toUtcIso('2025-03-14', 'start')!;
    const end = toUtcIso('2025-03-14', 'end')!;
    expect(start).toMatch(/Z$/);
    expect(new Date(end).getTime() - new Date(start).getTime()).toBe(24 * 3600 * 1000 - 1);
  });
});
