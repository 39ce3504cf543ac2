// The pair tool: how alike are two names, and why. No index, so token weights come from
// their roles only (generic words, particles, initials), not from list statistics.

import type { Schema } from './model.ts';
import { prepareName, type PrepareOptions } from './prepare.ts';
import { compareNamePair, type NameExplanation } from './score-name.ts';

export interface CompareResult {
  score: number;
  explanation: NameExplanation & { schema: Schema; queryForm: string; aliasForm: string };
}

export interface CompareNamesOptions extends PrepareOptions {
  /** Pair generic business words across languages (default true). */
  translations?: boolean;
}

const SCHEMA_ALIASES: Record<string, Schema> = {
  person: 'person', individual: 'person', organisation: 'organisation', organization: 'organisation',
  company: 'organisation', entity: 'organisation', business: 'organisation', vessel: 'vessel', ship: 'vessel',
  aircraft: 'aircraft', unknown: 'unknown',
};

/** Reads a schema as users write it ("Company", "individual", "Vessel"). */
export function parseSchema(s: string | undefined | null): Schema {
  return (s && SCHEMA_ALIASES[s.trim().toLowerCase()]) || 'unknown';
}

export function compareNames(a: string, b: string, schema: Schema | string = 'unknown', opts: CompareNamesOptions = {}): CompareResult {
  let sc = parseSchema(schema);
  let pa = prepareName(a, sc, opts);
  let pb = prepareName(b, sc, opts);
  if (sc === 'unknown' && (pa.hint || pb.hint)) {
    // One name shows what it is (a legal form, a vessel prefix): read both that way.
    sc = pa.hint ?? pb.hint!;
    pa = prepareName(a, sc, opts);
    pb = prepareName(b, sc, opts);
  }
  const r = compareNamePair(pa, pb, sc, { translations: opts.translations ?? true });
  return {
    score: Math.round(Math.min(1, Math.max(0, r.score)) * 1000) / 1000,
    explanation: { schema: sc, queryForm: r.queryForm, aliasForm: r.aliasForm, ...r.explanation },
  };
}
