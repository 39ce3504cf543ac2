// Held-out sets generated from the lists with a seeded PRNG (reproducible), never used to
// tune the matcher: recall on listed people whose names carry typos, reordering, a dropped
// middle name or a transliteration (Cyrillic, Arabic, and the lists' own original-script
// aliases), and the alert rate on synthetic people who are on no list. Skipped when the
// lists (../shared/data/sanctions) are absent.
import path from 'node:path';
import type { Entity } from '../../src/screening/model.ts';
import { buildIndex, DEFAULT_THRESHOLD, type ScreeningIndex } from '../../src/screening/index.ts';
import { loadListsFromDir } from '../../src/screening/lists/index.ts';
import { prepareName } from '../../src/screening/prepare.ts';
import { CULTURES, CULTURE_NAMES } from './synthetic-names.ts';
import { prng } from '../support/prng.ts';
import { type BenchSkipped, needsReferenceData, REFERENCE_DATA } from './reference-data.ts';

const LISTS = path.join(REFERENCE_DATA, 'sanctions');
const SWEEP = [0.65, 0.7, 0.75, 0.8, 0.85];
const PEOPLE = 1500;
const SYNTHETIC = 20_000;


/** "SURNAME, Given Middle" → ["Given", "Middle", "SURNAME"]. */
function wordsOf(name: string): string[] {
  const [a, b] = name.split(/,\s*/, 2);
  const ordered = b ? `${b} ${a}` : a;
  return ordered.split(/[\s-]+/).filter((w) => /^[A-Za-z']+$/.test(w) && w.length > 1);
}

// Simple letter maps of our own, as a clerk would type a Latin name in another script.
const CYRILLIC: Array<[string, string]> = [
  ['shch', 'щ'], ['sh', 'ш'], ['ch', 'ч'], ['kh', 'х'], ['zh', 'ж'], ['ts', 'ц'], ['ya', 'я'], ['yu', 'ю'], ['yo', 'ё'],
  ['a', 'а'], ['b', 'б'], ['v', 'в'], ['w', 'в'], ['g', 'г'], ['d', 'д'], ['e', 'е'], ['z', 'з'], ['i', 'и'], ['y', 'й'],
  ['k', 'к'], ['c', 'к'], ['q', 'к'], ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'], ['r', 'р'], ['s', 'с'],
  ['t', 'т'], ['u', 'у'], ['f', 'ф'], ['h', 'х'], ['x', 'кс'], ['j', 'дж'],
];
const ARABIC: Array<[string, string]> = [
  ['sh', 'ش'], ['kh', 'خ'], ['gh', 'غ'], ['th', 'ث'], ['dh', 'ذ'], ['ch', 'تش'], ['aa', 'ا'], ['ee', 'ي'], ['ii', 'ي'], ['oo', 'و'], ['ou', 'و'],
  ['b', 'ب'], ['p', 'ب'], ['t', 'ت'], ['j', 'ج'], ['g', 'ج'], ['h', 'ه'], ['d', 'د'], ['r', 'ر'], ['z', 'ز'], ['s', 'س'],
  ['c', 'ك'], ['k', 'ك'], ['q', 'ق'], ['f', 'ف'], ['v', 'ف'], ['l', 'ل'], ['m', 'م'], ['n', 'ن'], ['w', 'و'], ['y', 'ي'], ['x', 'كس'],
];

function mapWord(word: string, map: Array<[string, string]>, dropShortVowels: boolean): string {
  const w = word.toLowerCase();
  let out = '';
  let i = 0;
  while (i < w.length) {
    const hit = map.find(([from]) => w.startsWith(from, i));
    if (hit) { out += hit[1]; i += hit[0].length; continue; }
    const ch = w[i];
    if ('aeiou'.includes(ch)) {
      // Arabic script writes a word-initial vowel with alif, long-sounding ones with waw/ya, and drops the rest.
      if (!dropShortVowels) out += ch;
      else if (i === 0) out += 'ا';
      else if (ch === 'o' || ch === 'u') out += i === w.length - 1 ? 'و' : '';
      else if (ch === 'i') out += i === w.length - 1 ? 'ي' : '';
    }
    i++;
  }
  return out;
}

function typo(words: string[], r: () => number): string[] {
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 5);
  const [w, i] = candidates.length ? candidates[Math.floor(r() * candidates.length)] : [words[0], 0];
  const p = 1 + Math.floor(r() * (w.length - 1));
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const kind = Math.floor(r() * 4);
  let t = w;
  if (kind === 0) t = w.slice(0, p) + letters[Math.floor(r() * 26)] + w.slice(p + 1);
  else if (kind === 1) t = w.slice(0, p) + w.slice(p + 1);
  else if (kind === 2) t = w.slice(0, p) + letters[Math.floor(r() * 26)] + w.slice(p);
  else if (p + 1 < w.length) t = w.slice(0, p) + w[p + 1] + w[p] + w.slice(p + 2);
  const out = [...words];
  out[i] = t;
  return out;
}

interface Case { kind: string; name: string; entityId: string }

/** Best score of the wanted entity (0 when not returned), from one search at the lowest threshold. */
function scoreOf(index: ScreeningIndex, c: Case): number {
  const hits = index.search({ name: c.name }, { threshold: SWEEP[0], top: 200 });
  return hits.find((m) => m.entityId === c.entityId)?.score ?? 0;
}

export default async function heldOutBench(): Promise<BenchSkipped | void> {
  const skip = needsReferenceData(LISTS);
  if (skip) return skip;
  const loads = await loadListsFromDir(LISTS);
  const entities = loads.flatMap((l) => l.entities);
  const index = buildIndex(loads);
  const r = prng(20_251_122);
  console.log(`Held-out sets from ${entities.length} listed entities (seed 20251122); default threshold ${DEFAULT_THRESHOLD}.`);
  console.log('command: npm run bench -- screening-heldout');

  // Listed people with a Latin name of two words or more.
  const people = entities.filter((e) => e.schema === 'person' && e.names[0] && /^[\x20-\x7e]+$/.test(e.names[0].full) && wordsOf(e.names[0].full).length >= 2);
  const picked: Entity[] = [];
  const used = new Set<number>();
  while (picked.length < Math.min(PEOPLE, people.length)) {
    const k = Math.floor(r() * people.length);
    if (!used.has(k)) { used.add(k); picked.push(people[k]); }
  }
  const cases: Case[] = [];
  for (const e of picked) {
    const w = wordsOf(e.names[0].full);
    cases.push({ kind: 'typo (one edit)', name: typo(w, r).join(' '), entityId: e.id });
    const shuffled = [...w].sort(() => r() - 0.5);
    cases.push({ kind: 'reordered', name: (shuffled.join(' ') === w.join(' ') ? [...w].reverse() : shuffled).join(' '), entityId: e.id });
    if (w.length >= 3) {
      const drop = 1 + Math.floor(r() * (w.length - 2));
      cases.push({ kind: 'middle name dropped', name: w.filter((_x, i) => i !== drop).join(' '), entityId: e.id });
    }
    cases.push({ kind: 'Cyrillic transliteration', name: w.map((x) => mapWord(x, CYRILLIC, false)).join(' '), entityId: e.id });
    cases.push({ kind: 'Arabic transliteration', name: w.map((x) => mapWord(x, ARABIC, true)).join(' '), entityId: e.id });
  }

  // Original-script aliases: taken out of the index, then used as queries.
  const originals = entities.filter((e) => e.names.some((n) => n.original) && e.names.some((n) => !n.original && /[A-Za-z]/.test(n.full)));
  const stripped = loads.map((l) => ({ ...l, entities: l.entities.map((e) => ({ ...e, names: e.names.filter((n) => !n.original) })) }));
  const strippedIndex = buildIndex(stripped);

  const byKind = new Map<string, number[]>();
  for (const c of cases) {
    const list = byKind.get(c.kind) ?? [];
    list.push(scoreOf(index, c));
    byKind.set(c.kind, list);
  }
  const orig: number[] = [];
  for (const e of originals) for (const n of e.names.filter((x) => x.original)) orig.push(scoreOf(strippedIndex, { kind: 'original', name: n.full, entityId: e.id }));
  byKind.set(`original-script alias (${[...new Set(originals.map((e) => e.list))].join(', ')})`, orig);

  console.log(`\nRecall of listed people (${picked.length} people sampled), by threshold:`);
  console.log(`  ${'variant'.padEnd(44)} ${'n'.padStart(5)}  ${SWEEP.map((t) => `@${t}`.padStart(6)).join(' ')}`);
  const all: number[] = [];
  for (const [kind, scores] of byKind) {
    all.push(...scores);
    console.log(`  ${kind.padEnd(44)} ${String(scores.length).padStart(5)}  ${SWEEP.map((t) => (scores.filter((s) => s >= t).length / scores.length).toFixed(3).padStart(6)).join(' ')}`);
  }
  console.log(`  ${'all variants'.padEnd(44)} ${String(all.length).padStart(5)}  ${SWEEP.map((t) => (all.filter((s) => s >= t).length / all.length).toFixed(3).padStart(6)).join(' ')}`);

  // Synthetic people on no list: names of many cultures, dropping any that is listed as such.
  const listed = new Set<string>();
  for (const e of entities) for (const n of e.names) listed.add(prepareName(n.full, e.schema).tokens.map((t) => t.text).sort().join(' '));
  const pick = <T>(a: T[]): T => a[Math.floor(r() * a.length)];
  const synthetic: string[] = [];
  let dropped = 0;
  while (synthetic.length < SYNTHETIC) {
    const c = CULTURES[pick(CULTURE_NAMES)];
    const parts = [pick(c.given)];
    if (r() < 0.3) parts.push(pick(c.given));
    parts.push(pick(c.family));
    if (r() < 0.15) parts.push(pick(c.family));
    const name = parts.join(' ');
    if (listed.has(prepareName(name, 'person').tokens.map((t) => t.text).sort().join(' '))) { dropped++; continue; }
    synthetic.push(name);
  }
  const best: number[] = [];
  const examples: string[] = [];
  for (const name of synthetic) {
    const hits = index.search({ name, schema: 'person' }, { threshold: SWEEP[0], top: 1 });
    best.push(hits[0]?.score ?? 0);
    if (hits[0] && hits[0].score >= DEFAULT_THRESHOLD && examples.length < 8) examples.push(`${name} → ${hits[0].matchedName} (${hits[0].score})`);
  }
  console.log(`\nAlert rate on ${synthetic.length} synthetic people on no list (${CULTURE_NAMES.length} cultures; ${dropped} generated names dropped because listed), by threshold:`);
  console.log(`  ${SWEEP.map((t) => `@${t}: ${((100 * best.filter((s) => s >= t).length) / best.length).toFixed(2)}%`).join('  ')}`);
  console.log(`  examples of alerts at ${DEFAULT_THRESHOLD}: ${examples.join('; ') || 'none'}`);
}
