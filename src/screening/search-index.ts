// The screening index: every name of every listed entity, prepared once at load, with
// inverted lists from terms (token texts) to names. A query token reaches terms through
// three keys, never by scanning the vocabulary: its exact text, shared trigrams (typos) and
// consonant skeletons (vowel and transliteration variants). Each reached term is verified
// once per query token (and remembered across queries). Names collect an upper bound of
// the score they could reach; only those that can still clear the threshold are rescored.

import type { Entity, EntityName, ListLoad, Schema } from './model.ts';
import { type FactEffect, type QueryIdentifier, birthDateEffect, countryEffect, identifierConflict, identifierMatch, normIdentifier, schemaEffect } from './facts.ts';
import { skeletonKeys, unitsSimilarity } from './phonetic.ts';
import { INITIAL, NUMBER, type PreparedName, type Token, clearPrepareCaches, prepareName } from './prepare.ts';
import { MIDDLE, type NameExplanation, gluedSimilarity, lambdas, scoreTokens, staticWeight, wholeNameAdjust } from './score-name.ts';
import { EXACT, MIN_PAIR, lastHow, latinApart, letterMask, tokenSimilarity } from './similarity.ts';
import { conceptOf } from './translations.ts';

/** Default alert threshold: chosen from the benchmarks (docs/screening.md). */
export const DEFAULT_THRESHOLD = 0.85;

export interface ScreeningQuery {
  name: string;
  schema?: Schema | string;
  /** ISO date, year, or a date as commonly written. */
  birthDate?: string;
  /** Country names or ISO alpha-2 codes (nationality, residence). */
  countries?: string[];
  /** Identifier values (passport, tax id, wallet address …), with their type when known. */
  identifiers?: Array<QueryIdentifier | string>;
}

export interface SearchOptions {
  threshold?: number;
  top?: number;
  /** Only these lists (ids as in Entity.list). */
  lists?: string[];
  /** Extra words that carry no identity for this search (e.g. FinCEN stop words). */
  stopWords?: string[];
}

export interface IndexOptions {
  /** Pair generic business words across languages (default true). */
  translations?: boolean;
}

export interface MatchExplanation {
  /** Name score before facts. */
  nameScore: number;
  /** The entity's name that matched, as published, and its kind. */
  matchedName: string;
  aliasKind: EntityName['kind'];
  /** The query form that matched (the name itself or a former name written in it). */
  queryName: string;
  tokens: NameExplanation['pairs'];
  unmatchedQuery: string[];
  unmatchedAlias: string[];
  notes: string[];
  facts: FactEffect[];
}

export interface ScreeningMatch {
  entityId: string;
  list: string;
  listVersion: string;
  schema: Schema;
  /** The entity's primary name. */
  name: string;
  matchedName: string;
  score: number;
  explanation: MatchExplanation;
}

export interface IndexStats {
  lists: Array<{ list: string; listVersion: string; entities: number; names: number }>;
  entities: number;
  /** Names indexed (published names and aliases, plus former names written inside them). */
  names: number;
  /** Of those, distinct names: the same name published by several entities is indexed once. */
  distinctNames: number;
  terms: number;
  buildMs: number;
  /** Work done by the last search: names reached through the keys, and names rescored. */
  lastSearch: { candidates: number; scored: number; names: number } | null;
}

/**
 * A distinct name of the index. The same name published by several entities (an SDN entry
 * is on the OFAC list and again in the CSL) is indexed and rescored once; its holders are
 * the entities that publish it, each with its kind of name.
 */
interface Alias {
  /** As published. */
  raw: string;
  name: PreparedName;
  tokens: readonly Token[];
  /** Where its term ids and token weights start in the index's flat arrays. */
  at: number;
}

interface Best { score: number; alias: number; kind: number; variant: PreparedName; qw: Float32Array }

const KINDS: EntityName['kind'][] = ['primary', 'strong', 'weak', 'former'];
const KIND_FACTOR = [1, 1, 0.9, 0.95];
const MAX_QUERY_TOKENS = 32;
const MAX_RESCORED = 300;
const MAX_RESCORED_FOREIGN = 60;

function trigrams(text: string): string[] {
  const t = `^${text}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= t.length; i++) out.push(t.slice(i, i + 3));
  return out;
}

function resolveSchema(s: Schema | string | undefined): Schema {
  const v = (s ?? 'unknown').toString().toLowerCase();
  if (v === 'person' || v === 'individual') return 'person';
  if (v === 'organisation' || v === 'organization' || v === 'company' || v === 'entity' || v === 'business') return 'organisation';
  if (v === 'vessel' || v === 'aircraft') return v;
  return 'unknown';
}

const pack = (s: number, how: number): number => Math.round(s * 10000) * 16 + how;

/**
 * The value a sort of vals[0..n) would put at position n − k (the k-th largest), found by
 * partitioning in place instead of sorting (vals is reordered).
 */
function kthLargest(vals: Float32Array | Float64Array, n: number, k: number): number {
  const target = n - k;
  let lo = 0, hi = n - 1;
  while (lo < hi) {
    const pivot = vals[(lo + hi) >>> 1];
    let i = lo, j = hi;
    while (i <= j) {
      while (vals[i] < pivot) i++;
      while (vals[j] > pivot) j--;
      if (i <= j) { const t = vals[i]; vals[i] = vals[j]; vals[j] = t; i++; j--; }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return vals[target];
  }
  return vals[target];
}

/**
 * The k entries of keep[0..n) (ascending) with the highest bound, best first, ties in their
 * order: what a stable sort and a slice would give, without sorting thousands of candidates.
 * `vals` is scratch space of at least n entries.
 */
function topByBound(keep: Int32Array, n: number, bound: Float32Array, k: number, vals: Float32Array): number[] {
  for (let x = 0; x < n; x++) vals[x] = bound[keep[x]];
  const cut = kthLargest(vals, n, k);
  const out: number[] = [];
  for (let y = 0; y < n; y++) if (bound[keep[y]] > cut) out.push(keep[y]);
  for (let y = 0; y < n && out.length < k; y++) if (bound[keep[y]] === cut) out.push(keep[y]);
  return out.sort((x, y) => bound[y] - bound[x] || x - y);
}

/** Terms a query token reaches, with packed similarities: arrays to iterate, a map to look up. */
class TermSet {
  readonly terms: number[];
  readonly packed: number[];
  private readonly at: Map<number, number>;
  constructor(terms: number[] = [], packed: number[] = [], at = new Map<number, number>()) {
    this.terms = terms;
    this.packed = packed;
    this.at = at;
  }
  /** Terms in another script compared directly at rescoring (not reached through the keys), remembered across queries. */
  cross: Map<number, number> | null = null;
  /** This token glued against runs of listed terms (keyed by the run), remembered across queries. */
  glued: Map<number, number> | null = null;
  get size(): number { return this.terms.length; }
  /** The same terms (shared, not to be extended) with memos of its own. */
  view(): TermSet { return new TermSet(this.terms, this.packed, this.at); }
  get(term: number): number | undefined {
    const i = this.at.get(term);
    return i === undefined ? undefined : this.packed[i];
  }
  /** Adds a term, keeping the better similarity when it is already there. */
  set(term: number, p: number): void {
    const i = this.at.get(term);
    if (i === undefined) { this.at.set(term, this.terms.length); this.terms.push(term); this.packed.push(p); }
    else if (p > this.packed[i]) this.packed[i] = p;
  }
}
const NONE = new TermSet();

/**
 * What the index keeps of an entity: its names and the facts a search weighs. Addresses count
 * only by their country; remarks, programmes, links and display details stay with the caller,
 * who finds the whole record by id (a list's records are several times the size of its index).
 */
export function kept(e: Entity): Entity {
  if (keptAlready.has(e)) return e;
  const countries = [...new Set([...e.countries, ...e.addresses.flatMap((a) => (a.country ? [a.country] : []))])];
  const some = <T>(a: T[]): T[] => (a.length ? a : NO_ITEMS);
  // Names as the index reads them; the small words repeated on every record are held once.
  const names = e.names.map((n): EntityName => (n.original ? { full: n.full, kind: n.kind, original: true } : { full: n.full, kind: n.kind }));
  for (const n of names) n.kind = KINDS[KINDS.indexOf(n.kind)] ?? n.kind;
  const out: Entity = {
    id: e.id, list: once(e.list), listVersion: once(e.listVersion), sourceId: e.sourceId, schema: once(e.schema) as Schema, names,
    birthDates: some(e.birthDates), birthPlaces: NO_ITEMS, nationalities: some(e.nationalities), countries: some(countries),
    addresses: NO_ITEMS, identifiers: some(e.identifiers), programmes: NO_ITEMS, links: NO_ITEMS,
  };
  keptAlready.add(out);
  return out;
}
/** Records made by kept (a list reduced with forScreening is not copied again by the index). */
const keptAlready = new WeakSet<Entity>();

const held = new Map<string, string>();
/** The one copy of a short string repeated on many records (list ids, versions, schemas). */
function once(v: string): string {
  let h = held.get(v);
  if (h === undefined) { if (held.size > 1000) held.clear(); held.set(v, v); h = v; }
  return h;
}

/** One empty list shared by the many records and names that have nothing there (frozen: never filled). */
const NO_ITEMS = Object.freeze([]) as unknown as never[];

/**
 * Makes a name prepared for the index share what many names hold alike: equal tokens (one
 * object per word, role and script) and empty lists. Tens of thousands of names, a few
 * thousand distinct words.
 */
function share(p: PreparedName, tokens: Map<string, Token>): PreparedName {
  for (const v of [p, ...p.former]) {
    for (let i = 0; i < v.tokens.length; i++) {
      const t = v.tokens[i];
      if (t.parts) continue;
      const key = t.script + '\u0000' + t.role + '\u0000' + t.text;
      const same = tokens.get(key);
      if (same) v.tokens[i] = same;
      else tokens.set(key, t);
    }
    if (!v.legal.length) v.legal = NO_ITEMS;
    if (!v.numbers.length) v.numbers = NO_ITEMS;
    if (!v.former.length) v.former = NO_ITEMS;
  }
  return p;
}

/**
 * Key → ids, all in one flat array: a typed array per key would cost some 200 bytes of heap
 * each, and the index has tens of thousands of keys.
 */
class KeyPostings {
  private readonly slot = new Map<string, number>();
  readonly start: Int32Array;
  readonly ids: Int32Array;
  constructor(lists: Map<string, number[]>) {
    let total = 0;
    for (const v of lists.values()) total += v.length;
    this.start = new Int32Array(lists.size + 1);
    this.ids = new Int32Array(total);
    let k = 0, at = 0;
    for (const [key, v] of lists) {
      this.slot.set(key, k);
      // Ids arrive in ascending runs; a repeat is dropped (an id is listed once per key).
      const seen = new Set<number>();
      for (const id of v) if (!seen.has(id)) { seen.add(id); this.ids[at++] = id; }
      this.start[++k] = at;
    }
    this.ids = this.ids.subarray(0, at);
  }
  /** Slot of a key (its ids are ids[start[slot]] … ids[start[slot + 1] − 1]), or −1. */
  find(key: string): number { return this.slot.get(key) ?? -1; }
  count(slot: number): number { return slot < 0 ? 0 : this.start[slot + 1] - this.start[slot]; }
}
const EMPTY_KEYS = new KeyPostings(new Map());

function sameUnits(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
const simOf = (p: number): number => Math.floor(p / 16) / 10000;

export class ScreeningIndex {
  private readonly translations: boolean;
  private readonly simOpts: { translations: boolean };
  private lists = new Map<string, { version: string; entities: Entity[] }>();
  /** Names prepared for the current lists, by schema and text (reused when a list is replaced). */
  private prepCache = new Map<Schema, Map<string, PreparedName>>();

  private entities: Entity[] = [];
  private aliases: Alias[] = [];
  /** Holders of each name, as linked lists: first holder per name, then entity, kind and next per holder. */
  private holderFirst = new Int32Array(0);
  private holderEntity = new Int32Array(0);
  private holderKind = new Uint8Array(0);
  private holderNext = new Int32Array(0);
  /** List (index in listIds) of each entity. */
  private entityList = new Uint16Array(0);
  /** Per name, in flat arrays for the hot loops: total token weight, and its terms and their weights (from aliasTermStart). */
  private aliasWeight = new Float32Array(0);
  private aliasTermStart = new Int32Array(0);
  private aliasTerms = new Int32Array(0);
  private aliasTokenWeights = new Float32Array(0);
  private listIds: string[] = [];

  private termIds = new Map<string, number>();
  private termText: string[] = [];
  /** A token of each term, standing for it when a query token is compared with the term. */
  private termToken: Token[] = [];
  /** Names holding each term: postIds[postStart[term]] … postIds[postStart[term + 1] − 1]. */
  private postStart = new Int32Array(1);
  private postIds = new Int32Array(0);
  /** Published names holding each term, counting every holder of a shared name. */
  private termDf = new Int32Array(0);
  private termWeight = new Float32Array(0);
  private trigramTerms = EMPTY_KEYS;
  private skeletonTerms = EMPTY_KEYS;
  /** Skeletons of terms written in other scripts than Latin, reachable from short Latin keys. */
  private foreignSkeletons = EMPTY_KEYS;
  private conceptTerms = EMPTY_KEYS;
  private identifierIndex = new Map<string, number[]>();
  private fullIdf = 1;
  /** Verified neighbour terms of query tokens, remembered across queries. */
  private neighbourCache = new Map<string, TermSet>();
  /** Neighbours of the words listed in another script than Latin, verified at build (by script and text). */
  private listedForeign = new Map<string, { units: Uint32Array; set: TermSet }>();
  private splitCache = new Map<string, number[]>();
  private gluedCache = new Map<string, number[]>();

  private accS = new Float32Array(0);
  private accW = new Float32Array(0);
  private accC = new Float32Array(0);
  private seen = new Uint32Array(0);
  private gramCount = new Uint16Array(0);
  private reachMark = new Uint8Array(0);
  /** Scratch lists of terms for neighbours(): reached so far, and met through a trigram. */
  private reachedBuf = new Int32Array(0);
  private gramTouchedBuf = new Int32Array(0);
  /** Letters of each term (see letterMask). */
  private termMask = new Int32Array(0);
  private termBits = new Uint32Array(0);
  /** Terms whose termBits the current search set (each once). */
  private markedBuf = new Int32Array(0);
  /** Names reached by the current search (at most every name once). */
  private touched = new Int32Array(0);
  /** Of those, the ones rescored (positions in touched), and scratch space to rank them. */
  private keepBuf = new Int32Array(0);
  private keepVals = new Float32Array(0);
  private boundBuf = new Float32Array(1024);
  private rankBuf = new Float64Array(1024);
  private buildMs = 0;
  // The query and name being rescored, for the glued-token comparisons (see glue()).
  private gQ: readonly Token[] = [];
  private gNeigh: TermSet[] = [];
  private gAlias: Alias | null = null;
  private gMemo = new Map<number, number>();
  private simBuf = new Float32Array(32 * 24);
  private howBuf = new Uint8Array(32 * 24);
  /** Names keep at most 24 tokens (see rebuild). */
  private weightBuf = new Float32Array(24);
  private readonly glue = (pass: number, single: number, j: number, k: number): number => {
    const alias = this.gAlias!;
    if (pass === 0) {
      const set = this.gNeigh[single];
      // Keyed by the run's terms, so that names sharing a run (abdul rahman) share the result;
      // runs of four are rare and not remembered.
      if (k - j > 2) return gluedSimilarity(this.gQ[single], alias.tokens, j, k);
      const memo = set.glued ??= new Map();
      const T = this.termText.length, tt = this.aliasTerms, o = alias.at;
      const key = k - j === 1 ? tt[o + j] * T + tt[o + k] : T * T + (tt[o + j] * T + tt[o + j + 1]) * T + tt[o + k];
      let s = memo.get(key);
      if (s === undefined) { s = gluedSimilarity(this.gQ[single], alias.tokens, j, k); memo.set(key, s); }
      return s;
    }
    const key = (this.aliasTerms[alias.at + single] * MAX_QUERY_TOKENS + j) * MAX_QUERY_TOKENS + k;
    let s = this.gMemo.get(key);
    if (s === undefined) { s = gluedSimilarity(alias.tokens[single], this.gQ, j, k); this.gMemo.set(key, s); }
    return s;
  };
  /** During a search, per entity: its best name score so far (−1 for none), the name, its kind and the query form (variant) that gave it. */
  private bestScore = new Float64Array(0);
  private bestAlias = new Int32Array(0);
  private bestKind = new Uint8Array(0);
  private bestVariant = new Uint8Array(0);
  private bestList = new Int32Array(0);
  private bestCount = 0;
  /** Work done by the current search (see IndexStats.lastSearch). */
  private candidateCount = 0;
  private scoredCount = 0;
  private listStats: IndexStats['lists'] = [];
  private last: IndexStats['lastSearch'] = null;

  constructor(input: ListLoad[] | Entity[], options: IndexOptions = {}) {
    this.translations = options.translations ?? true;
    this.simOpts = { translations: this.translations };
    for (const item of input as Array<ListLoad | Entity>) {
      if ('entities' in item) {
        const cur = this.lists.get(item.list);
        if (cur) { cur.entities = [...cur.entities, ...item.entities.map(kept)]; cur.version = item.listVersion; }
        else this.lists.set(item.list, { version: item.listVersion, entities: item.entities.map(kept) });
      } else {
        const l = this.lists.get(item.list) ?? { version: item.listVersion, entities: [] };
        l.entities.push(kept(item));
        this.lists.set(item.list, l);
      }
    }
    this.rebuild();
  }

  /** Replaces one list's entities (a new version of the list); an empty array removes the list. */
  replaceList(listId: string, entities: Entity[], listVersion?: string): void {
    if (entities.length) this.lists.set(listId, { version: listVersion ?? entities[0].listVersion, entities: entities.map(kept) });
    else this.lists.delete(listId);
    this.rebuild();
  }

  stats(): IndexStats {
    return {
      lists: this.listStats.map((l) => ({ ...l })),
      entities: this.entities.length,
      names: this.holderEntity.length,
      distinctNames: this.aliases.length,
      terms: this.termText.length,
      buildMs: this.buildMs,
      lastSearch: this.last,
    };
  }

  private rebuild(): void {
    const t0 = performance.now();
    // Names prepared for the previous version are reused: a new list version changes few.
    const oldCache = this.prepCache;
    this.prepCache = new Map();
    const shared = new Map<string, Token>();
    const prepare = (raw: string, schema: Schema): PreparedName => {
      let bySchema = this.prepCache.get(schema);
      if (!bySchema) { bySchema = new Map(); this.prepCache.set(schema, bySchema); }
      let p = bySchema.get(raw);
      if (!p) { p = oldCache.get(schema)?.get(raw) ?? share(prepareName(raw, schema), shared); bySchema.set(raw, p); }
      return p;
    };
    this.entities = [];
    this.aliases = [];
    this.listIds = [...this.lists.keys()];
    this.termIds = new Map();
    this.termText = [];
    this.termToken = [];
    this.identifierIndex = new Map();
    this.neighbourCache = new Map();
    this.splitCache = new Map();
    this.gluedCache = new Map();
    const termPost: number[][] = [];
    const entityListArr: number[] = [];
    const aliasTermsArr: number[] = [];
    const nameIndex = new Map<PreparedName, number>();
    const first: number[] = [], holderEntity: number[] = [], holderKind: number[] = [], holderNext: number[] = [];
    // Tokens of another script than the term's first token also need their own skeletons.
    const otherScript: Token[] = [];

    const termOf = (t: Token): number => {
      let term = this.termIds.get(t.text);
      if (term === undefined) {
        term = this.termText.length;
        this.termIds.set(t.text, term);
        this.termText.push(t.text);
        this.termToken.push(t);
        termPost.push([]);
      } else if (this.termToken[term].script !== t.script && !otherScript.some((o) => o.text === t.text && o.script === t.script)) {
        otherScript.push(t);
      }
      return term;
    };

    this.listIds.forEach((listId, li) => {
      for (const e of this.lists.get(listId)!.entities) {
        const ei = this.entities.length;
        this.entities.push(e);
        entityListArr.push(li);
        for (const id of e.identifiers) {
          const v = normIdentifier(id.value);
          if (v.length < 5) continue;
          const arr = this.identifierIndex.get(v) ?? [];
          if (!arr.includes(ei)) arr.push(ei);
          this.identifierIndex.set(v, arr);
        }
        const seenRaw = new Set<string>();
        for (const n of e.names) {
          if (!n.full || seenRaw.has(n.full)) continue;
          seenRaw.add(n.full);
          const p = prepare(n.full, e.schema);
          const kind = Math.max(0, KINDS.indexOf(n.kind));
          for (let v = -1; v < p.former.length; v++) {
            const name = v < 0 ? p : p.former[v];
            if (!name.tokens.length) continue;
            let ai = nameIndex.get(name);
            if (ai === undefined) {
              ai = this.aliases.length;
              nameIndex.set(name, ai);
              const tokens = name.tokens.length > 24 ? name.tokens.slice(0, 24) : name.tokens;
              const at = aliasTermsArr.length;
              for (let i = 0; i < tokens.length; i++) {
                const term = termOf(tokens[i]);
                aliasTermsArr.push(term);
                const post = termPost[term];
                if (post[post.length - 1] !== ai) post.push(ai);
              }
              this.aliases.push({ raw: v < 0 ? n.full : name.raw, name, tokens, at });
              first.push(-1);
            }
            holderEntity.push(ei);
            holderKind.push(v < 0 ? kind : 3);
            holderNext.push(first[ai]);
            first[ai] = holderEntity.length - 1;
          }
        }
      }
    });

    this.holderFirst = Int32Array.from(first);
    this.holderEntity = Int32Array.from(holderEntity);
    this.holderKind = Uint8Array.from(holderKind);
    this.holderNext = Int32Array.from(holderNext);
    this.entityList = Uint16Array.from(entityListArr);
    // Rarity counts every published name, as if each holder's copy were indexed.
    const copies = new Int32Array(this.aliases.length);
    for (const a of first.keys()) for (let h = first[a]; h >= 0; h = holderNext[h]) copies[a]++;
    this.termDf = new Int32Array(termPost.length);
    for (let t = 0; t < termPost.length; t++) for (const a of termPost[t]) this.termDf[t] += copies[a];
    const N = Math.max(this.holderEntity.length, 1);
    this.postStart = new Int32Array(termPost.length + 1);
    for (let t = 0; t < termPost.length; t++) this.postStart[t + 1] = this.postStart[t] + termPost[t].length;
    this.postIds = new Int32Array(this.postStart[termPost.length]);
    for (let t = 0; t < termPost.length; t++) this.postIds.set(termPost[t], this.postStart[t]);
    // A term found in no more than ~30 names counts fully; more common terms count less.
    this.fullIdf = Math.log(Math.max(N / 30, 2));
    this.termWeight = new Float32Array(this.termText.length);
    for (let t = 0; t < this.termText.length; t++) {
      this.termWeight[t] = Math.min(staticWeight(this.termToken[t]), this.idfFactor(this.termDf[t]));
    }
    this.aliasTerms = Int32Array.from(aliasTermsArr);
    this.aliasTermStart = new Int32Array(this.aliases.length + 1);
    this.aliasTokenWeights = new Float32Array(this.aliasTerms.length);
    this.aliasWeight = new Float32Array(this.aliases.length);
    for (let a = 0; a < this.aliases.length; a++) {
      const alias = this.aliases[a];
      this.aliasTermStart[a + 1] = alias.at + alias.tokens.length;
      let sum = 0;
      for (let i = 0; i < alias.tokens.length; i++) {
        const w = Math.min(staticWeight(alias.tokens[i]), this.idfFactor(this.termDf[this.aliasTerms[alias.at + i]]));
        this.aliasTokenWeights[alias.at + i] = w;
        sum += w;
      }
      this.aliasWeight[a] = sum;
    }

    const grams = new Map<string, number[]>();
    const skel = new Map<string, number[]>();
    const concepts = new Map<string, number[]>();
    const push = (m: Map<string, number[]>, k: string, v: number) => {
      const a = m.get(k);
      if (!a) m.set(k, [v]);
      else if (a[a.length - 1] !== v) a.push(v);
    };
    const foreign = new Map<string, number[]>();
    const addSkeletons = (t: Token, term: number) => {
      if (t.role & (NUMBER | INITIAL)) return;
      for (const k of skeletonKeys(t.units)) {
        push(skel, k, term);
        if (t.script !== 'latin') push(foreign, k, term);
      }
    };
    for (let term = 0; term < this.termText.length; term++) addSkeletons(this.termToken[term], term);
    for (const t of otherScript) addSkeletons(t, this.termIds.get(t.text)!);
    for (let term = 0; term < this.termText.length; term++) {
      const text = this.termText[term];
      if (text.length >= 3 && !(this.termToken[term].role & NUMBER)) for (const g of trigrams(text)) push(grams, g, term);
      if (this.translations) {
        const c = conceptOf(text);
        if (c) push(concepts, c, term);
      }
    }
    this.trigramTerms = new KeyPostings(grams);
    this.skeletonTerms = new KeyPostings(skel);
    this.foreignSkeletons = new KeyPostings(foreign);
    this.conceptTerms = new KeyPostings(concepts);
    this.accS = new Float32Array(N);
    this.accW = new Float32Array(N);
    this.accC = new Float32Array(N);
    this.seen = new Uint32Array(N);
    this.touched = new Int32Array(this.aliases.length);
    const E = this.entities.length;
    this.bestScore = new Float64Array(E).fill(-1);
    this.bestAlias = new Int32Array(E);
    this.bestKind = new Uint8Array(E);
    this.bestVariant = new Uint8Array(E);
    this.bestList = new Int32Array(E);
    this.bestCount = 0;
    this.keepBuf = new Int32Array(this.aliases.length);
    this.keepVals = new Float32Array(this.aliases.length);
    this.gramCount = new Uint16Array(this.termText.length);
    this.reachMark = new Uint8Array(this.termText.length);
    this.reachedBuf = new Int32Array(this.termText.length);
    this.gramTouchedBuf = new Int32Array(this.termText.length);
    this.termMask = Int32Array.from(this.termText, letterMask);
    this.termBits = new Uint32Array(this.termText.length);
    this.markedBuf = new Int32Array(this.termText.length);
    // Words the lists write in another script than Latin: their Latin spellings are verified
    // now, so that a query in that script finds them without comparing hundreds of terms.
    this.listedForeign = new Map();
    const foreignTokens = [...this.termToken.filter((t) => t.script !== 'latin'), ...otherScript];
    for (const t of foreignTokens) {
      if (t.role & (NUMBER | INITIAL)) continue;
      const key = t.script + '\u0000' + t.text;
      if (!this.listedForeign.has(key)) this.listedForeign.set(key, { units: t.units, set: this.neighbours(t) });
    }
    this.neighbourCache = new Map();
    // The memo of romanised words served the build; queries refill it with their own words.
    clearPrepareCaches();
    this.listStats = [...this.lists].map(([list, l]) => ({ list, listVersion: l.version, entities: l.entities.length, names: l.entities.reduce((n, e) => n + e.names.length, 0) }));
    this.buildMs = Math.round(performance.now() - t0);
  }

  private idfFactor(df: number): number {
    const N = Math.max(this.holderEntity.length, 1);
    const idf = Math.log((N + 1) / (df + 0.5));
    return Math.min(1, Math.max(0.15, idf / this.fullIdf));
  }

  /**
   * Weight of a query token: its role, and its rarity among listed names. A word not listed
   * as such takes the rarity of the listed words it resembles ("Muhamad" is as common as
   * "Muhammad").
   */
  private queryWeight(t: Token, neighbours: TermSet): number {
    const term = this.termIds.get(t.text);
    if (term !== undefined) return Math.min(staticWeight(t), this.termWeight[term]);
    // The closest listed words decide; among equally close ones, the most common.
    let bestSim = 0, w = 1;
    for (let k = 0; k < neighbours.size; k++) {
      const n = neighbours.terms[k];
      const s = simOf(neighbours.packed[k]);
      if (s > bestSim + 0.02) { bestSim = s; w = this.termWeight[n]; }
      else if (s > bestSim - 0.02 && this.termWeight[n] < w) w = this.termWeight[n];
    }
    return Math.min(staticWeight(t), neighbours.size ? Math.max(w, 0.15) : 1);
  }

  /** Terms a query token may stand for, verified: term → packed similarity and kind of match. */
  private neighbours(t: Token): TermSet {
    const key = `${t.script}\u0000${t.role}\u0000${t.text}`;
    const hit = this.neighbourCache.get(key);
    if (hit) return hit;
    if (t.script !== 'latin' && !(t.role & (NUMBER | INITIAL))) {
      // Neither the role of a word in another script nor the list it came from changes its neighbours.
      const listed = this.listedForeign.get(t.script + '\u0000' + t.text);
      if (listed && sameUnits(listed.units, t.units)) {
        // A view: the memos filled while rescoring stay with the cache, which is bounded.
        const v = listed.set.view();
        this.neighbourCache.set(key, v);
        return v;
      }
    }
    const out = new TermSet();
    const exact = this.termIds.get(t.text);
    if (exact !== undefined) out.set(exact, pack(1, t.script === 'latin' && this.termToken[exact].script === 'latin' ? EXACT : 1));
    if (!(t.role & (NUMBER | INITIAL))) {
      // Terms reached, each once (marked while collected).
      const mark = this.reachMark, reached = this.reachedBuf;
      let nr = 0;
      const L = t.text.length;
      if (L >= 3) {
        // Terms sharing enough trigrams to lie within one or two edits (a swap of two
        // letters changes up to four trigrams).
        const grams = trigrams(t.text);
        const need = Math.max(1, grams.length - (L >= 8 ? 7 : 4));
        const touched = this.gramTouchedBuf;
        let ng = 0;
        const { start, ids } = this.trigramTerms;
        for (const g of grams) {
          const slot = this.trigramTerms.find(g);
          if (slot < 0) continue;
          for (let i = start[slot]; i < start[slot + 1]; i++) if (this.gramCount[ids[i]]++ === 0) touched[ng++] = ids[i];
        }
        for (let x = 0; x < ng; x++) {
          const term = touched[x];
          if (this.gramCount[term] >= need && Math.abs(this.termText[term].length - L) <= 2 && !mark[term]) { mark[term] = 1; reached[nr++] = term; }
          this.gramCount[term] = 0;
        }
      }
      // Skeletons of Latin tokens reach vowel variants (Mohamed / Muhammad) when they have
      // enough consonants to be selective; other scripts need them to reach Latin spellings.
      // Queries in other scripts are few: they may afford the broad keys of short names.
      const latin = t.script === 'latin';
      const minKey = latin ? 3 : 1;
      const maxTerms = latin ? 1000 : 6000;
      for (const k of skeletonKeys(t.units)) {
        if (k.length >= minKey) nr = this.reach(this.skeletonTerms, k, maxTerms, nr);
        // Short Latin keys still reach names written in other scripts (Tzur / צור).
        else if (latin) nr = this.reach(this.foreignSkeletons, k, 1000, nr);
      }
      if (this.translations) {
        const c = conceptOf(t.text);
        if (c) nr = this.reach(this.conceptTerms, c, Infinity, nr);
      }
      const opts = this.simOpts;
      const qMask = latin ? letterMask(t.text) : 0;
      for (let x = 0; x < nr; x++) {
        const term = reached[x];
        mark[term] = 0;
        if (term === exact) continue;
        const other = this.termToken[term];
        // Most words reached through shared letter runs are too far apart to pair at all.
        if (latin && other.script === 'latin' && latinApart(t, other, qMask, this.termMask[term], opts)) continue;
        const s = tokenSimilarity(t, other, opts);
        if (s >= MIN_PAIR) out.set(term, pack(s, lastHow));
      }
    }
    if (this.neighbourCache.size > 20_000) this.neighbourCache.clear();
    this.neighbourCache.set(key, out);
    return out;
  }

  /** Adds the terms of a key not reached yet to reachedBuf[nr…] (unless the key holds more than max); returns the new count. */
  private reach(keys: KeyPostings, key: string, max: number, nr: number): number {
    const slot = keys.find(key);
    if (slot < 0 || keys.count(slot) > max) return nr;
    const mark = this.reachMark, reached = this.reachedBuf;
    for (let i = keys.start[slot]; i < keys.start[slot + 1]; i++) {
      const term = keys.ids[i];
      if (!mark[term]) { mark[term] = 1; reached[nr++] = term; }
    }
    return nr;
  }

  /**
   * Listed terms sounding like a run of query words written together (packed similarity
   * after each term). Remembered: the comparison walks long skeleton lists.
   */
  private gluedTerms(parts: Token[]): number[] {
    const key = parts[0].script + '\u0000' + parts.map((x) => x.text).join('\u0001');
    let out = this.gluedCache.get(key);
    if (out) return out;
    out = [];
    const units = new Uint32Array(parts.reduce((n, x) => n + x.units.length, 0));
    let at = 0;
    for (const x of parts) { units.set(x.units, at); at += x.units.length; }
    const seenTerm = new Set<number>();
    const { start, ids } = this.skeletonTerms;
    for (const k of skeletonKeys(units)) {
      const slot = k.length >= 3 ? this.skeletonTerms.find(k) : -1;
      if (slot < 0 || this.skeletonTerms.count(slot) > 2000) continue;
      for (let x = start[slot]; x < start[slot + 1]; x++) {
        const term = ids[x];
        if (seenTerm.has(term)) continue;
        seenTerm.add(term);
        const s = unitsSimilarity(units, this.termToken[term].units, 0, true, 0.8);
        if (s >= 0.8) out.push(term, pack(s, 8));
      }
    }
    if (this.gluedCache.size > 20_000) this.gluedCache.clear();
    this.gluedCache.set(key, out);
    return out;
  }

  /**
   * A word written as two listed words ("Abdulrahman" / "Abdul Rahman"): for each way to cut
   * it into two listed terms, the rarer term (a name holding both holds it). Remembered.
   */
  /** Number of published names holding a term (holders of a shared name each count). */
  private df(term: number): number { return this.termDf[term]; }

  /** Whether a name is held by an entity of an allowed list. */
  private nameAllowed(a: number, allowed: boolean[]): boolean {
    for (let h = this.holderFirst[a]; h >= 0; h = this.holderNext[h]) if (allowed[this.entityList[this.holderEntity[h]]]) return true;
    return false;
  }

  private splits(text: string): number[] {
    let out = this.splitCache.get(text);
    if (out) return out;
    out = [];
    for (let s = 2; s <= text.length - 2; s++) {
      const a = this.termIds.get(text.slice(0, s));
      const b = a === undefined ? undefined : this.termIds.get(text.slice(s));
      if (a !== undefined && b !== undefined) out.push(this.df(a) < this.df(b) ? a : b);
    }
    if (this.splitCache.size > 20_000) this.splitCache.clear();
    this.splitCache.set(text, out);
    return out;
  }

  search(query: ScreeningQuery, options: SearchOptions = {}): ScreeningMatch[] {
    const threshold = options.threshold ?? DEFAULT_THRESHOLD;
    const top = options.top ?? 10;
    const stop = options.stopWords?.length ? new Set(options.stopWords.map((w) => w.toLowerCase().trim()).filter(Boolean)) : undefined;
    let qSchema = resolveSchema(query.schema);
    let root = prepareName(query.name ?? '', qSchema, { stopWords: stop });
    if (qSchema === 'unknown' && root.hint) {
      // The name shows what it is (a legal form, a vessel prefix): read it that way.
      qSchema = root.hint;
      root = prepareName(query.name ?? '', qSchema, { stopWords: stop });
    }
    const listAllowed = options.lists ? new Set(options.lists) : null;
    const allowed = listAllowed ? this.listIds.map((l) => listAllowed.has(l)) : null;
    const ids = (query.identifiers ?? []).map((i) => (typeof i === 'string' ? { value: i } : i));
    // Facts can lift a name score by this much, so names that far below may still qualify.
    const lift = 0.02 + (query.birthDate ? 0.1 : 0) + (query.countries?.length ? 0.05 : 0);

    // Best name score per entity (see bestScore), and the entities that have one, in order;
    // the previous search's are cleared first (even if it ended in an error).
    for (let x = 0; x < this.bestCount; x++) this.bestScore[this.bestList[x]] = -1;
    this.bestCount = 0;
    this.candidateCount = 0;
    this.scoredCount = 0;
    const qws: Float32Array[] = [];
    const variants = [root, ...root.former];
    // (bestVariant holds a variant's position in a byte.)
    for (let v = 0; v < variants.length && v < 256; v++) {
      if (variants[v].tokens.length) this.screenForm(variants[v], v, qws, qSchema, threshold, lift, stop, allowed);
    }

    // Identifiers reach entities whatever their names.
    const idHits = new Set<number>();
    for (const id of ids) for (const ei of this.identifierIndex.get(normIdentifier(id.value)) ?? []) idHits.add(ei);

    const hits: Array<{ ei: number; score: number; b: Best | undefined; facts: FactEffect[] }> = [];
    const consider = (ei: number) => {
      const e = this.entities[ei];
      if (listAllowed && !listAllowed.has(e.list)) return;
      const b: Best | undefined = this.bestScore[ei] < 0 ? undefined
        : { score: this.bestScore[ei], alias: this.bestAlias[ei], kind: this.bestKind[ei], variant: variants[this.bestVariant[ei]], qw: qws[this.bestVariant[ei]] };
      const facts: FactEffect[] = [];
      const idm = identifierMatch(ids, e.identifiers);
      let score = 1;
      if (idm) facts.push(idm);
      else {
        const nameScore = b?.score ?? 0;
        if (nameScore < threshold - lift) return;
        for (const f of [
          schemaEffect(qSchema !== 'unknown' ? qSchema : (root.hint ?? 'unknown'), e.schema),
          birthDateEffect(query.birthDate, e.birthDates),
          countryEffect(query.countries, e),
          identifierConflict(ids, e.identifiers),
        ]) if (f) facts.push(f);
        score = Math.min(1, Math.max(0, nameScore + facts.reduce((x, f) => x + f.effect, 0)));
      }
      if (score >= threshold) hits.push({ ei, score, b, facts });
    };
    const nb = this.bestCount;
    for (let x = 0; x < nb; x++) consider(this.bestList[x]);
    for (const ei of idHits) if (this.bestScore[ei] < 0) consider(ei);
    hits.sort((x, y) => y.score - x.score || this.entities[x.ei].id.localeCompare(this.entities[y.ei].id));
    const out = hits.slice(0, top).map((h) => this.explainHit(h.ei, h.score, h.b, h.facts, root, qSchema, stop));
    this.last = { candidates: this.candidateCount, scored: this.scoredCount, names: this.aliases.length };
    return out;
  }

  /**
   * Screens one written form of the query (the name, or a former name written in it, form v):
   * reaches names through its tokens' terms, narrows them by their bound and rescores the best,
   * recording each holder's best score (bestScore …). Its own method so that V8 optimises it
   * on its own rather than through the long loops of one large function.
   */
  private screenForm(q: PreparedName, v: number, qws: Float32Array[], qSchema: Schema, threshold: number, lift: number,
    stop: Set<string> | undefined, allowed: boolean[] | null): void {
    const factor = v === 0 ? 1 : 0.95;
    const qTokens = q.tokens.slice(0, MAX_QUERY_TOKENS);
    const neigh = qTokens.map((t) => this.neighbours(t));
    const qw = new Float32Array(qTokens.length);
    qws[v] = qw;
    let W = 0;
    for (let i = 0; i < qTokens.length; i++) {
      qw[i] = this.queryWeight(qTokens[i], neigh[i]);
      if (stop?.has(qTokens[i].text)) qw[i] = Math.min(qw[i], 0.1);
      W += qw[i];
    }
    // Glued spellings: two query tokens written as one listed word, or one written as two.
    const extra: TermSet[] = qTokens.map(() => NONE);
    const addExtra = (i: number, term: number, p: number) => { if (extra[i] === NONE) extra[i] = new TermSet(); extra[i].set(term, p); };
    for (let i = 0; i + 1 < qTokens.length; i++) {
      const glued = this.termIds.get(qTokens[i].text + qTokens[i + 1].text);
      if (glued !== undefined) { addExtra(i, glued, pack(0.95, 8)); addExtra(i + 1, glued, pack(0.95, 8)); }
    }
    for (let i = 0; i < qTokens.length; i++) {
      const t = qTokens[i];
      // A word written without spaces between syllables reaches the listed syllables.
      if (t.parts) {
        for (let a = 0; a < t.parts.length; a++) {
          for (let b = a + 1; b <= Math.min(t.parts.length, a + 2); b++) {
            const term = this.termIds.get(t.parts.slice(a, b).join(''));
            if (term !== undefined) addExtra(i, term, pack(0.9, 8));
          }
        }
      }
      // Words written apart in another script reach a Latin word written as one
      // (جلال الدين / Jalaluddin, 习 近 平 / Xi Jinping).
      if (t.script !== 'latin' && i + 1 < qTokens.length) {
        for (let k = i + 1; k < Math.min(qTokens.length, i + 3); k++) {
          const found = this.gluedTerms(qTokens.slice(i, k + 1));
          for (let x = 0; x < found.length; x += 2) for (let y = i; y <= k; y++) addExtra(y, found[x], found[x + 1]);
        }
      }
    }
    for (let i = 0; i < qTokens.length; i++) {
      if (qTokens[i].text.length < 5 || qTokens[i].script !== 'latin') continue;
      for (const term of this.splits(qTokens[i].text)) addExtra(i, term, pack(0.95, 8));
    }

    // Rare tokens first. Once the tokens left could not lift a name they have not reached
    // to the threshold, the common ones only update names already reached (looked up on the
    // names' own terms instead of walking their long inverted lists). The bound uses the
    // most lenient penalties the scorer may apply (a person's middle name costs MIDDLE).
    const [lq0, lc0] = lambdas(qSchema === 'unknown' ? 'person' : qSchema);
    const [lq, lc] = qSchema === 'unknown' || qSchema === 'person' ? [Math.min(lq0, MIDDLE), Math.min(lc0, MIDDLE)] : [lq0, lc0];
    // Words in another script than Latin may pair with several listed words at once (a
    // Burmese word with its Latin syllables): their names get a looser bound.
    let foreignMask = 0;
    for (let i = 0; i < qTokens.length; i++) if (qTokens[i].script !== 'latin') foreignMask |= 1 << (i & 31);
    const need = threshold - lift - (foreignMask ? 0.3 : 0);
    const order = qTokens.map((_t, i) => i).sort((x, y) => qw[y] - qw[x]);
    // What a name's own tokens can add at most for each query token: the heaviest term it reaches.
    const reachW = new Float32Array(qTokens.length);
    let remC = 0;
    const markedTerms = this.markedBuf;
    let nm = 0;
    for (let i = 0; i < qTokens.length; i++) {
      let mx = 0;
      const bit = 1 << (i & 31);
      for (const set of [neigh[i], extra[i]]) {
        for (const term of set.terms) {
          if (this.termWeight[term] > mx) mx = this.termWeight[term];
          if (this.termBits[term] === 0) markedTerms[nm++] = term;
          this.termBits[term] |= bit;
        }
      }
      reachW[i] = mx;
      remC += mx;
    }
    let rem = W;
    // Reused across queries: a common token reaches thousands of names.
    const touched = this.touched;
    let nt = 0;
    const seen = this.seen, accS = this.accS, accW = this.accW, accC = this.accC;
    let o = 0;
    for (; o < order.length; o++) {
      const i = order[o];
      if (!(remC > 0 && (rem + remC) / 2 / ((rem + remC) / 2 + lq * (W - rem)) >= need)) break;
      // Across scripts names are ranked by the share of the query they match: once enough
      // names rank above anything the remaining tokens could give a name not yet reached,
      // those tokens only update names already reached.
      if (foreignMask && o > 0 && nt >= MAX_RESCORED_FOREIGN && this.foreignTopFull(nt, rem, W, need, lq, allowed)) break;
      rem -= qw[i];
      remC -= reachW[i];
      const bit = 1 << (i & 31);
      const w = qw[i];
      for (let pass = 0; pass < 2; pass++) {
        const set = pass === 0 ? neigh[i] : extra[i];
        for (let e = 0; e < set.size; e++) {
          const term = set.terms[e];
          const s = simOf(set.packed[e]) * w;
          const wc = this.termWeight[term];
          const post = this.postIds;
          for (let k = this.postStart[term], end = this.postStart[term + 1]; k < end; k++) {
            const a = post[k];
            const sa = seen[a];
            if (sa === 0) touched[nt++] = a;
            if (sa & bit) { if (pass === 1) accC[a] += wc; continue; }
            seen[a] = sa | bit;
            accS[a] += s;
            accW[a] += w;
            accC[a] += wc;
          }
        }
      }
    }
    if (o < order.length && nt) {
      // Common tokens: names that cannot reach the threshold even if every remaining token
      // matched are dropped first; the others are looked up on their own terms.
      let restMask = 0;
      for (let x = o; x < order.length; x++) restMask |= 1 << (order[x] & 31);
      let kept = 0;
      const aw = this.aliasWeight, starts = this.aliasTermStart, pool = this.aliasTerms;
      // Across scripts, names that could not rank among the best MAX_RESCORED_FOREIGN even
      // if every remaining token matched are dropped too (see foreignRankFloor).
      const floorRank = foreignMask ? this.foreignRankFloor(nt, W, need, lq, allowed) - 1e-6 : -Infinity;
      for (let x = 0; x < nt; x++) {
        const a = touched[x];
        const ws = aw[a];
        if ((this.accS[a] + rem) / W + 0.01 < floorRank) { this.accS[a] = 0; this.accW[a] = 0; this.accC[a] = 0; this.seen[a] = 0; continue; }
        // A word in another script may explain several listed words at once (glued syllables).
        const accW = this.accW[a] + rem, accC = foreignMask ? ws : Math.min(this.accC[a] + remC, ws);
        const num = (this.accS[a] + rem + accC) / 2;
        const den = (accW + accC) / 2 + lq * Math.max(0, W - accW) + lc * Math.max(0, ws - accC);
        if (den > 0 && num / den < need) { this.accS[a] = 0; this.accW[a] = 0; this.accC[a] = 0; this.seen[a] = 0; continue; }
        touched[kept++] = a;
        for (let jj = starts[a]; jj < starts[a + 1]; jj++) {
          const term = pool[jj];
          const bits = this.termBits[term] & restMask;
          if (!bits) continue;
          for (let x = o; x < order.length; x++) {
            const i = order[x];
            const bit = 1 << (i & 31);
            if (!(bits & bit)) continue;
            const wc = this.termWeight[term];
            if (this.seen[a] & bit) { this.accC[a] += wc; continue; }
            const p = neigh[i].get(term) ?? extra[i].get(term)!;
            this.seen[a] |= bit;
            this.accS[a] += simOf(p) * qw[i];
            this.accW[a] += qw[i];
            this.accC[a] += wc;
            break;
          }
        }
      }
      nt = kept;
    }
    for (let x = 0; x < nm; x++) this.termBits[markedTerms[x]] = 0;
    this.candidateCount += nt;
    // Upper bound of each name's score from what its tokens could explain at best.
    const keepBuf = this.keepBuf;
    let nk = 0;
    if (this.boundBuf.length < nt) this.boundBuf = new Float32Array(nt * 2);
    const bound = this.boundBuf;
    for (let x = 0; x < nt; x++) {
      const a = touched[x];
      const ws = this.aliasWeight[a];
      const c = foreignMask ? ws : Math.min(this.accC[a], ws);
      const num = (this.accS[a] + c) / 2;
      const den = (this.accW[a] + c) / 2 + lq * Math.max(0, W - this.accW[a]) + lc * Math.max(0, ws - c);
      const b = den > 0 ? num / den : 0;
      // Rank for the rescoring cap: the bound, or across scripts (where the bound assumes the
      // listed side fully explained) the share of both names matched so far, so that a long
      // name matching a few common words ranks below a short one matching them all.
      bound[x] = foreignMask ? (this.accS[a] + Math.min(this.accC[a], ws)) / (W + ws) + 0.01 * b : b;
      if (b >= need && (!allowed || this.nameAllowed(a, allowed))) keepBuf[nk++] = x;
      this.accS[a] = 0; this.accW[a] = 0; this.accC[a] = 0; this.seen[a] = 0;
    }
    const maxRescored = foreignMask ? MAX_RESCORED_FOREIGN : MAX_RESCORED;
    const keep = nk > maxRescored ? topByBound(keepBuf, nk, bound, maxRescored, this.keepVals) : null;
    for (let y = 0, ny = keep ? keep.length : nk; y < ny; y++) {
      const x = keep ? keep[y] : keepBuf[y];
      const a = touched[x];
      const alias = this.aliases[a];
      // Holders of a name share its schema (names are prepared per schema).
      const e = this.entities[this.holderEntity[this.holderFirst[a]]];
      const schema = qSchema !== 'unknown' ? qSchema : e.schema !== 'unknown' ? e.schema : (q.hint ?? alias.name.hint ?? 'unknown');
      const s = this.scoreAlias(qTokens, qw, neigh, q, alias, schema, stop, null) * factor;
      this.scoredCount++;
      for (let h = this.holderFirst[a]; h >= 0; h = this.holderNext[h]) {
        const ei = this.holderEntity[h], kind = this.holderKind[h];
        if (allowed && !allowed[this.entityList[ei]]) continue;
        const sk = s * KIND_FACTOR[kind];
        if (sk > this.bestScore[ei]) {
          if (this.bestScore[ei] < 0) this.bestList[this.bestCount++] = ei;
          this.bestScore[ei] = sk; this.bestAlias[ei] = a; this.bestKind[ei] = kind; this.bestVariant[ei] = v;
        }
      }
    }
  }

  /**
   * Whether enough names already reached (for a query in another script) rank above what
   * any name not yet reached could rank: their share of the query only grows, and their bound
   * never falls as more tokens are matched.
   */
  private foreignTopFull(nt: number, rem: number, W: number, need: number, lq: number, allowed: boolean[] | null): boolean {
    const floor = rem / W + 0.01;
    let n = 0;
    const touched = this.touched;
    for (let x = 0; x < nt; x++) {
      const a = touched[x];
      const s = this.accS[a], w = this.accW[a], ws = this.aliasWeight[a];
      const num = (s + ws) / 2;
      const den = (w + ws) / 2 + lq * Math.max(0, W - w);
      const b = den > 0 ? num / den : 0;
      if (b < need || s / W + 0.01 * b <= floor || (allowed && !this.nameAllowed(a, allowed))) continue;
      if (++n >= MAX_RESCORED_FOREIGN) return true;
    }
    return false;
  }

  /**
   * For a query in another script: the rank (share of the query matched, plus a hundredth of
   * the bound) that MAX_RESCORED_FOREIGN names reached so far are sure to keep; −∞ when fewer
   * names qualify. Those names stay in the pool ranked for rescoring (their share only grows,
   * their bound never falls), so a name whose best possible rank stays below this one never
   * would.
   */
  private foreignRankFloor(nt: number, W: number, need: number, lq: number, allowed: boolean[] | null): number {
    if (nt < MAX_RESCORED_FOREIGN) return -Infinity;
    if (this.rankBuf.length < nt) this.rankBuf = new Float64Array(nt * 2);
    const ranks = this.rankBuf;
    let n = 0;
    const touched = this.touched;
    for (let x = 0; x < nt; x++) {
      const a = touched[x];
      if (allowed && !this.nameAllowed(a, allowed)) continue;
      const s = this.accS[a], w = this.accW[a], ws = this.aliasWeight[a];
      const den = (w + ws) / 2 + lq * Math.max(0, W - w);
      const b = den > 0 ? (s + ws) / 2 / den : 0;
      if (b >= need) ranks[n++] = s / W + 0.01 * b;
    }
    if (n < MAX_RESCORED_FOREIGN) return -Infinity;
    return kthLargest(ranks, n, MAX_RESCORED_FOREIGN);
  }

  /** Builds the reviewer-facing explanation of one hit (scores the winning name again, with notes). */
  private explainHit(ei: number, score: number, b: Best | undefined, facts: FactEffect[], root: PreparedName, qSchema: Schema, stop: Set<string> | undefined): ScreeningMatch {
    const e = this.entities[ei];
    const explanation: MatchExplanation = { nameScore: 0, matchedName: e.names[0]?.full ?? '', aliasKind: 'primary', queryName: root.raw, tokens: [], unmatchedQuery: [], unmatchedAlias: [], notes: [], facts };
    if (b) {
      const alias = this.aliases[b.alias];
      const qTokens = b.variant.tokens.slice(0, MAX_QUERY_TOKENS);
      const schema = qSchema !== 'unknown' ? qSchema : e.schema !== 'unknown' ? e.schema : (b.variant.hint ?? alias.name.hint ?? 'unknown');
      const ex: NameExplanation = { pairs: [], unmatchedQuery: [], unmatchedAlias: [], notes: [] };
      const neigh = qTokens.map((t) => this.neighbours(t));
      this.scoreAlias(qTokens, b.qw, neigh, b.variant, alias, schema, stop, ex);
      explanation.nameScore = Math.round(b.score * 1000) / 1000;
      explanation.matchedName = alias.raw;
      explanation.aliasKind = KINDS[b.kind];
      explanation.queryName = b.variant.raw;
      explanation.tokens = ex.pairs;
      explanation.unmatchedQuery = ex.unmatchedQuery;
      explanation.unmatchedAlias = ex.unmatchedAlias;
      explanation.notes = ex.notes;
      if (b.kind === 2) explanation.notes.push('weak alias (low-quality a.k.a.): name score × 0.9');
      if (b.kind === 3) explanation.notes.push('former name of the entity: name score × 0.95');
      if (b.variant !== root) explanation.notes.push(`matched on a former name written in the query: ${b.variant.raw}`);
    }
    return {
      entityId: e.id, list: e.list, listVersion: e.listVersion, schema: e.schema, name: e.names[0]?.full ?? '',
      matchedName: explanation.matchedName, score: Math.round(score * 1000) / 1000, explanation,
    };
  }

  private scoreAlias(qTokens: Token[], qw: Float32Array, neigh: TermSet[],
    q: PreparedName, alias: Alias, schema: Schema, stop: Set<string> | undefined, explain: NameExplanation | null): number {
    const n = qTokens.length, m = alias.tokens.length;
    // Reused buffers: hundreds of names are rescored per query.
    if (n * m > this.simBuf.length) { this.simBuf = new Float32Array(n * m); this.howBuf = new Uint8Array(n * m); }
    const sim = this.simBuf, how = this.howBuf;
    sim.fill(0, 0, n * m);
    how.fill(0, 0, n * m);
    for (let i = 0; i < n; i++) {
      const nb = neigh[i];
      const qi = qTokens[i];
      for (let j = 0; j < m; j++) {
        const t = alias.tokens[j];
        if ((qi.role | t.role) & INITIAL) {
          // Initials are not reached through keys: compare directly.
          const s = tokenSimilarity(qi, t, this.simOpts);
          sim[i * m + j] = s;
          how[i * m + j] = lastHow;
          continue;
        }
        const term = this.aliasTerms[alias.at + j];
        const p = nb.get(term);
        if (p !== undefined) { sim[i * m + j] = simOf(p); how[i * m + j] = p % 16; }
        else if (qi.script !== t.script) {
          // Across scripts, keys miss some spellings: compare the sounds directly.
          const memo = nb.cross ??= new Map();
          let packed = memo.get(term);
          if (packed === undefined) {
            const s = tokenSimilarity(qi, t, this.simOpts);
            packed = pack(s, lastHow);
            memo.set(term, packed);
          }
          if (packed >= 16) { sim[i * m + j] = simOf(packed); how[i * m + j] = packed % 16; }
        }
      }
    }
    // The name's token weights, copied into a reused buffer (stop words weigh little).
    const weights = this.weightBuf;
    for (let j = 0; j < m; j++) {
      const w = this.aliasTokenWeights[alias.at + j];
      weights[j] = stop?.has(alias.tokens[j].text) ? Math.min(w, 0.1) : w;
    }
    if (this.gQ !== qTokens) { this.gQ = qTokens; this.gMemo.clear(); }
    this.gNeigh = neigh;
    this.gAlias = alias;
    let s = scoreTokens({ tokens: qTokens, weights: qw }, { tokens: alias.tokens, weights }, sim, how, schema, this.simOpts, explain, this.glue);
    s *= wholeNameAdjust(q, alias.name, schema, explain?.notes ?? null);
    return s;
  }
}

/** A list reduced to what the index keeps of each entity (see kept): for callers that need no more. */
export function forScreening(load: ListLoad): ListLoad {
  return { ...load, entities: load.entities.map(kept) };
}

/** Builds the index from list loads (or bare entities). */
export function buildIndex(input: ListLoad[] | Entity[], options: IndexOptions = {}): ScreeningIndex {
  return new ScreeningIndex(input, options);
}


