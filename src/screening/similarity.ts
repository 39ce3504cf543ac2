// How alike two tokens are, and why. Returns a similarity in 0..1 and records the kind of
// evidence in `lastHow` (kept in a module variable so the hot path allocates nothing).

import { GENERIC, INITIAL, LEGAL_WORD, NUMBER, PERSON, type Token } from './prepare.ts';
import { mandatoryCount, unitsSimilarity } from './phonetic.ts';
import { conceptOf } from './translations.ts';

export const HOW = ['exact', 'translit', 'spelling', 'phonetic', 'fuzzy', 'initial', 'stem', 'translation', 'joined'] as const;
export type How = (typeof HOW)[number];
export const EXACT = 0, TRANSLIT = 1, SPELLING = 2, PHONETIC = 3, FUZZY = 4, INITIAL_HOW = 5, STEM = 6, TRANSLATION = 7, JOINED = 8;

export let lastHow = EXACT;

/** Lowest similarity at which two tokens are paired at all. */
export const MIN_PAIR = 0.7;

/** Whether the two tokens are the same with doubled letters written once (Hussain / Husain); builds no strings. */
function sameCollapsed(a: string, b: string): boolean {
  let i = 0, j = 0;
  while (i < a.length && j < b.length) {
    if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
    const c = a.charCodeAt(i);
    while (i < a.length && a.charCodeAt(i) === c) i++;
    while (j < b.length && b.charCodeAt(j) === c) j++;
  }
  return i === a.length && j === b.length;
}

let d0 = new Int32Array(32), d1 = new Int32Array(32), d2 = new Int32Array(32);

/** Optimal-string-alignment distance, or max+1 once it exceeds max. */
export function editDistance(a: string, b: string, max: number): number {
  const n = a.length, m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (m + 1 > d0.length) { d0 = new Int32Array(m + 1); d1 = new Int32Array(m + 1); d2 = new Int32Array(m + 1); }
  let pp = d0, p = d1, c = d2;
  for (let j = 0; j <= m; j++) p[j] = j;
  for (let i = 1; i <= n; i++) {
    c[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = p[j - 1] + (ai === bj ? 0 : 1);
      if (p[j] + 1 < v) v = p[j] + 1;
      if (c[j - 1] + 1 < v) v = c[j - 1] + 1;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj && pp[j - 2] + 1 < v) v = pp[j - 2] + 1;
      c[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = pp; pp = p; p = c; c = t;
  }
  return p[m];
}

const PLURAL_ENDINGS = ['s', 'es', 'lar', 'ler', 'leri', 'lari'];

/** One word is the other with a plural ending (star/stars, kaptan/kaptanlar). */
function pluralOf(a: string, b: string): boolean {
  const s = a.length < b.length ? a : b, l = a.length < b.length ? b : a;
  if (s.length < 3 || l.length - s.length > 4 || !l.startsWith(s)) return false;
  return PLURAL_ENDINGS.includes(l.slice(s.length));
}

/** Most edits apart two Latin words of which the longer has L letters may be and still pair. */
const farEdits = (L: number): number => Math.max(2, Math.round(L * 0.35));

/** The letters a word holds: a–z one bit each, any other character one shared bit. */
export function letterMask(text: string): number {
  let m = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) - 97;
    m |= c >= 0 && c < 26 ? 1 << c : 1 << 26;
  }
  return m;
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Whether two Latin words surely do not pair (tokenSimilarity 0), told from their letters
 * alone: every pairing by spelling or sound needs them within farEdits, and each letter found
 * on one side only costs at least one edit. Initials, plural endings and shared meanings pair
 * words further apart; doubled letters change no letter. A cheap test before the full comparison.
 */
export function latinApart(a: Token, b: Token, maskA: number, maskB: number, opts: SimilarityOptions): boolean {
  // An initial pairs with any word it begins.
  if ((a.role | b.role) & INITIAL) return false;
  const apart = Math.max(bitCount(maskA & ~maskB), bitCount(maskB & ~maskA));
  if (apart <= farEdits(Math.max(a.text.length, b.text.length))) return false;
  if (pluralOf(a.text, b.text)) return false;
  return !(opts.translations && conceptOf(a.text) && conceptOf(b.text));
}

export interface SimilarityOptions {
  translations: boolean;
}

/** Similarity of two tokens; sets lastHow. */
export function tokenSimilarity(a: Token, b: Token, opts: SimilarityOptions): number {
  const latin = a.script === 'latin' && b.script === 'latin';
  if (a.text === b.text) { lastHow = latin ? EXACT : TRANSLIT; return 1; }
  lastHow = FUZZY;
  if ((a.role | b.role) & NUMBER) return 0;
  if ((a.role ^ b.role) & INITIAL && latin) {
    const [i, o] = a.role & INITIAL ? [a, b] : [b, a];
    if (o.text.length > 1 && o.text[0] === i.text) { lastHow = INITIAL_HOW; return 0.7; }
    return 0;
  }
  if ((a.role | b.role) & INITIAL) return 0;
  if (opts.translations) {
    const ca = conceptOf(a.text), cb = conceptOf(b.text);
    if (ca && cb) {
      if (ca === cb) { lastHow = latin ? STEM : TRANSLATION; return latin ? 0.9 : 0.85; }
      return 0;
    }
  }
  let best = 0;
  if (latin && (a.role | b.role) & (GENERIC | LEGAL_WORD)) {
    // Generic words are dictionary words: two different ones are two different businesses
    // (exports / experts), and only a plain misspelling of one is accepted (CORP is not KOURF).
    if (pluralOf(a.text, b.text)) { lastHow = STEM; return 0.85; }
    if (a.role & b.role & (GENERIC | LEGAL_WORD)) return 0;
    if (sameCollapsed(a.text, b.text)) { lastHow = SPELLING; return 0.96; }
    const L = Math.max(a.text.length, b.text.length);
    if (L >= 7 && a.text[0] === b.text[0] && editDistance(a.text, b.text, 1) === 1) return 0.85;
    return 0;
  }
  if (latin) {
    // A plural of a name is another name (vessels STAR / STARS), unlike a typo; people's
    // names have no plurals (Gervai / Gervais is a typo).
    if (!((a.role | b.role) & PERSON) && pluralOf(a.text, b.text)) return 0;
    if (sameCollapsed(a.text, b.text)) { lastHow = SPELLING; return 0.96; }
    const L = Math.max(a.text.length, b.text.length);
    const firstDiff = a.text[0] !== b.text[0];
    // One distance serves every test below: exact up to the widest bound any of them uses.
    const far = farEdits(L);
    const d = editDistance(a.text, b.text, far);
    // Three letters: one changed letter after the first (Kim / Kum) is a weak pair.
    if (L === 3 && !firstDiff && a.text.length === 3 && b.text.length === 3 && d === 1) best = 0.7;
    // Short tokens differing in their first letter are different names (Hing / Shing).
    if (L >= 4 && !(firstDiff && L <= 5)) {
      // One edit weighs more in a short token: EMMA / EMKA are two names more often than a typo.
      if (d === 1) best = (L <= 4 ? 0.72 : L === 5 ? 0.8 : 0.9) - (firstDiff ? 0.1 : 0);
      else if (d === 2 && L >= 8) best = 0.76 - (firstDiff ? 0.06 : 0);
    }
    // Sound-alike spellings only for tokens with enough consonants to be telling (not Jong /
    // Hong), and not so far apart in letters that only the sound classes agree (Corp / Kourf).
    if (d <= far && mandatoryCount(a.units) >= 3 && mandatoryCount(b.units) >= 3) {
      const p = unitsSimilarity(a.units, b.units, 0.3);
      if (p > best) { lastHow = PHONETIC; return p; }
    }
    return best;
  }
  const p = unitsSimilarity(a.units, b.units, 0, true);
  if (p > 0) { lastHow = TRANSLIT; best = p; }
  const L = Math.max(a.text.length, b.text.length);
  if (L >= 5 && editDistance(a.text, b.text, 1) === 1 && 0.85 > best) { lastHow = TRANSLIT; best = 0.85; }
  return best;
}
