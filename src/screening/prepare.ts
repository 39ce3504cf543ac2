// Turns a name as written into what the scorer compares: tokens in Latin letters with their
// sound units and roles, the legal forms set aside, and the former names announced in the
// text ("(ex-Cape Diamond)", "f.k.a. …", "formerly …") as names of their own.

import type { Schema } from './model.ts';
import { COUNTRY_WORDS } from './countries.ts';
import { ABBREVIATIONS, GENERIC_WORDS, HONORIFICS, NUMBER_WORDS, STOP_WORDS, VESSEL_PREFIXES } from './lexicon.ts';
import { type LegalForm, legalFormAt } from './legal-forms.ts';
import { latinUnits } from './phonetic.ts';
import { type RomanToken, type Script, romanizeWord, scriptOf } from './translit.ts';

export const STOP = 1;
export const GENERIC = 2;
export const NUMBER = 4;
export const INITIAL = 8;
export const ANNOTATION = 16;
export const COUNTRY = 32;
export const LEGAL_WORD = 64;
/** A token of a person's name (people's names have no plurals). */
export const PERSON = 128;

export interface Token {
  text: string;
  script: Script;
  units: Uint32Array;
  role: number;
  /** Syllables of a word written without spaces (Burmese): keys for finding candidates. */
  parts?: string[];
}

export interface PreparedName {
  raw: string;
  tokens: Token[];
  legal: LegalForm[];
  /** What the text itself says about the kind of name (a legal form, a vessel prefix). */
  hint: Schema | null;
  script: Script;
  former: PreparedName[];
  /** Numbers in the name proper (not in annotations): vessel and fund numbers must agree. */
  numbers: string[];
}

export interface PrepareOptions {
  /** Extra words to treat as stop words (normalised, lower case). */
  stopWords?: ReadonlySet<string>;
}

// Written forms of legal forms in scripts whose words we do not tokenise into the table.
const NATIVE_LEGAL: Array<[RegExp, string]> = [
  [/בע["״'׳]?מ/g, ' ltd '],
  [/ကုမ္ပဏီလီမိတက်/g, ' co ltd '],
  [/ကုမ္ပဏီများအုပ်စု/g, ' group '],
  [/ကုမ္ပဏီ/g, ' company '],
  [/လီမိတက်/g, ' limited '],
  [/ՍՊԸ/g, ' llc '],
  [/ՓԲԸ/g, ' cjsc '],
  [/ԲԲԸ/g, ' ojsc '],
  [/შპს/g, ' llc '],
  [/სს(?=\s|$)/g, ' jsc '],
];

const FORMER_PAREN = /[([]\s*(?:ex[-.\s]+|f\.?\s?k\.?\s?a\.?\s+|f\/k\/a\s+|formerly(?:\s+known\s+as)?\s+|previously\s+|former(?:ly)?\s+name\s*:?\s*)([^)\]]*)[)\]]/gi;
const FORMER_TAIL = /(?:[,;]\s*|\s+)(?:ex[-.]\s*|ex\s+|f\.?\s?k\.?\s?a\.?\s+|f\/k\/a\s+|formerly(?:\s+known\s+as)?\s+|previously\s+)(.+)$/i;
const LABEL_PREFIX = /^\s*(?:[A-Za-z][A-Za-z ]{1,24}?(?:\s\d{1,3})?|messrs\.?)\s*:\s+/i;
const DATE_TAIL = /[,\s]+(?:until|till|to|from|since|in|before)?\s*(?:\d{1,2}[./-]\d{1,2}[./-])?\d{4}\s*$/i;

function cleanFormer(s: string): string {
  return s.replace(DATE_TAIL, '').replace(/^[\s,;:-]+|[\s,;:-]+$/g, '');
}

/** Splits "Main (ex A, ex B)" / "Main f.k.a. A" into the main text and former names. */
function splitFormer(text: string, schema: Schema): { main: string; former: string[] } {
  const former: string[] = [];
  let main = !text.includes('(') && !text.includes('[') ? text : text.replace(FORMER_PAREN, (_m, inner: string) => {
    for (const part of inner.split(/[,;]\s*(?:ex[-.\s]+|f\.?k\.?a\.?\s+|formerly\s+)|;\s*/i)) {
      const f = cleanFormer(part);
      if (f) former.push(f);
    }
    return ' ';
  });
  if (schema !== 'person') {
    const m = FORMER_TAIL.exec(main);
    if (m && m.index > 0 && /[\p{L}\p{N}]/u.test(main.slice(0, m.index))) {
      for (const part of m[1].split(/[,;]\s*(?:ex[-.\s]+|f\.?k\.?a\.?\s+|formerly\s+)/i)) {
        const f = cleanFormer(part);
        if (f) former.push(f);
      }
      main = main.slice(0, m.index);
    }
  }
  return { main, former };
}

interface RawWord { text: string; annotation: boolean; commaBefore: boolean; paren: boolean }

/** Splits text into words, marking the ones inside annotations (branches, flags, c/o …). */
function words(text: string, schema: Schema): RawWord[] {
  // "… c/o Agent, Place": everything after care-of is an annotation.
  const co = schema === 'person' || !text.includes('/') ? -1 : text.search(/\bc\/o\b/i);
  if (co > 0) return [...words(text.slice(0, co), schema), ...words(text.slice(co + 3), schema).map((w) => ({ ...w, annotation: true }))];
  let t = text;
  // Letter-dot-letter abbreviations join (S.A. → SA, F.lli → Flli); a dot before a digit splits.
  if (t.includes('.')) t = t.replace(/(\p{L})\.(?=\p{L})/gu, '$1').replace(/(\p{L})\.(?=\d)/gu, '$1 ');
  // Single letters around a slash join (M/V, M/T, A/S); other slashes separate.
  if (t.includes('/')) t = t.replace(/(^|[^\p{L}])(\p{L})\/(\p{L})(?![\p{L}])/gu, '$1$2$3').replace(/\//g, ' ');
  if (t.includes('&') || t.includes('+')) t = t.replace(/&/g, ' and ').replace(/\+/g, ' and ');
  const out: RawWord[] = [];
  let annotation = false;
  let paren = false;
  let parenWords: RawWord[] = [];
  let commaBefore = false;
  const push = (w: string) => {
    const rw = { text: w, annotation, commaBefore, paren };
    (paren ? parenWords : out).push(rw);
    commaBefore = false;
  };
  const closeParen = () => {
    // A parenthesis naming a country or a number stays part of the name for companies
    // ("Marrowby (Thailand)", "(1998)"); others (branches, flags, ports) are annotations.
    const inner = parenWords.map((w) => w.text.toLowerCase());
    const keep = schema !== 'vessel' && inner.length > 0 && inner.length <= 3 &&
      inner.every((w) => /^\d+$/.test(w) || COUNTRY_WORDS.has(foldAscii(w)) || w.length <= 2 || /^pvt|private$/.test(w));
    for (const w of parenWords) out.push({ ...w, annotation: w.annotation || !keep });
    parenWords = [];
    paren = false;
  };
  const re = /([\p{L}\p{M}\p{N}'׳״"’`]+)|([,;])|([(\[])|([)\]])|(\s+-\s+|\s+–\s+)|(\S)/gu;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t))) {
    if (m[1]) {
      const w = m[1].replace(/^['"’`]+|['"’`]+$/g, '');
      if (!w) continue;
      if (schema !== 'person' && /^branch(es)?$/i.test(w)) {
        // "… Ltd - Malindi Branch", "…, Sukkur Branch": the branch clause is an annotation.
        let k = (paren ? parenWords : out).length - 1;
        const list = paren ? parenWords : out;
        while (k >= 0 && !list[k].commaBefore && list.length - k <= 3) k--;
        for (let x = Math.max(k, 0); x < list.length; x++) if (list.length - x <= 3) list[x].annotation = true;
        annotation = true;
      }
      push(w);
    } else if (m[2]) {
      commaBefore = true;
      // After the first comma, vessel names carry ports and flags; persons are "SURNAME, Given".
      if (schema === 'vessel' && out.length) annotation = true;
    } else if (m[3]) {
      paren = true;
    } else if (m[4]) {
      if (paren) closeParen();
    } else if (m[5]) {
      commaBefore = true;
    }
  }
  if (paren) closeParen();
  return out;
}

function foldAscii(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function dominantScript(word: string): Script {
  const counts = new Map<Script, number>();
  for (const ch of word) {
    const code = ch.codePointAt(0)!;
    if (!/[\p{L}]/u.test(ch)) continue;
    const s = scriptOf(code);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  let best: Script = 'latin';
  let n = 0;
  for (const [s, c] of counts) if (c > n) { best = s; n = c; }
  return best;
}

/** Splits a word at script changes ("ABC中文" → two runs). */
function scriptRuns(word: string): Array<{ text: string; script: Script }> {
  const runs: Array<{ text: string; script: Script }> = [];
  for (const ch of word) {
    const s = /[\p{L}\p{M}]/u.test(ch) ? scriptOf(ch.codePointAt(0)!) : null;
    const last = runs[runs.length - 1];
    if (last && (s === null || s === last.script || /\p{M}/u.test(ch))) last.text += ch;
    else runs.push({ text: ch, script: s ?? 'latin' });
  }
  return runs.map((r) => ({ text: r.text, script: /[\p{L}]/u.test(r.text) ? dominantScript(r.text) : 'latin' }));
}

const WORD_CACHE = new Map<string, RomanToken[]>();

/** Romanises a written word (all its script runs), memoised: list names repeat words a lot. */
function romanize(word: string): RomanToken[] {
  let r = WORD_CACHE.get(word);
  if (r) return r;
  if (/^[A-Za-z0-9]+$/.test(word)) {
    const t = word.toLowerCase();
    r = t.split(/(?<=[a-z])(?=\d)/).map((p) => ({ text: p, script: 'latin' as Script, units: latinUnitsCached(p) }));
  } else {
    r = [];
    for (const run of scriptRuns(word)) {
      for (const t of romanizeWord(run.text, run.script)) {
        // Digits glued to letters split apart ("no8" → no 8).
        const parts = t.script === 'latin' ? t.text.split(/(?<=[a-z])(?=\d)/) : [t.text];
        if (parts.length === 1) r.push(t);
        else for (const p of parts) r.push({ text: p, script: t.script, units: latinUnitsCached(p) });
      }
    }
  }
  if (WORD_CACHE.size > 50_000) WORD_CACHE.clear();
  WORD_CACHE.set(word, r);
  return r;
}

const UNITS_CACHE = new Map<string, Uint32Array>();

/** Drops the memo of romanised words (after an index build: it only speeds up preparing). */
export function clearPrepareCaches(): void {
  WORD_CACHE.clear();
  UNITS_CACHE.clear();
}
function latinUnitsCached(text: string): Uint32Array {
  let u = UNITS_CACHE.get(text);
  if (!u) {
    u = latinUnits(text);
    if (UNITS_CACHE.size > 50_000) UNITS_CACHE.clear();
    UNITS_CACHE.set(text, u);
  }
  return u;
}

// Legal forms written glued to the name ("JSCARGUMENT", "OOOROMASHKA", "ACMELTD"). Only
// forms that do not begin or end ordinary words are split off.
const GLUED_LEADING = ['ojsc', 'cjsc', 'pjsc', 'jsc', 'ooo', 'llc'];
const GLUED_TRAILING = ['ltd', 'llc', 'gmbh'];

function splitGluedLegalForms(drafts: Draft[]): void {
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i];
    if (d.script !== 'latin' || d.text.length < 8) continue;
    const lead = GLUED_LEADING.find((f) => d.text.startsWith(f) && d.text.length - f.length >= 5);
    const trail = lead ? undefined : GLUED_TRAILING.find((f) => d.text.endsWith(f) && d.text.length - f.length >= 5);
    if (!lead && !trail) continue;
    const [a, b] = lead ? [lead, d.text.slice(lead.length)] : [d.text.slice(0, -trail!.length), trail!];
    drafts.splice(i, 1, { ...d, text: a, units: latinUnitsCached(a) }, { ...d, text: b, units: latinUnitsCached(b) });
    i++;
  }
}

interface Draft { text: string; script: Script; units: Uint32Array; annotation: boolean; commaBefore: boolean; paren: boolean; parts?: string[] }

/** Prepares one name. */
export function prepareName(raw: string, schema: Schema = 'unknown', opts: PrepareOptions = {}): PreparedName {
  let text = raw;
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(text)) {
    text = text.normalize('NFKC').replace(/[\u200b-\u200d\ufeff]/g, '');
    for (const [re, rep] of NATIVE_LEGAL) text = text.replace(re, rep);
  }
  if (schema !== 'person') text = text.replace(LABEL_PREFIX, '');
  const { main, former } = splitFormer(text, schema);
  const name = prepareMain(raw, main, schema, opts);
  for (const f of former) {
    const p = prepareMain(f, f, schema, opts);
    if (p.tokens.length) name.former.push(p);
  }
  return name;
}

function prepareMain(raw: string, text: string, schema: Schema, opts: PrepareOptions): PreparedName {
  const rawWords = words(text, schema);
  const drafts: Draft[] = [];
  for (const w of rawWords) {
    for (const t of romanize(w.text)) drafts.push({ text: t.text, script: t.script, units: t.units, annotation: w.annotation, commaBefore: w.commaBefore, paren: w.paren, parts: t.parts });
  }
  const isPerson = schema === 'person';
  let hint: Schema | null = null;
  if (!isPerson) splitGluedLegalForms(drafts);
  else {
    // "SURNAME, Given Middle" reads as "Given Middle SURNAME", so that positions mean the same
    // in every name (the scorer treats inner words as middle names).
    const comma = drafts.findIndex((d, i) => i > 0 && d.commaBefore);
    if (comma > 0 && !drafts.slice(comma + 1).some((d) => d.commaBefore)) drafts.push(...drafts.splice(0, comma));
  }

  // Vessel prefixes and honorifics at the start.
  while (drafts.length > 1) {
    const first = drafts[0].text;
    if (!isPerson && VESSEL_PREFIXES.has(first) && !drafts[1].annotation) { drafts.shift(); hint ??= 'vessel'; continue; }
    if (HONORIFICS.has(first)) { drafts.shift(); continue; }
    break;
  }
  let list = drafts;
  // "No." before a number goes; a voyage number after a vessel name ("V.214W") is a note.
  list = list.filter((d, i) => !((d.text === 'no' || d.text === 'nr') && /^\d/.test(list[i + 1]?.text ?? '')));
  if (!isPerson) {
    for (let i = 1; i + 1 < list.length; i++) {
      if ((list[i].text === 'v' || list[i].text === 'voy') && /^\d+[a-z]?$/.test(list[i + 1].text)) { list[i].annotation = true; list[i + 1].annotation = true; }
    }
  }

  // Legal forms: at the end, at the start, then unambiguous ones anywhere.
  const legal: LegalForm[] = [];
  const legalWords = new Set<Draft>();
  if (!isPerson) {
    const core = list.filter((d) => !d.annotation);
    const texts = core.map((d) => d.text);
    const removed = new Set<number>();
    let end = texts.length;
    for (let guard = 0; guard < 4 && end > 0; guard++) {
      let found = false;
      for (let j = 0; j < end; j++) {
        const f = legalFormAt(texts, j, end);
        if (f && j + f.length === end && j > 0) {
          legal.unshift(f.form);
          for (let x = j; x < end; x++) removed.add(x);
          end = j;
          found = true;
          break;
        }
      }
      if (!found) break;
    }
    let start = 0;
    for (let guard = 0; guard < 2 && start < end - 1; guard++) {
      const f = legalFormAt(texts, start, end);
      if (!f || start + f.length >= end || (f.form.edgeOnly && !f.form.leading)) break;
      legal.push(f.form);
      for (let x = start; x < start + f.length; x++) removed.add(x);
      start += f.length;
    }
    for (let j = start; j < end; j++) {
      const f = legalFormAt(texts, j, end);
      if (f && !f.form.edgeOnly && j > start) {
        legal.push(f.form);
        for (let x = j; x < j + f.length; x++) removed.add(x);
        j += f.length - 1;
      }
    }
    const whole = texts.length ? legalFormAt(texts, 0, texts.length) : null;
    if (!removed.size && whole && whole.length === texts.length) for (let x = 0; x < texts.length; x++) removed.add(x);
    if (schema === 'unknown') {
      // Without a schema, a short form that is also a word or a surname (PAO, SA, AS) stays
      // in the name as a weak word: "Hua Ciang PAO" is a person.
      for (let k = legal.length - 1; k >= 0; k--) {
        if (!legal[k].edgeOnly) continue;
        for (let x = 0; x < core.length; x++) if (removed.has(x) && legalFormAt(texts, x)?.form === legal[k]) {
          for (let y = x; y < x + legal[k].phrase.length; y++) { removed.delete(y); legalWords.add(core[y]); }
          break;
        }
        legal.splice(k, 1);
      }
    }
    if (removed.size && removed.size < core.length) {
      const drop = new Set(core.filter((_d, i) => removed.has(i)));
      // Words after a legal form that follow a comma are an address or a note.
      let afterLegal = false;
      for (let i = 0; i < core.length; i++) {
        if (removed.has(i)) afterLegal = true;
        else if (afterLegal && core[i].commaBefore) { for (let x = i; x < core.length; x++) if (!removed.has(x)) core[x].annotation = true; break; }
      }
      list = list.filter((d) => !drop.has(d));
      hint = 'organisation';
    } else if (removed.size) {
      // Nothing but a legal form ("CORP"): it stays the name, as a weak word.
      legal.length = 0;
      for (const d of core) legalWords.add(d);
    }
    if (legal.length) hint = 'organisation';
  }

  const stop = opts.stopWords;
  const tokens: Token[] = [];
  for (let i = 0; i < list.length; i++) {
    const d = list[i];
    let t = d.text;
    let role = 0;
    // Abbreviations and number words belong to company and vessel names: "Ten" is a surname.
    if ((schema === 'organisation' || schema === 'vessel' || hint) && d.script === 'latin') {
      if (ABBREVIATIONS[t]) t = ABBREVIATIONS[t];
      const last = i === list.length - 1 || list[i + 1].annotation;
      if (NUMBER_WORDS[t] && (t.length > 1 || last) && i > 0) t = NUMBER_WORDS[t];
      else if (t === 'i' && last && i > 0) t = '1';
    }
    const c0 = t.charCodeAt(0);
    if (c0 >= 48 && c0 <= 57 && /^\d+$/.test(t)) role |= NUMBER;
    else if (t.length === 1 && d.script === 'latin') role |= INITIAL;
    if (STOP_WORDS.has(t) || stop?.has(t)) role |= STOP;
    if (GENERIC_WORDS.has(t) || (t.endsWith('s') && GENERIC_WORDS.has(t.slice(0, -1)))) role |= GENERIC;
    if (!isPerson && COUNTRY_WORDS.has(t)) role |= COUNTRY;
    if (d.annotation) role |= ANNOTATION;
    if (legalWords.has(d)) role |= LEGAL_WORD | GENERIC;
    if (isPerson) role |= PERSON;
    const units = t === d.text ? d.units : latinUnitsCached(t);
    tokens.push(d.parts && d.parts.length > 1 ? { text: t, script: d.script, units, role, parts: d.parts } : { text: t, script: d.script, units, role });
  }
  // The name's script: the one most of its letters were written in.
  let script: Script = 'latin';
  let latinLen = 0, otherLen = 0;
  for (const t of tokens) {
    if (t.script === 'latin') latinLen += t.text.length;
    else { otherLen += t.text.length; script = t.script; }
  }
  if (latinLen >= otherLen) script = 'latin';
  const numbers: string[] = [];
  for (const t of tokens) if (t.role & NUMBER && !(t.role & ANNOTATION)) numbers.push(t.text);
  return { raw, tokens, legal, hint, script, former: [], numbers };
}
