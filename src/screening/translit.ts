// Transliteration of one written word to Latin tokens, each with its sound units.
// any-ascii covers most scripts; Hebrew, Arabic/Persian and Burmese get rules of our own,
// because their Latin spellings in lists follow conventions any-ascii does not (vowel-less
// abjads, Burmese syllable spellings such as "Kyaw", "Shwe", "Htet").

import anyAscii from 'any-ascii';
import { B, CH, D, G, H, J, K, L, M, N, R, S, SH, T, VE, VI, VO, VOW, VU, Y, Z, firm, latinUnits, pushUnit, unit } from './phonetic.ts';

export type Script = 'latin' | 'cyrillic' | 'greek' | 'hebrew' | 'arabic' | 'burmese' | 'cjk' | 'hangul' | 'other';

export interface RomanToken {
  text: string;
  script: Script;
  units: Uint32Array;
  /** Syllables of a word written without spaces between them (Burmese), for finding candidates. */
  parts?: string[];
}

export function scriptOf(code: number): Script {
  if (code < 0x250) return 'latin';
  if (code >= 0x370 && code <= 0x3ff) return 'greek';
  if (code >= 0x400 && code <= 0x52f) return 'cyrillic';
  if (code >= 0x590 && code <= 0x5ff) return 'hebrew';
  if ((code >= 0x600 && code <= 0x6ff) || (code >= 0x750 && code <= 0x77f) || (code >= 0x8a0 && code <= 0x8ff)) return 'arabic';
  if (code >= 0x1000 && code <= 0x109f) return 'burmese';
  if ((code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x4dbf) || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff)) return 'cjk';
  if ((code >= 0xac00 && code <= 0xd7af) || (code >= 0x1100 && code <= 0x11ff) || (code >= 0x3130 && code <= 0x318f)) return 'hangul';
  if (code >= 0xfb1d && code <= 0xfb4f) return 'hebrew';
  if ((code >= 0xfb50 && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfeff)) return 'arabic';
  if (code >= 0x1e00 && code <= 0x1eff) return 'latin';
  return 'other';
}

/** Lower-case ASCII letters and digits only (diacritics folded). */
export function foldLatin(s: string): string {
  return anyAscii(s).toLowerCase().replace(/[^a-z0-9]+/g, '');
}

// ---- Hebrew -------------------------------------------------------------------------

type Letter = [string, number];
const HEB: Record<string, Letter> = {
  'א': ['', unit(VOW, 1)], 'ב': ['b', unit(B)], 'ג': ['g', unit(G | K | J)], 'ד': ['d', unit(D | T)],
  'ה': ['h', unit(H | VOW, 2)], 'ו': ['v', unit(B | VO | VU, 1)], 'ז': ['z', unit(Z | J | S)], 'ח': ['kh', unit(H | K, 2)],
  'ט': ['t', unit(T | D)], 'י': ['y', unit(Y | VI | VE, 1)], 'כ': ['k', unit(K | H)], 'ך': ['k', unit(K | H)],
  'ל': ['l', unit(L)], 'מ': ['m', unit(M)], 'ם': ['m', unit(M)], 'נ': ['n', unit(N)], 'ן': ['n', unit(N)],
  'ס': ['s', unit(S | Z)], 'ע': ['', unit(VOW, 1)], 'פ': ['p', unit(B)], 'ף': ['f', unit(B)],
  'צ': ['ts', unit(Z | S | CH)], 'ץ': ['ts', unit(Z | S | CH)], 'ק': ['k', unit(K | G)], 'ר': ['r', unit(R)],
  'ש': ['sh', unit(SH | S)], 'ת': ['t', unit(T | S | D)],
};
const HEB_GERESH: Record<string, Letter> = { 'ג': ['j', unit(J)], 'ז': ['zh', unit(J | Z)], 'צ': ['ch', unit(CH)], 'ת': ['th', unit(T | S)] };

function hebrew(word: string): RomanToken {
  let text = '';
  const units: number[] = [];
  const letters = [...word].filter((c) => HEB[c] || c === '׳' || c === "'");
  for (let i = 0; i < letters.length; i++) {
    const c = letters[i];
    if (!HEB[c]) continue;
    const geresh = letters[i + 1] === '׳' || letters[i + 1] === "'";
    let [t, u] = geresh && HEB_GERESH[c] ? HEB_GERESH[c] : HEB[c];
    // A final he is a vowel ending (-a, -e) far more often than a consonant.
    if (c === 'ה' && i === letters.length - 1 && i > 0) { t = 'a'; u = unit(VOW | H, 1); }
    // A word-initial yod is the consonant y (Yitzhak); vav and he there are "and" and "the".
    if (i === 0 && c === 'י') u = firm(u);
    text += t;
    units.push(u);
  }
  return { text, script: 'hebrew', units: Uint32Array.from(units) };
}

// ---- Arabic and Persian -------------------------------------------------------------

const ARA: Record<string, Letter> = {
  'ا': ['a', unit(VOW, 1)], 'أ': ['a', unit(VOW, 1)], 'إ': ['i', unit(VOW, 1)], 'آ': ['a', unit(VOW, 1)], 'ٱ': ['a', unit(VOW, 1)],
  'ء': ['', unit(VOW, 1)], 'ؤ': ['w', unit(B | VO | VU, 1)], 'ئ': ['y', unit(Y | VI | VE, 1)],
  'ب': ['b', unit(B)], 'ت': ['t', unit(T | D)], 'ث': ['th', unit(T | S)], 'ج': ['j', unit(J | G)], 'ح': ['h', unit(H, 2)],
  'خ': ['kh', unit(K | H)], 'د': ['d', unit(D | T)], 'ذ': ['dh', unit(D | Z)], 'ر': ['r', unit(R)], 'ز': ['z', unit(Z | S)],
  'س': ['s', unit(S | Z)], 'ش': ['sh', unit(SH | S)], 'ص': ['s', unit(S)], 'ض': ['d', unit(D | Z)], 'ط': ['t', unit(T | D)],
  'ظ': ['z', unit(Z | D)], 'ع': ['', unit(VOW, 1)], 'غ': ['gh', unit(G | H)], 'ف': ['f', unit(B)], 'ق': ['q', unit(K | G)],
  'ك': ['k', unit(K)], 'ک': ['k', unit(K)], 'ل': ['l', unit(L)], 'م': ['m', unit(M)], 'ن': ['n', unit(N)],
  'ه': ['h', unit(H | VOW, 2)], 'ہ': ['h', unit(H | VOW, 2)], 'ھ': ['h', unit(H, 2)], 'ة': ['a', unit(VOW | T, 1)],
  'و': ['w', unit(B | VO | VU, 1)], 'ي': ['y', unit(Y | VI | VE, 1)], 'ی': ['y', unit(Y | VI | VE, 1)], 'ى': ['a', unit(VOW, 1)],
  'ې': ['y', unit(Y | VI | VE, 1)], 'پ': ['p', unit(B)], 'چ': ['ch', unit(CH)], 'ژ': ['zh', unit(J | Z)], 'گ': ['g', unit(G | K)],
};

function arabic(word: string): RomanToken[] {
  const out: RomanToken[] = [];
  let w = [...word].filter((c) => ARA[c] || (c >= '٠' && c <= '٩') || (c >= '۰' && c <= '۹'));
  // The article al- is written joined to the word; Latin lists write it apart or not at all.
  if (w.length > 3 && w[0] === 'ا' && w[1] === 'ل') {
    // Before most consonants the article's l is not heard (al-Din → ud-Din): it may go unpaired.
    out.push({ text: 'al', script: 'arabic', units: Uint32Array.of(unit(VOW, 1), unit(L, 2)) });
    w = w.slice(2);
  }
  let text = '';
  const units: number[] = [];
  for (let i = 0; i < w.length; i++) {
    const c = w[i];
    if (c >= '٠' && c <= '٩') { text += String(c.charCodeAt(0) - 0x660); continue; }
    if (c >= '۰' && c <= '۹') { text += String(c.charCodeAt(0) - 0x6f0); continue; }
    let [t, u] = ARA[c];
    if ((c === 'ه' || c === 'ة') && i === w.length - 1 && i > 0) { t = c === 'ة' ? 'a' : 'h'; u = unit(VOW | H | T, 1); }
    // ت + ش is how Arabic script writes the "ch" of foreign names.
    if (c === 'ت' && w[i + 1] === 'ش') { t = 'ch'; u = unit(CH | SH); i++; }
    // Word-initial waw, ya and ha are consonants (Wali, Yusuf, Hassan).
    if (i === 0 && (c === 'و' || c === 'ي' || c === 'ی' || c === 'ح' || c === 'ه')) u = firm(u);
    text += t;
    units.push(u);
  }
  if (text) out.push({ text, script: 'arabic', units: Uint32Array.from(units) });
  return out;
}

// ---- Burmese ------------------------------------------------------------------------

// Onsets: conventional Latin spelling and the classes it may stand for.
const MY_ONSET: Record<string, Letter> = {
  'က': ['k', unit(K | G)], 'ခ': ['kh', unit(K | H)], 'ဂ': ['g', unit(G | K)], 'ဃ': ['g', unit(G | K)], 'င': ['ng', unit(N)],
  'စ': ['s', unit(S | Z)], 'ဆ': ['hs', unit(S | H)], 'ဇ': ['z', unit(Z | J | S)], 'ဈ': ['z', unit(Z | J)], 'ည': ['ny', unit(N)],
  'ဋ': ['t', unit(T | D)], 'ဌ': ['ht', unit(T)], 'ဍ': ['d', unit(D | T)], 'ဎ': ['d', unit(D | T)], 'ဏ': ['n', unit(N)],
  'တ': ['t', unit(T | D)], 'ထ': ['ht', unit(T | H)], 'ဒ': ['d', unit(D | T)], 'ဓ': ['d', unit(D | T)], 'န': ['n', unit(N)],
  'ပ': ['p', unit(B)], 'ဖ': ['ph', unit(B)], 'ဗ': ['b', unit(B)], 'ဘ': ['b', unit(B)], 'မ': ['m', unit(M)],
  'ယ': ['y', unit(Y | VOW, 2)], 'ရ': ['y', unit(Y | R | VOW, 2)], 'လ': ['l', unit(L)], 'ဝ': ['w', unit(B | VU)],
  'သ': ['th', unit(T | S | D)], 'ဟ': ['h', unit(H, 2)], 'ဠ': ['l', unit(L)], 'အ': ['', unit(VOW, 1)],
};
const MY_INDEPENDENT: Record<string, string> = { 'ဣ': 'i', 'ဤ': 'i', 'ဥ': 'u', 'ဦ': 'u', 'ဧ': 'e', 'ဩ': 'aw', 'ဪ': 'aw' };
// Finals (consonant + asat): spelling after the vowel, and the unit (stops are weak: Latin writes t or nothing).
const MY_FINAL: Record<string, [string, number]> = {
  'က': ['t', unit(T | K, 2)], 'စ': ['t', unit(T, 2)], 'တ': ['t', unit(T, 2)], 'ပ': ['t', unit(T | B, 2)],
  'င': ['ng', unit(N)], 'ဉ': ['n', unit(N)], 'ည': ['', unit(VOW, 1)], 'န': ['n', unit(N)], 'မ': ['n', unit(N | M)],
  'ယ': ['', unit(VOW, 1)], 'ဏ': ['n', unit(N)], 'ဟ': ['', unit(VOW, 1)],
};
const ASAT = '်';
const VIRAMA = '္';
const MEDIAL_Y = 'ျ', MEDIAL_R = 'ြ', MEDIAL_W = 'ွ', MEDIAL_H = 'ှ';
const isMyConsonant = (c: string): boolean => c >= 'က' && c <= 'အ';

function burmese(word: string): RomanToken[] {
  const out: RomanToken[] = [];
  const chars = [...word];
  let text = '';
  let units: number[] = [];
  let parts: string[] = [];
  let digits = '';
  const flush = () => {
    if (text) out.push({ text, script: 'burmese', units: Uint32Array.from(units), parts });
    text = ''; units = []; parts = [];
  };
  let i = 0;
  while (i < chars.length) {
    const c = chars[i];
    if (c >= '၀' && c <= '၉') { flush(); digits += String(c.charCodeAt(0) - 0x1040); i++; continue; }
    if (digits) { out.push({ text: digits, script: 'burmese', units: new Uint32Array(0) }); digits = ''; }
    if (MY_INDEPENDENT[c]) {
      text += MY_INDEPENDENT[c]; pushUnit(units, unit(VOW, 1)); i++;
      while (i < chars.length && (chars[i] === 'း' || chars[i] === '့' || chars[i] === ASAT)) i++;
      continue;
    }
    if (!isMyConsonant(c)) { i++; continue; }
    // Onset and medials.
    let [on, onUnit] = MY_ONSET[c];
    i++;
    let y = false, w = false, h = false;
    while (i < chars.length && (chars[i] === MEDIAL_Y || chars[i] === MEDIAL_R || chars[i] === MEDIAL_W || chars[i] === MEDIAL_H)) {
      if (chars[i] === MEDIAL_Y || chars[i] === MEDIAL_R) y = true;
      else if (chars[i] === MEDIAL_W) w = true;
      else h = true;
      i++;
    }
    const onsetUnits: number[] = [];
    if (h && (c === 'ရ' || c === 'ယ' || (c === 'လ' && y))) { on = 'sh'; onsetUnits.push(unit(SH | S)); }
    else if (y && (c === 'ခ' || c === 'ဆ')) { on = 'ch'; onsetUnits.push(unit(CH | K | J)); }
    else if (y && (c === 'ဂ' || c === 'ဇ')) { on = 'gy'; onsetUnits.push(unit(G | J | K)); onsetUnits.push(unit(Y | VOW, 2)); }
    else {
      if (h) { on = 'h' + on; onsetUnits.push(unit(H, 2)); }
      onsetUnits.push(onUnit);
      if (y) { on += 'y'; onsetUnits.push(unit(Y | VOW, 2)); }
    }
    if (w) { on += 'w'; onsetUnits.push(unit(B | VOW, 2)); }
    // Vowel signs, then a final consonant closed by asat (or by a following stacked consonant).
    let vowel = '';
    let vUnits: number[] = [];
    const signs: string[] = [];
    while (i < chars.length && ((chars[i] >= 'ါ' && chars[i] <= 'ဲ') || chars[i] === 'ံ' || chars[i] === '့' || chars[i] === 'း')) {
      signs.push(chars[i]); i++;
    }
    let final = '';
    if (i + 1 < chars.length && isMyConsonant(chars[i])) {
      // The asat may come after a tone mark (ည့် is stored nya, dot below, asat).
      let k = i + 1;
      while (k < chars.length && (chars[k] === '့' || chars[k] === 'း')) k++;
      if (chars[k] === ASAT || chars[k] === VIRAMA) {
        for (let x = i + 1; x < k; x++) signs.push(chars[x]);
        final = chars[i]; i = k + 1;
      }
    }
    // Kinzi: nga + asat + virama in front of the next consonant closes this syllable with n.
    while (i < chars.length && (chars[i] === ASAT || chars[i] === '့' || chars[i] === 'း' || chars[i] === VIRAMA)) {
      if (chars[i] === 'ါ' || chars[i] === 'ာ') signs.push(chars[i]);
      i++;
    }
    const s = new Set(signs);
    const e = s.has('ေ'), aa = s.has('ာ') || s.has('ါ'), ii = s.has('ိ') || s.has('ီ'), uu = s.has('ု') || s.has('ူ');
    if (e && aa) { vowel = 'aw'; vUnits = [unit(VOW | B, 1)]; }
    else if (ii && uu) { vowel = final ? 'ai' : 'o'; vUnits = [unit(VOW, 1)]; }
    else if (aa) { vowel = 'a'; vUnits = [unit(VOW | R, 1)]; }
    else if (ii) { vowel = final ? 'ei' : 'i'; vUnits = [unit(VOW | Y, 1)]; }
    else if (uu) { vowel = final ? 'o' : 'u'; vUnits = [unit(VOW | B, 1)]; }
    else if (e) { vowel = final ? 'e' : 'e'; vUnits = [unit(VOW | Y, 1)]; }
    else if (s.has('ဲ')) { vowel = 'e'; vUnits = [unit(VOW | Y, 1)]; }
    else { vowel = 'a'; vUnits = [unit(VOW, 1)]; }
    if (s.has('ံ')) { vowel += 'n'; vUnits.push(unit(N | M)); }
    let fin = '';
    let finUnit = 0;
    if (final && MY_FINAL[final]) {
      [fin, finUnit] = MY_FINAL[final];
      if (final === 'က' && e && aa) { vowel = 'au'; fin = 'k'; }
      else if (final === 'က' && !ii && !uu && !e) { vowel = 'e'; }
      else if (final === 'င' && e && aa) { vowel = 'au'; fin = 'ng'; }
      else if (final === 'င' && ii && uu) { vowel = 'ai'; fin = 'ng'; }
      else if (final === 'င' && !ii && !uu && !e) { vowel = 'i'; fin = 'n'; }
      else if (final === 'စ' && !ii && !uu) { vowel = 'i'; }
      else if (final === 'ည') { vowel = aa ? 'e' : 'i'; }
      else if (final === 'ယ') { vowel = 'e'; }
      else if (final === 'န' && w && !ii && !uu) { vowel = 'u'; }
      else if (final === 'န' && uu) { vowel = 'o'; }
    } else if (final) {
      fin = MY_ONSET[final]?.[0] ?? '';
      finUnit = MY_ONSET[final]?.[1] ?? 0;
    }
    if (w && final === 'န') on = on.slice(0, -1);
    text += on + vowel + fin;
    parts.push(on + vowel + fin);
    for (const u of onsetUnits) pushUnit(units, u);
    if (c === 'င') pushUnit(units, unit(G | K, 2));
    for (const u of vUnits) pushUnit(units, u);
    if (finUnit) pushUnit(units, finUnit);
    // Nga is spelled "ng" in Latin: the g may go unpaired.
    if (final === 'င') pushUnit(units, unit(G | K, 2));
    // A nasal final with the creaky tone is spelled with a t in Latin (မြင့် → Myint).
    if (finUnit && fin.startsWith('n') && signs.includes('့')) pushUnit(units, unit(T, 2));
  }
  flush();
  if (digits) out.push({ text: digits, script: 'burmese', units: new Uint32Array(0) });
  return out;
}

// ---- CJK and Hangul: one syllable per character ---------------------------------------

const CJK_DIGITS: Record<string, number> = { '〇': 0, '零': 0, '一': 1, '二': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9 };
const CJK_UNITS: Record<string, number> = { '十': 10, '百': 100, '千': 1000 };

/** Value of a run of CJK numerals (十八 → 18, 二十 → 20, 八 → 8). */
function cjkNumber(run: string): string {
  let total = 0, digit = -1;
  for (const ch of run) {
    if (ch in CJK_DIGITS) digit = CJK_DIGITS[ch];
    else { total += (digit < 0 ? 1 : digit) * CJK_UNITS[ch]; digit = -1; }
  }
  return String(total + (digit < 0 ? 0 : digit));
}

function syllables(word: string, script: Script): RomanToken[] {
  const out: RomanToken[] = [];
  let kana = '';
  let num = '';
  const flushNum = () => {
    if (num) out.push({ text: cjkNumber(num), script, units: new Uint32Array(0) });
    num = '';
  };
  const flushKana = () => {
    if (!kana) return;
    const t = foldLatin(kana);
    if (t) out.push({ text: t, script, units: latinUnits(t, true) });
    kana = '';
  };
  for (const ch of word) {
    const code = ch.codePointAt(0)!;
    if (ch in CJK_DIGITS || ch in CJK_UNITS) { flushKana(); num += ch; continue; }
    flushNum();
    if (code >= 0x3040 && code <= 0x30ff) { kana += ch; continue; }
    flushKana();
    const t = foldLatin(ch);
    if (t) out.push({ text: t, script, units: latinUnits(t, true) });
  }
  flushKana();
  flushNum();
  return out;
}

/**
 * Romanises one word written in one script. Latin words come back folded (no diacritics,
 * lower case); CJK and Hangul words come back as one token per syllable.
 */
export function romanizeWord(word: string, script: Script): RomanToken[] {
  switch (script) {
    case 'hebrew': {
      const t = hebrew(word);
      return t.text ? [t] : [];
    }
    case 'arabic': return arabic(word);
    case 'burmese': return burmese(word);
    case 'cjk':
    case 'hangul': return syllables(word, script);
    default: {
      const t = foldLatin(word);
      return t ? [{ text: t, script, units: latinUnits(t) }] : [];
    }
  }
}
