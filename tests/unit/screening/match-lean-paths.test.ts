// The shortcuts taken for speed must not change what a user sees: a sound comparison that
// stops early, or sets a pair aside for a consonant without a partner, gives the same answer
// as the full one, words set aside by their letters would not have paired, and results still
// carry every fact of the listed entity.
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/screening/index.ts';
import { latinUnits, unitsCost, unitsSimilarity } from '../../../src/screening/phonetic.ts';
import { prepareName } from '../../../src/screening/prepare.ts';
import { latinApart, letterMask, tokenSimilarity } from '../../../src/screening/similarity.ts';
import { entity, prng } from './match-fixtures.ts';

const units = (s: string) => prepareName(s, 'person').tokens[0].units;
const mandatory = (u: Uint32Array) => u.filter((x) => ((x >>> 24) & 3) === 0).length;

/** The similarity rule of docs/screening.md applied to a cost computed in full. */
function reference(a: Uint32Array, b: Uint32Array, cost: number, mis: boolean): number {
  const na = mandatory(a), nb = mandatory(b), n = Math.max(na, nb);
  if (Math.abs(na - nb) > 2) return 0;
  if (n === 0) return a.length >= 2 && b.length >= 2 && cost <= 0.3 ? 0.8 : 0;
  if (n <= 1) return cost <= (mis ? 0.2 : 0.3) ? 0.8 : 0;
  if (cost <= 0.45 || cost <= 0.12 * n) return Math.max(0.8, 0.95 - (0.3 * cost) / n);
  if (cost <= 0.75) return 0.78;
  if (mis && n >= 5 && cost <= 1.4) return 0.75;
  return 0;
}

describe('sound comparison that stops once no pairing is possible', () => {
  it('gives the same similarity as the full comparison, across scripts and within Latin', () => {
    const words = ['muhammad', 'mohamed', 'محمد', 'יוסף', 'yusuf', 'zafririm', 'צפרירים', 'kholmogrant', 'holmogrant',
      'abdulrahman', 'عبدالرحمن', 'zavyalov', 'zavjalov', 'chavez', 'shachar', 'ivanov', 'petrov', 'al', 'yahya', 'يحيى'];
    for (const a of words) {
      for (const b of words) {
        const ua = units(a), ub = units(b);
        for (const [vc, mis] of [[0, true], [0, false], [0.3, false]] as const) {
          const full = unitsCost(ua, ub, vc);
          expect(unitsCost(ua, ub, vc, full)).toBe(full);
          const fast = unitsSimilarity(ua, ub, vc, mis);
          expect(fast).toBe(reference(ua, ub, full, mis));
          const floored = unitsSimilarity(ua, ub, vc, mis, 0.8);
          expect(floored >= 0.8 ? floored : 0).toBe(fast >= 0.8 ? fast : 0);
        }
      }
    }
  });

  it('sets a pair aside for a consonant without a partner only when the full comparison would', () => {
    // Random words in Latin and Arabic letters, compared within and across scripts: the linear
    // consonant-partner test must never turn away a pair the full comparison accepts.
    const r = prng(11);
    const word = (letters: string, min: number) => Array.from({ length: min + Math.floor(r() * 5) }, () => letters[Math.floor(r() * letters.length)]).join('');
    const words = Array.from({ length: 160 }, (_, i) => (i % 2 ? word('abdhiklmnorstuyz', 3) : word('ابتحدرسشعقلمنهوي', 2)));
    let rejected = 0, paired = 0;
    for (const a of words) {
      for (const b of words) {
        const ua = units(a), ub = units(b);
        if (!ua.length || !ub.length) continue;
        for (const [vc, mis] of [[0, true], [0.3, false]] as const) {
          const full = unitsCost(ua, ub, vc);
          const fast = unitsSimilarity(ua, ub, vc, mis);
          expect(fast, `${a} / ${b}`).toBe(reference(ua, ub, full, mis));
          if (fast > 0) paired++;
          else if (full >= 1) rejected++;
        }
      }
    }
    expect(paired).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(10_000);
  });

  it('returns a cost above the limit when it stops early', () => {
    const a = latinUnits('bartholomew'), b = latinUnits('zzzzkkkk');
    expect(unitsCost(a, b, 0, 0.5)).toBeGreaterThan(0.5);
    const r = prng(3);
    for (let i = 0; i < 200; i++) {
      const w = () => Array.from({ length: 3 + Math.floor(r() * 6) }, () => 'bdfgklmnprstaeiou'[Math.floor(r() * 17)]).join('');
      const x = latinUnits(w()), y = latinUnits(w());
      const full = unitsCost(x, y);
      const limited = unitsCost(x, y, 0, 1);
      if (full <= 1) expect(limited).toBe(full);
      else expect(limited).toBeGreaterThan(1);
    }
  });
});

describe('words told apart by their letters alone', () => {
  it('never sets aside a pair the full comparison would make', () => {
    const r = prng(11);
    const base = ['muhammad', 'mohamed', 'kaptan', 'kaptanlar', 'stars', 'star', 'hussain', 'husain', 'trading', 'trade',
      'isema', 'ismail', 'jones', 'younes', 'ferreira', 'barrera', 'holdings', 'holding', 'bank', 'banca', 'corp', 'kourf', 'j', 's'];
    const mutate = (w: string) => {
      const p = Math.floor(r() * w.length), c = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(r() * 26)];
      const k = r();
      return k < 0.33 ? w.slice(0, p) + w.slice(p + 1) : k < 0.66 ? w.slice(0, p) + c + w.slice(p) : w.slice(0, p) + c + w.slice(p + 1);
    };
    const words = [...base];
    for (let i = 0; i < 400; i++) { let w = base[Math.floor(r() * base.length)]; for (let k = Math.floor(r() * 4); k > 0; k--) w = mutate(w); if (w) words.push(w); }
    const opts = { translations: true };
    let apart = 0;
    for (const schema of ['person', 'organisation'] as const) {
      const toks = words.map((w) => prepareName(w, schema).tokens[0]).filter((t) => t && t.script === 'latin');
      for (const a of toks) {
        for (const b of toks) {
          if (!latinApart(a, b, letterMask(a.text), letterMask(b.text), opts)) continue;
          apart++;
          expect(tokenSimilarity(a, b, opts), `${a.text} / ${b.text}`).toBe(0);
        }
      }
    }
    expect(apart).toBeGreaterThan(10_000);
  });
});

describe('facts of a listed entity with every field filled', () => {
  const listed = entity('1', 'person', ['KARIMI, Hassan'], {
    birthDates: [{ value: '1970-03-04' }], nationalities: ['IR'], remarks: 'a long remark '.repeat(50),
    addresses: [{ full: '12 Some Street, Paris', city: 'Paris', country: 'FR' }],
    identifiers: [{ type: 'passport', value: 'P1234567', country: 'IR' }],
  });
  const index = buildIndex([listed]);

  it('still applies the date, nationality, address country and identifier facts', () => {
    const [m] = index.search({ name: 'Hassan Karimi', birthDate: '1970-03-04', countries: ['IR'] });
    expect(m.entityId).toBe('test_list:1');
    expect(m.explanation.facts.map((f) => f.fact)).toEqual(expect.arrayContaining(['birthDate', 'country']));
    const [byAddress] = index.search({ name: 'Hassan Karimi', countries: ['France'] }, { threshold: 0.5 });
    expect(byAddress.explanation.facts.find((f) => f.fact === 'country')?.effect).toBeGreaterThan(-0.05);
    const [byId] = index.search({ name: 'Someone Else', identifiers: ['P 123-4567'] });
    expect(byId.score).toBe(1);
  });

  it('leaves the caller’s entities untouched', () => {
    expect(listed.remarks).toContain('a long remark');
    expect(listed.addresses[0].full).toBe('12 Some Street, Paris');
  });
});
