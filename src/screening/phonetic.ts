// Vowel-tolerant sound comparison. A token becomes a sequence of "units", each a set of
// consonant classes it may stand for (Latin "ch" may be the ch of "Chavez", the kh of
// "Shachar" or the sh of "Chirac") plus how optional it is: vowels and weak letters
// (h, w, y, Hebrew/Arabic vowel carriers) may be missing on one side at a small cost. This
// lets a vowel-less Hebrew or Arabic spelling meet its vowelled Latin transliteration, and
// Latin romanisation variants (Zavyalov/Zavjalov, Kholmogrant/Holmogrant) meet each other.

export const B = 1 << 0; // b p f v w
export const K = 1 << 1; // k q hard c
export const G = 1 << 2; // g
export const J = 1 << 3; // j dj zh
export const S = 1 << 4; // s
export const SH = 1 << 5; // sh
export const Z = 1 << 6; // z ts tz
export const CH = 1 << 7; // ch tch cz
export const T = 1 << 8; // t th
export const D = 1 << 9; // d dh
export const H = 1 << 10; // h
export const L = 1 << 11;
export const M = 1 << 12;
export const N = 1 << 13;
export const R = 1 << 14;
export const Y = 1 << 15;
// Vowels keep their quality so that Latin spellings can tell "Umisachi" from "Yamasachi";
// vowel letters of abjads (and vowel carriers) stand for any vowel.
export const VA = 1 << 16;
export const VE = 1 << 17;
export const VI = 1 << 18;
export const VO = 1 << 19;
export const VU = 1 << 20;
export const VOW = VA | VE | VI | VO | VU;
const MASK = 0x1fffff;

/** Tier of a unit: 0 mandatory consonant, 1 vowel, 2 weak consonant (h, w, y). */
const TIER_SHIFT = 24;
const SKIP_COST = [1, 0.1, 0.25, 0.25];

export const unit = (mask: number, tier = 0): number => mask | (tier << TIER_SHIFT);
const tierOf = (u: number): number => (u >>> TIER_SHIFT) & 3;

const V = unit(VOW, 1);
const vowel = (m: number): number => unit(m, 1);

/** Latin digraphs first (longest first), then single letters. */
const LATIN: Array<[string, number[]]> = [
  ['sch', [unit(SH)]], ['tch', [unit(CH)]], ['dzh', [unit(J)]],
  ['sh', [unit(SH | S)]], ['ch', [unit(CH | K | SH)]], ['cz', [unit(CH)]], ['cs', [unit(CH)]],
  ['kh', [unit(K | H)]], ['gh', [unit(G | H)]], ['zh', [unit(J | Z | SH)]], ['ph', [unit(B)]],
  ['th', [unit(T | S)]], ['dh', [unit(D | Z)]], ['ts', [unit(Z | S | CH)]], ['tz', [unit(Z | S | CH)]],
  ['dj', [unit(J)]], ['dz', [unit(Z | J)]], ['ck', [unit(K)]], ['sz', [unit(SH)]], ['qu', [unit(K)]],
  ['ng', [unit(N), unit(G | K, 2)]],
  ['ou', [vowel(VO | VU)]], ['ee', [vowel(VE | VI)]], ['oo', [vowel(VO | VU)]], ['ii', [vowel(VI)]], ['aa', [vowel(VA)]],
  ['ai', [vowel(VA | VE | VI | Y)]], ['ay', [vowel(VA | VE | VI | Y)]], ['ei', [vowel(VE | VI | Y)]], ['ey', [vowel(VE | VI | Y)]],
  ['ae', [vowel(VA | VE)]], ['au', [vowel(VA | VO | VU | B)]], ['aw', [vowel(VA | VO | B)]],
  ['a', [vowel(VA)]], ['e', [vowel(VE)]], ['i', [vowel(VI | Y)]], ['o', [vowel(VO)]], ['u', [vowel(VU | VO | B)]],
  ['y', [unit(Y | VI | VE, 2)]], ['w', [unit(B | VU, 2)]], ['h', [unit(H, 2)]],
  ['b', [unit(B)]], ['p', [unit(B)]], ['f', [unit(B)]], ['v', [unit(B)]],
  ['k', [unit(K | G)]], ['g', [unit(G | K | J)]], ['q', [unit(K | G)]], ['c', [unit(K | S | Z | CH)]],
  ['j', [unit(J | Y | H)]], ['x', [unit(K), unit(S)]], ['s', [unit(S | Z)]], ['z', [unit(Z | J)]],
  ['d', [unit(D | T)]], ['t', [unit(T | D)]], ['l', [unit(L)]], ['m', [unit(M)]], ['n', [unit(N)]], ['r', [unit(R)]],
];

const LATIN_BY_FIRST = new Map<string, Array<[string, number[]]>>();
for (const e of LATIN) {
  const list = LATIN_BY_FIRST.get(e[0][0]) ?? [];
  list.push(e);
  LATIN_BY_FIRST.set(e[0][0], list);
}

/** Units of a lower-case ASCII token; `widen` adds classes for scripts whose romanisation blurs them. */
export function latinUnits(text: string, widen = false): Uint32Array {
  const out: number[] = [];
  let i = 0;
  while (i < text.length) {
    const cands = LATIN_BY_FIRST.get(text[i]);
    let matched = false;
    if (cands) {
      for (const [pat, units] of cands) {
        if (text.startsWith(pat, i)) {
          for (const u of units) pushUnit(out, widen ? widenUnit(u) : u);
          i += pat.length;
          matched = true;
          break;
        }
      }
    }
    if (!matched) i++; // digits and anything else carry no sound
  }
  if (out.length) {
    // A word's first h, w or y before a vowel is a consonant (Hassan, Wali, Yusuf); Burmese
    // spellings put an h before consonants (Htun, Hlaing), where it stays weak.
    if (tierOf(out[0]) === 2 && out.length > 1 && tierOf(out[1]) === 1) out[0] = out[0] & MASK;
    const last = out.length - 1;
  }
  return Uint32Array.from(out);
}

/** Makes a unit mandatory (a word-initial weak letter). */
export const firm = (u: number): number => u & MASK;

/** Korean and Burmese romanisations do not keep these pairs apart. */
function widenUnit(u: number): number {
  if (u & (G | K)) u |= G | K;
  if (u & (D | T)) u |= D | T;
  if (u & (J | CH)) u |= J | CH | Z;
  if (u & (R | L)) u |= R | L;
  return u;
}

/** Appends a unit, folding a doubled Latin letter into one. */
export function pushUnit(out: number[], u: number): void {
  if (out.length && out[out.length - 1] === u && tierOf(u) === 0) return;
  out.push(u);
}

/** Number of mandatory units of a token. */
export const mandatoryOf = (t: { units: Uint32Array }): number => mandatoryCount(t.units);

export function mandatoryCount(units: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < units.length; i++) if (tierOf(units[i]) === 0) n++;
  return n;
}

// One reusable row buffer pair: comparisons run one at a time.
let prev = new Float64Array(64);
let cur = new Float64Array(64);

/**
 * Edit cost between two unit sequences: optional units are cheap to skip, classes that overlap
 * are free to pair. Once every alignment costs more than `maxCost`, returns that row's minimum
 * (a cost above `maxCost`) without finishing: every path crosses every row, costs only add up.
 */
export function unitsCost(a: Uint32Array, b: Uint32Array, vowelCost = 0, maxCost = Infinity): number {
  const m = b.length;
  if (m + 1 > prev.length) { prev = new Float64Array(m + 1); cur = new Float64Array(m + 1); }
  prev[0] = 0;
  for (let j = 1; j <= m; j++) prev[j] = prev[j - 1] + skip(b[j - 1], vowelCost, j > 1 && b[j - 2] === b[j - 1]);
  for (let i = 1; i <= a.length; i++) {
    const ua = a[i - 1];
    const da = skip(ua, vowelCost, i > 1 && a[i - 2] === ua);
    cur[0] = prev[0] + da;
    let rowMin = cur[0];
    for (let j = 1; j <= m; j++) {
      const ub = b[j - 1];
      const both = ua & ub & MASK;
      // Two different vowels: cheap across scripts, a real difference between Latin spellings.
      let best = prev[j - 1] + (both ? 0 : tierOf(ua) === 1 && tierOf(ub) === 1 ? vowelCost : 1);
      const del = prev[j] + da;
      if (del < best) best = del;
      const ins = cur[j - 1] + skip(ub, vowelCost, j > 1 && b[j - 2] === ub);
      if (ins < best) best = ins;
      cur[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > maxCost) return rowMin;
    const t = prev; prev = cur; cur = t;
  }
  return prev[m];
}

/** Cost of leaving a unit unpaired; a consonant written twice (مم, "ll") costs little the second time. */
function skip(u: number, vowelCost: number, repeated: boolean): number {
  const t = tierOf(u);
  if (repeated && t === 0) return 0.1;
  return t === 1 ? Math.max(SKIP_COST[1], vowelCost) : SKIP_COST[t];
}

/**
 * Whether every consonant of `a` (a letter written twice counts once) can be paired, in order,
 * with a unit of `b` sharing one of its classes. An alignment that leaves one unpaired costs
 * at least 1 (it is skipped or paired with a unit of no common class), so when this fails the
 * cost is 1 or more. Linear, where the full comparison is quadratic.
 */
function partnered(a: Uint32Array, b: Uint32Array): boolean {
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const u = a[i];
    if (tierOf(u) !== 0 || (i > 0 && a[i - 1] === u)) continue;
    while (j < b.length && !(u & b[j] & MASK)) j++;
    if (j++ >= b.length) return false;
  }
  return true;
}

/**
 * Similarity of two unit sequences in 0..1, or 0 when they are not the same name. Only
 * optional units may differ; across scripts one consonant may also differ in long tokens.
 */
export function unitsSimilarity(a: Uint32Array, b: Uint32Array, vowelCost = 0, allowMismatch = false, floor = 0): number {
  const na = mandatoryCount(a);
  const nb = mandatoryCount(b);
  const n = Math.max(na, nb);
  if (Math.abs(na - nb) > 2) return 0;
  // The highest cost that still gives a similarity of at least `floor` (the rules below).
  let maxCost = n === 0 ? 0.3 : n <= 1 ? (allowMismatch ? 0.2 : 0.3) : Math.max(0.45, 0.12 * n);
  if (n > 1 && floor <= 0.78) maxCost = Math.max(maxCost, 0.75);
  if (n > 1 && floor <= 0.75 && allowMismatch && n >= 5) maxCost = Math.max(maxCost, 1.4);
  // Below a cost of 1 every consonant must find its partner: most pairs fail that cheap test.
  if (maxCost < 1 && !(partnered(a, b) && partnered(b, a))) return 0;
  const cost = unitsCost(a, b, vowelCost, maxCost + 1e-9);
  // Names of weak letters only (يحيى / Yahya): every letter must find its pair.
  if (n === 0) return a.length >= 2 && b.length >= 2 && cost <= 0.3 ? 0.8 : 0;
  // A one-consonant token carries little: it must meet its pair almost exactly.
  if (n <= 1) return cost <= (allowMismatch ? 0.2 : 0.3) ? 0.8 : 0;
  if (cost <= 0.45 || cost <= 0.12 * n) return Math.max(0.8, 0.95 - (0.3 * cost) / n);
  if (cost <= 0.75) return 0.78;
  if (allowMismatch && n >= 5 && cost <= 1.4) return 0.75;
  return 0;
}

const GROUPS: Array<[number, string]> = [[B, 'b'], [K | G | H, 'k'], [J | Z | S | SH | CH, 's'], [T | D, 't'], [L, 'l'], [M, 'm'], [N, 'n'], [R, 'r']];

/**
 * Coarse consonant skeletons of a unit sequence, used only to find candidates: vowels and
 * weak letters dropped, consonants folded into eight groups. Ambiguous units branch (at most 4 keys).
 */
export function skeletonKeys(units: Uint32Array): string[] {
  let keys = [''];
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (tierOf(u) !== 0) continue;
    const letters: string[] = [];
    for (const [g, ch] of GROUPS) if (u & g) letters.push(ch);
    if (!letters.length) continue;
    const next: string[] = [];
    for (const k of keys) {
      for (const ch of letters) {
        const v = k.endsWith(ch) ? k : k + ch;
        if (!next.includes(v)) next.push(v);
      }
    }
    keys = next.length > 4 ? next.slice(0, 4) : next;
  }
  return keys.filter((k) => k.length >= 1);
}
