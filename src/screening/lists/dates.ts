// Dates as the lists write them → PartialDate. Forms: "01 Jan 1960", "Jan 1960", "1960",
// "circa 1960", "1960 to 1962", "1960-1962", "01 Jan 1960 to 05 Feb 1962", "1/2/1960"
// (month first unless told otherwise), "1960-01-02", "1960-01", "00/00/1960" (UK unknown
// day and month), "01-Jul-2026", and the UN's TYPE_OF_DATE/DATE/YEAR/FROM_YEAR/TO_YEAR.

import type { PartialDate } from '../model.ts';

/** "circa 1960" becomes the span 1959–1961. */
export const CIRCA_YEARS = 1;

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5,
  jun: 6, june: 6, jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9,
  oct: 10, october: 10, nov: 11, november: 11, dec: 12, december: 12,
};

export interface DateOptions {
  /** Order of slash dates: 'mdy' (US, default) or 'dmy' (UK, EU). */
  order?: 'mdy' | 'dmy';
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function validYear(y: number): boolean {
  return y >= 1000 && y <= 2999;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(y: number, m: number): number {
  if (m === 2 && ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0)) return 29;
  return DAYS[m - 1]!;
}

/** ISO value from parts; undefined when the parts are not a real date. */
export function isoDate(y: number, m?: number, d?: number): string | undefined {
  if (!validYear(y)) return undefined;
  if (!m) return String(y);
  if (m < 1 || m > 12) return undefined;
  if (!d) return `${y}-${pad(m)}`;
  if (d < 1 || d > daysIn(y, m)) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

function month(word: string): number | undefined {
  return MONTHS[word.toLowerCase().replace(/\.$/, '')];
}

function isDigits(s: string): boolean {
  if (!s) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** One point in time: returns the ISO value (day, month or year precision). */
function parsePoint(text: string, order: 'mdy' | 'dmy'): string | undefined {
  const t = text.trim().replace(/[.,]$/, '');
  if (!t) return undefined;
  // 1960 / 1960-01 / 1960-01-02 (and an ISO timestamp's date part)
  if (isDigits(t.slice(0, 4)) && (t.length === 4 || t[4] === '-')) {
    const y = Number(t.slice(0, 4));
    if (t.length === 4) return isoDate(y);
    const rest = t.slice(5, 10).split('-');
    const m = Number(rest[0]);
    const d = rest[1] ? Number(rest[1]) : undefined;
    if (!isDigits(rest[0] ?? '') || (rest[1] !== undefined && !isDigits(rest[1]))) return undefined;
    if (m === 0) return isoDate(y);
    return isoDate(y, m, d || undefined);
  }
  // 1/2/1960, 01/02/1960, 00/00/1960, 1.2.1960
  const sep = t.includes('/') ? '/' : t.includes('.') && !/[a-z]/i.test(t) ? '.' : '';
  if (sep) {
    const parts = t.split(sep);
    if (parts.length === 3 && parts.every(isDigits) && parts[2]!.length === 4) {
      const a = Number(parts[0]);
      const b = Number(parts[1]);
      const y = Number(parts[2]);
      const [m, d] = order === 'mdy' ? [a, b] : [b, a];
      if (m === 0) return isoDate(y);
      return isoDate(y, m, d || undefined);
    }
    if (parts.length === 2 && parts.every(isDigits) && parts[1]!.length === 4) {
      const m = Number(parts[0]);
      return m === 0 ? isoDate(Number(parts[1])) : isoDate(Number(parts[1]), m);
    }
    return undefined;
  }
  // 01 Jan 1960 / Jan 1960 / 01-Jul-2026 / January 1, 1960
  const words = t.replace(/,/g, ' ').split(/[\s-]+/).filter(Boolean);
  if (words.length === 3) {
    const [a, b, c] = words as [string, string, string];
    if (isDigits(a) && month(b) && isDigits(c) && c.length === 4) return isoDate(Number(c), month(b), Number(a));
    if (month(a) && isDigits(b) && isDigits(c) && c.length === 4) return isoDate(Number(c), month(a), Number(b));
    return undefined;
  }
  if (words.length === 2) {
    const [a, b] = words as [string, string];
    if (month(a) && isDigits(b) && b.length === 4) return isoDate(Number(b), month(a));
  }
  return undefined;
}

function digitsAt(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * The common shapes ("1960", "1960-01-02", "02 Jan 1960") without splitting or regexes.
 * Returns the ISO value, '' for a shape that is no real date, undefined for other shapes.
 */
function fastPath(t: string): string | undefined {
  const n = t.length;
  if (n === 4 && digitsAt(t, 0, 4)) return isoDate(Number(t)) ?? '';
  if (n === 10 && t.charCodeAt(4) === 45 && t.charCodeAt(7) === 45 && digitsAt(t, 0, 4) && digitsAt(t, 5, 7) && digitsAt(t, 8, 10)) {
    const m = Number(t.slice(5, 7));
    const d = Number(t.slice(8, 10));
    if (m === 0) return isoDate(Number(t.slice(0, 4))) ?? '';
    return isoDate(Number(t.slice(0, 4)), m, d || undefined) ?? '';
  }
  if (n === 11 && t.charCodeAt(2) === 32 && t.charCodeAt(6) === 32 && digitsAt(t, 0, 2) && digitsAt(t, 7, 11)) {
    const m = MONTHS[t.slice(3, 6).toLowerCase()];
    if (!m) return undefined;
    return isoDate(Number(t.slice(7, 11)), m, Number(t.slice(0, 2))) ?? '';
  }
  return undefined;
}

function yearOf(iso: string): number {
  return Number(iso.slice(0, 4));
}

const CIRCA = ['circa ', 'approximately ', 'approx. ', 'approx ', 'about ', 'ca. ', 'c. ', 'ca '];

/**
 * Parses one date as a list writes it. Returns undefined for text that is not a date
 * (callers count it as unparsed rather than guessing).
 */
export function parseDate(text: string | undefined | null, options: DateOptions = {}): PartialDate | undefined {
  if (!text) return undefined;
  const quick = fastPath(text);
  if (quick !== undefined) return quick ? { value: quick } : undefined;
  const order = options.order ?? 'mdy';
  let t = text.trim();
  if (t.includes('  ') || t.includes('\t') || t.includes('\n')) t = t.replace(/\s+/g, ' ');
  if (!t) return undefined;
  let circa = false;
  const lower = t.toLowerCase();
  for (const c of CIRCA) {
    if (lower.startsWith(c)) {
      circa = true;
      t = t.slice(c.length).trim();
      break;
    }
  }
  // Spans: "1960 to 1962", "between 1960 and 1962", "1960-1962", "01 Jan 1960 to 05 Feb 1962"
  let from: string | undefined;
  let to: string | undefined;
  const lt = t.toLowerCase();
  const toAt = lt.indexOf(' to ');
  if (toAt > 0) {
    from = t.slice(0, toAt);
    to = t.slice(toAt + 4);
  } else if (lt.startsWith('between ') && lt.includes(' and ')) {
    const andAt = lt.indexOf(' and ');
    from = t.slice(8, andAt);
    to = t.slice(andAt + 5);
  } else if (t.length === 9 && t[4] === '-' && isDigits(t.slice(0, 4)) && isDigits(t.slice(5))) {
    from = t.slice(0, 4);
    to = t.slice(5);
  }
  if (from !== undefined && to !== undefined) {
    const a = parsePoint(from, order);
    const b = parsePoint(to, order);
    if (!a || !b) return undefined;
    let ya = yearOf(a);
    let yb = yearOf(b);
    if (ya > yb) [ya, yb] = [yb, ya];
    if (circa) {
      ya -= CIRCA_YEARS;
      yb += CIRCA_YEARS;
    }
    return ya === yb && !circa ? { value: String(ya) } : { from: ya, to: yb };
  }
  const point = parsePoint(t, order);
  if (!point) return undefined;
  if (circa) {
    const y = yearOf(point);
    return { from: y - CIRCA_YEARS, to: y + CIRCA_YEARS };
  }
  return { value: point };
}

/** A UN *_DATE_OF_BIRTH element, already read into strings. */
export interface UnDateFields {
  TYPE_OF_DATE?: string;
  DATE?: string;
  YEAR?: string;
  FROM_YEAR?: string;
  TO_YEAR?: string;
}

export function parseUnDate(f: UnDateFields): PartialDate | undefined {
  const type = (f.TYPE_OF_DATE ?? '').trim().toUpperCase();
  if (type === 'BETWEEN' || (f.FROM_YEAR && f.TO_YEAR)) {
    const a = Number(f.FROM_YEAR);
    const b = Number(f.TO_YEAR);
    if (!validYear(a) || !validYear(b)) return undefined;
    return { from: Math.min(a, b), to: Math.max(a, b) };
  }
  const base = f.DATE?.trim() ? parseDate(f.DATE) : f.YEAR?.trim() ? parseDate(f.YEAR) : undefined;
  if (!base?.value) return base;
  if (type === 'APPROXIMATELY') {
    const y = yearOf(base.value);
    return { from: y - CIRCA_YEARS, to: y + CIRCA_YEARS };
  }
  return base;
}

/** The ISO form of a date ('YYYY-MM-DD') when the text is a full date, else undefined. */
export function toIsoDay(text: string | undefined | null, options?: DateOptions): string | undefined {
  const d = parseDate(text, options);
  return d?.value && d.value.length === 10 ? d.value : undefined;
}

/** Same date (or span) twice? Used to drop repeats. */
export function sameDate(a: PartialDate, b: PartialDate): boolean {
  return a.value === b.value && a.from === b.from && a.to === b.to;
}
