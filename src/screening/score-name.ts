// Scores one name against another from token similarities: tokens are paired greedily by
// similarity, glued tokens are tried for what is left ("JSCARGUMENT" / "JSC ARGUMENT"),
// and the score is the weighted share of both names that the pairs explain:
//
//   score = Σ sim·w̄ / (Σ w̄ + λq·Σ w(unpaired query) + λc·Σ w(unpaired candidate))
//
// where w̄ is the mean weight of a pair's two tokens. Weights come from token rarity, so a
// shared common word explains little and an unexplained rare word costs a lot.

import type { Schema } from './model.ts';
import { legalFormsConflict } from './legal-forms.ts';
import { mandatoryOf, unitsSimilarity } from './phonetic.ts';
import { ANNOTATION, NUMBER, STOP, type PreparedName, type Token } from './prepare.ts';
import { EXACT, HOW, type How, JOINED, MIN_PAIR, type SimilarityOptions, tokenSimilarity, lastHow } from './similarity.ts';

export interface PairExplanation {
  query: string;
  alias: string;
  how: How;
  similarity: number;
}

export interface NameExplanation {
  pairs: PairExplanation[];
  unmatchedQuery: string[];
  unmatchedAlias: string[];
  notes: string[];
}

/** Penalty weights of unexplained tokens, per kind of name. */
export function lambdas(schema: Schema): readonly [number, number] {
  return schema === 'person' ? PERSON_LAMBDAS : OTHER_LAMBDAS;
}
const PERSON_LAMBDAS = [0.8, 0.55] as const, OTHER_LAMBDAS = [1, 0.9] as const;

/** Penalty weight of an unexplained middle name of a person (either side). */
export const MIDDLE = 0.28;

const MAX = 64;
// Candidate pairings: query tokens [qa..qb] with candidate tokens [ca..cb], one side a single
// token unless tokens were glued.
const MAXC = MAX * MAX + 4 * MAX * 3;
const cQa = new Int32Array(MAXC), cQb = new Int32Array(MAXC), cCa = new Int32Array(MAXC), cCb = new Int32Array(MAXC);
const cSim = new Float64Array(MAXC), cKey = new Float64Array(MAXC);
const cHow = new Uint8Array(MAXC);
const order = new Int32Array(MAXC);
const qMatch = new Int32Array(MAX);
const cMatch = new Int32Array(MAX);
const chosen = new Int32Array(MAX);
let nc = 0;

function candidate(qa: number, qb: number, ca: number, cb: number, s: number, h: number, key: number): void {
  if (nc >= MAXC) return;
  cQa[nc] = qa; cQb[nc] = qb; cCa[nc] = ca; cCb[nc] = cb; cSim[nc] = s; cHow[nc] = h; cKey[nc] = key;
  nc++;
}

export interface SideWeights {
  tokens: readonly Token[];
  weights: ArrayLike<number>;
}

/**
 * Sound similarity of one token glued against a run of the other side's tokens (pass 0: query
 * token `single` against candidate tokens j..k; pass 1 the other way round). Lets the index
 * remember these comparisons across the names it rescores.
 */
export type GlueSimilarity = (pass: number, single: number, j: number, k: number) => number;

/**
 * Core scorer. `sim`/`how` hold the token similarity matrix (row = query token), filled by
 * the caller so that the index can reuse cached similarities.
 */
export function scoreTokens(q: SideWeights, c: SideWeights, sim: Float32Array, how: Uint8Array,
  schema: Schema, _opts: SimilarityOptions, explain: NameExplanation | null, glue?: GlueSimilarity): number {
  const n = Math.min(q.tokens.length, MAX), m = Math.min(c.tokens.length, MAX);
  const qw = q.weights, cw = c.weights;
  nc = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const s = sim[i * m + j];
      // Float32 storage: compare with a hair of tolerance.
      if (s >= MIN_PAIR - 1e-6) candidate(i, i, j, j, s, how[i * m + j], s * (qw[i] + cw[j] + 0.2));
    }
  }
  if (n !== m) glueCandidates(q, c, n, m, glue);
  for (let a = 0; a < nc; a++) order[a] = a;
  // Insertion sort on the key, best first (the lists are short).
  for (let a = 1; a < nc; a++) {
    const v = order[a], k = cKey[v];
    let b = a - 1;
    while (b >= 0 && cKey[order[b]] < k) { order[b + 1] = order[b]; b--; }
    order[b + 1] = v;
  }
  for (let i = 0; i < n; i++) qMatch[i] = -1;
  for (let j = 0; j < m; j++) cMatch[j] = -1;
  let groups = 0;
  for (let a = 0; a < nc; a++) {
    const g = order[a];
    let free = true;
    for (let i = cQa[g]; i <= cQb[g] && free; i++) if (qMatch[i] >= 0) free = false;
    for (let j = cCa[g]; j <= cCb[g] && free; j++) if (cMatch[j] >= 0) free = false;
    if (!free) continue;
    for (let i = cQa[g]; i <= cQb[g]; i++) qMatch[i] = g;
    for (let j = cCa[g]; j <= cCb[g]; j++) cMatch[j] = g;
    chosen[groups++] = g;
  }

  const [lq, lc] = lambdas(schema);
  let num = 0, den = 0;
  for (let x = 0; x < groups; x++) {
    const g = chosen[x];
    let wq = 0, wc = 0;
    for (let i = cQa[g]; i <= cQb[g]; i++) wq += qw[i];
    for (let j = cCa[g]; j <= cCb[g]; j++) wc += cw[j];
    const w = (wq + wc) / 2;
    num += cSim[g] * w;
    den += w;
  }
  // A person's inner words are middle names, often left out on either side: unexplained,
  // they cost the same small amount on both sides.
  const person = schema === 'person';
  for (let i = 0; i < n; i++) if (qMatch[i] < 0) den += qw[i] * (person && i > 0 && i < n - 1 ? MIDDLE : lq);
  for (let j = 0; j < m; j++) if (cMatch[j] < 0) den += cw[j] * (person && j > 0 && j < m - 1 ? MIDDLE : lc);
  const score = den > 0 ? num / den : 0;
  if (explain) {
    const text = (t: readonly Token[], a: number, b: number) => t.slice(a, b + 1).map((x) => x.text).join(' ');
    const groupsInQueryOrder = [...chosen.slice(0, groups)].sort((x, y) => cQa[x] - cQa[y]);
    for (const g of groupsInQueryOrder) {
      explain.pairs.push({ query: text(q.tokens, cQa[g], cQb[g]), alias: text(c.tokens, cCa[g], cCb[g]), how: HOW[cHow[g]], similarity: round(cSim[g]) });
    }
    for (let i = 0; i < n; i++) if (qMatch[i] < 0) explain.unmatchedQuery.push(q.tokens[i].text);
    for (let j = 0; j < m; j++) if (cMatch[j] < 0) explain.unmatchedAlias.push(c.tokens[j].text);
  }
  return score;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Glued spellings: one token against 2–4 adjacent tokens of the other name ("JSCARGUMENT" /
 * "JSC ARGUMENT", a Burmese word against its Latin syllables). Across scripts the sounds are
 * compared; within Latin only the exact glued text counts.
 */
function glueCandidates(q: SideWeights, c: SideWeights, n: number, m: number, glue: GlueSimilarity | undefined): void {
  for (let pass = 0; pass < 2; pass++) {
    const single = pass === 0 ? q.tokens : c.tokens, many = pass === 0 ? c.tokens : q.tokens;
    const ns = pass === 0 ? n : m, nm = pass === 0 ? m : n;
    const sw = pass === 0 ? q.weights : c.weights, mw = pass === 0 ? c.weights : q.weights;
    // Consonant counts, once per call and only across scripts: runs are checked against them.
    let mandReady = false;
    for (let i = 0; i < ns; i++) {
      const st = single[i];
      if (st.text.length < 3 || st.role & NUMBER) continue;
      let stMand = -1;
      for (let j = 0; j + 1 < nm; j++) {
        // Within Latin the run must spell the single token exactly: compared piece by piece
        // (len is the run's length so far) so that no glued string is built.
        const stText = st.text;
        let len = many[j].text.length;
        let prefix = stText.startsWith(many[j].text);
        let w = mw[j];
        const cross = st.script !== 'latin' || many[j].script !== 'latin';
        if (cross && !mandReady) { for (let x = 0; x < nm; x++) manyMand[x] = mandatoryOf(many[x]); mandReady = true; }
        if (cross && stMand < 0) stMand = mandatoryOf(st);
        let runMand = cross ? manyMand[j] : 0;
        for (let k = j + 1; k < nm && k < j + 4; k++) {
          if (many[k].role & NUMBER) break;
          const kt = many[k].text;
          if (prefix) prefix = stText.startsWith(kt, len);
          len += kt.length;
          w += mw[k];
          if (cross) runMand += manyMand[k];
          if (len > stText.length + 6) break;
          if (cross && runMand > stMand + 2) break;
          // Consonant counts more than two apart never pair (see gluedSimilarity).
          if (cross && runMand < stMand - 2) continue;
          const s = !cross ? (prefix && len === stText.length ? 0.95 : 0) : glue ? glue(pass, i, j, k) : gluedSimilarity(st, many, j, k);
          if (s <= 0) continue;
          const key = s * (sw[i] + w + 0.2 * (k - j + 2));
          if (pass === 0) candidate(i, i, j, k, s, JOINED, key);
          else candidate(j, k, i, i, s, JOINED, key);
        }
      }
    }
  }
}

let glueBuf = new Uint32Array(64);
const glueViews: Uint32Array[] = [];
const manyMand = new Int32Array(MAX);

/** Sound similarity of one token with tokens j..k of the other name glued together. */
export function gluedSimilarity(single: Token, many: readonly Token[], j: number, k: number): number {
  // Sequences whose consonant counts differ by more than two never pair: skip the comparison.
  let mand = 0, len = 0;
  for (let x = j; x <= k; x++) { mand += mandatoryOf(many[x]); len += many[x].units.length; }
  if (Math.abs(mand - mandatoryOf(single)) > 2) return 0;
  if (len > glueBuf.length) { glueBuf = new Uint32Array(len * 2); glueViews.length = 0; }
  let at = 0;
  for (let x = j; x <= k; x++) { glueBuf.set(many[x].units, at); at += many[x].units.length; }
  // One view per length, so that the hot path allocates nothing.
  const view = glueViews[len] ??= glueBuf.subarray(0, len);
  const s = unitsSimilarity(single.units, view, 0, true, 0.8);
  return s >= 0.8 ? s * 0.97 : 0;
}

// ---------------------------------------------------------------------------------------

export interface CompareOptions extends SimilarityOptions {
  /** Weight of a token; defaults to its static weight. */
  weight?: (t: Token) => number;
}

/** Static weight of a token from its role alone (no corpus statistics). */
export function staticWeight(t: Token): number {
  let w = 1;
  if (t.role & STOP) w = 0.1;
  else if (t.role & 8 /* INITIAL */) w = 0.3;
  else if (t.role & 64 /* LEGAL_WORD */) w = 0.3;
  else if (t.role & 2 /* GENERIC */) w = 0.5;
  else if (t.role & 32 /* COUNTRY */) w = 1.2;
  else if (t.role & NUMBER) w = 0.6;
  if (t.role & ANNOTATION) w *= 0.05;
  return w;
}

export interface NameResult {
  score: number;
  /** Which written form of each side produced the score. */
  queryForm: string;
  aliasForm: string;
  explanation: NameExplanation;
}

/** Score adjustments that look at whole names: numbers and legal forms. */
export function wholeNameAdjust(q: PreparedName, c: PreparedName, schema: Schema, notes: string[] | null): number {
  let factor = 1;
  if (schema !== 'person') {
    const nq = q.numbers, nc = c.numbers;
    if (nq.length && nc.length && !nq.some((x) => nc.includes(x))) {
      factor *= 0.7;
      notes?.push(`numbers differ (${nq.join(' ')} / ${nc.join(' ')})`);
    } else if ((nq.length > 0) !== (nc.length > 0) && (q.tokens.length > 1 && c.tokens.length > 1)) {
      factor *= 0.85;
      notes?.push(`number on one side only (${[...nq, ...nc].join(' ')})`);
    }
  }
  if (q.legal.length && c.legal.length && legalFormsConflict(q.legal, c.legal)) {
    factor *= 0.72;
    notes?.push(`legal forms of different countries (${q.legal.map((f) => f.label).join(', ')} / ${c.legal.map((f) => f.label).join(', ')})`);
  } else if (q.legal.length && c.legal.length && notes) {
    notes.push(`legal forms set aside (${q.legal.map((f) => f.label).join(', ')} / ${c.legal.map((f) => f.label).join(', ')})`);
  }
  // A vessel and the company that owns or manages it share a name but are two parties.
  const qKind = q.legal.length ? 'organisation' : q.hint;
  const cKind = c.legal.length ? 'organisation' : c.hint;
  if ((qKind === 'organisation' && (cKind === 'vessel' || (schema === 'vessel' && !cKind))) ||
      (cKind === 'organisation' && (qKind === 'vessel' || (schema === 'vessel' && !qKind)))) {
    factor *= 0.8;
    notes?.push('a vessel name against a company name');
  }
  return factor;
}

/** Compares two prepared names (with their former names) without any index. */
export function compareNamePair(q: PreparedName, c: PreparedName, schema: Schema, opts: CompareOptions): NameResult {
  const weight = opts.weight ?? staticWeight;
  let best: NameResult | null = null;
  const forms: Array<[PreparedName, PreparedName, number]> = [[q, c, 1]];
  // A former name may meet a current name; two former names meeting says little.
  for (const f of c.former) forms.push([q, f, 0.95]);
  for (const f of q.former) forms.push([f, c, 0.95]);
  for (const [a, b, factor] of forms) {
    const explanation: NameExplanation = { pairs: [], unmatchedQuery: [], unmatchedAlias: [], notes: [] };
    const n = a.tokens.length, m = b.tokens.length;
    const sim = new Float32Array(n * m);
    const how = new Uint8Array(n * m);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < m; j++) {
        sim[i * m + j] = tokenSimilarity(a.tokens[i], b.tokens[j], opts);
        how[i * m + j] = sim[i * m + j] === 1 && a.tokens[i].script === 'latin' && b.tokens[j].script === 'latin' ? EXACT : lastHow;
      }
    }
    const wa = a.tokens.map(weight), wb = b.tokens.map(weight);
    let score = scoreTokens({ tokens: a.tokens, weights: wa }, { tokens: b.tokens, weights: wb }, sim, how, schema, opts, explanation);
    score *= wholeNameAdjust(a, b, schema, explanation.notes) * factor;
    if (factor < 1) explanation.notes.push(a === q ? `matched a former name of the candidate: ${b.raw}` : `matched a former name in the query: ${a.raw}`);
    if (!best || score > best.score) best = { score, queryForm: a.raw, aliasForm: b.raw, explanation };
  }
  return best!;
}

