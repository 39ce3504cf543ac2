// Facts besides the name: each moves the score up or down by a stated amount, with a reason
// a reviewer can read. An exact identifier or wallet address is decisive on its own.

import type { Entity, Identifier, PartialDate, Schema } from './model.ts';
import { countryCode } from './countries.ts';

export interface FactEffect {
  fact: 'birthDate' | 'country' | 'schema' | 'identifier' | 'alias';
  /** Added to the name score (identifier matches set the score to 1 instead). */
  effect: number;
  detail: string;
}

export interface QueryIdentifier {
  type?: string;
  value: string;
  country?: string;
}

interface Ymd { y: number; m?: number; d?: number }

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

/** Reads a date as people write it: ISO, a year, "12 Mar 1970", US "3/12/1970" or European "12.03.1970". */
export function parseDate(text: string | undefined | null): Ymd | null {
  if (!text) return null;
  const t = text.trim();
  let m = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(t);
  if (m) return { y: +m[1], m: m[2] ? +m[2] : undefined, d: m[3] ? +m[3] : undefined };
  m = /^(\d{1,2})[\s-]([A-Za-z]{3})[A-Za-z]*[\s-](\d{4})$/.exec(t);
  if (m && MONTHS[m[2].toLowerCase()]) return { y: +m[3], m: MONTHS[m[2].toLowerCase()], d: +m[1] };
  m = /^([A-Za-z]{3})[A-Za-z]*\s+(\d{4})$/.exec(t);
  if (m && MONTHS[m[1].toLowerCase()]) return { y: +m[2], m: MONTHS[m[1].toLowerCase()] };
  m = /^(\d{1,2})([/.])(\d{1,2})\2(\d{4})$/.exec(t);
  if (m) {
    // Slashes follow the US order (FinCEN files), dots the European one.
    const [a, b] = [+m[1], +m[3]];
    if (m[2] === '/' && a <= 12) return { y: +m[4], m: a, d: b };
    return { y: +m[4], m: b, d: a };
  }
  return null;
}

function dateEffect(q: Ymd, e: PartialDate): FactEffect | null {
  if (e.value) {
    const v = parseDate(e.value);
    if (!v) return null;
    const dy = Math.abs(q.y - v.y);
    const shown = e.value;
    if (dy === 0) {
      if (q.m && v.m && q.d && v.d) {
        if (q.m === v.m && q.d === v.d) return { fact: 'birthDate', effect: 0.1, detail: `date of birth matches (${shown})` };
        if (q.m === v.d && q.d === v.m) return { fact: 'birthDate', effect: 0.03, detail: `date of birth matches with day and month swapped (${shown})` };
        return { fact: 'birthDate', effect: -0.1, detail: `same year of birth, different day (${shown})` };
      }
      if (q.m && v.m && q.m !== v.m) return { fact: 'birthDate', effect: -0.05, detail: `same year of birth, different month (${shown})` };
      return { fact: 'birthDate', effect: 0.05, detail: `same year of birth (${shown})` };
    }
    if (dy <= 2) return { fact: 'birthDate', effect: dy === 1 ? -0.03 : -0.06, detail: `year of birth ${dy} year${dy > 1 ? 's' : ''} apart (${shown})` };
    return { fact: 'birthDate', effect: -0.2, detail: `different year of birth (${shown})` };
  }
  if (e.from != null || e.to != null) {
    const from = e.from ?? e.to!, to = e.to ?? e.from!;
    const span = `${from}–${to}`;
    if (q.y >= from && q.y <= to) return { fact: 'birthDate', effect: 0.03, detail: `year of birth within the published range (${span})` };
    const gap = q.y < from ? from - q.y : q.y - to;
    if (gap <= 2) return { fact: 'birthDate', effect: -0.05, detail: `year of birth ${gap} year${gap > 1 ? 's' : ''} outside the published range (${span})` };
    return { fact: 'birthDate', effect: -0.2, detail: `year of birth outside the published range (${span})` };
  }
  return null;
}

/** The most favourable reading of the entity's dates against the query's. */
export function birthDateEffect(query: string | undefined, dates: readonly PartialDate[]): FactEffect | null {
  const q = parseDate(query);
  if (!q || !dates.length) return null;
  let best: FactEffect | null = null;
  for (const d of dates) {
    const e = dateEffect(q, d);
    if (e && (!best || e.effect > best.effect)) best = e;
  }
  return best;
}

const code = (c: string): string => countryCode(c) ?? c.trim().toUpperCase();

export function countryEffect(query: readonly string[] | undefined, entity: Entity): FactEffect | null {
  if (!query?.length) return null;
  const q = new Set(query.map(code));
  const nat = entity.nationalities.map(code);
  const other = [...entity.countries, ...entity.addresses.map((a) => a.country ?? '')].filter(Boolean).map(code);
  if (!nat.length && !other.length) return null;
  const hitNat = nat.find((c) => q.has(c));
  if (hitNat) return { fact: 'country', effect: 0.05, detail: `nationality matches (${hitNat})` };
  const hit = other.find((c) => q.has(c));
  if (hit) return { fact: 'country', effect: 0.03, detail: `country matches (${hit})` };
  if (nat.length && entity.schema === 'person') return { fact: 'country', effect: -0.08, detail: `nationality differs (${[...new Set(nat)].join(', ')})` };
  return { fact: 'country', effect: -0.05, detail: `country differs (${[...new Set([...nat, ...other])].slice(0, 5).join(', ')})` };
}

export function schemaEffect(query: Schema, entity: Schema): FactEffect | null {
  if (query === 'unknown' || entity === 'unknown' || query === entity) return null;
  return { fact: 'schema', effect: -0.2, detail: `${query} searched, ${entity} listed` };
}

/** Identifier values compared without spaces, dashes or case. */
export function normIdentifier(v: string): string {
  return v.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

/** Decisive match on an identifier or wallet address; null when none matches. */
export function identifierMatch(query: readonly QueryIdentifier[] | undefined, ids: readonly Identifier[]): FactEffect | null {
  if (!query?.length || !ids.length) return null;
  for (const q of query) {
    const v = normIdentifier(q.value);
    if (v.length < 5) continue;
    const hit = ids.find((i) => normIdentifier(i.value) === v);
    if (hit) {
      const kind = hit.type === 'crypto' ? `${hit.currency ?? 'crypto'} wallet address` : hit.type.replace(/_/g, ' ');
      return { fact: 'identifier', effect: 1, detail: `${kind} matches (${hit.value})` };
    }
  }
  return null;
}

/** Same kind of document, same issuing country, different number: a hint of two people. */
export function identifierConflict(query: readonly QueryIdentifier[] | undefined, ids: readonly Identifier[]): FactEffect | null {
  if (!query?.length || !ids.length) return null;
  for (const q of query) {
    if (!q.type || !['passport', 'national_id', 'tax_id', 'ssn'].includes(q.type)) continue;
    const same = ids.filter((i) => i.type === q.type && (!q.country || !i.country || code(i.country) === code(q.country)));
    if (same.length && q.country && same.every((i) => i.country)) {
      return { fact: 'identifier', effect: -0.1, detail: `${q.type.replace(/_/g, ' ')} number differs` };
    }
  }
  return null;
}
