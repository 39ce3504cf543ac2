// Normalisation: diacritics, case, punctuation, and names written in other scripts found by
// a Latin query (and the other way round).
import { describe, expect, it } from 'vitest';
import { buildIndex, compareNames, DEFAULT_THRESHOLD } from '../../../src/screening/index.ts';
import { entity } from './match-fixtures.ts';

const index = buildIndex([
  entity('1', 'organisation', ['SOCIETE GENERALE DE COMMERCE SARL']),
  entity('2', 'person', ['PUTIN, Vladimir Vladimirovich', { full: 'Путин Владимир Владимирович', kind: 'strong', original: true }]),
  entity('3', 'person', ['صدام حسين التكريتي']),
  entity('4', 'person', ['Saddam Hussein al-Tikriti']),
  entity('5', 'person', ['习近平']),
  entity('6', 'organisation', ['צור אמיתי לוגיסטיקה בע"מ']),
  entity('7', 'person', ['KIM Jong Un']),
  entity('8', 'person', ['Ψωμιάδης Γεώργιος']),
  entity('9', 'organisation', ['Shwe Pale Trading Co., Ltd.']),
]);

const ids = (name: string) => index.search({ name }).map((m) => m.entityId);

describe('normalisation', () => {
  it('ignores diacritics, case and punctuation', () => {
    expect(ids('Société Générale de Commerce, S.A.R.L.')).toContain('test_list:1');
    expect(compareNames('Škerlj Trgovina d.o.o.', 'SKERLJ TRGOVINA DOO').score).toBeGreaterThanOrEqual(0.95);
  });

  it('finds a Cyrillic alias from a Latin query, and a Latin name from a Cyrillic query', () => {
    const hit = index.search({ name: 'Vladimir Putin' })[0];
    expect(hit.entityId).toBe('test_list:2');
    expect(index.search({ name: 'Владимир Путин' })[0].entityId).toBe('test_list:2');
  });

  it('finds an Arabic name from a Latin query and back, saying it transliterated', () => {
    const fromLatin = index.search({ name: 'Saddam Hussein al-Tikriti' });
    expect(fromLatin.map((m) => m.entityId)).toContain('test_list:3');
    const arabicHit = fromLatin.find((m) => m.entityId === 'test_list:3')!;
    expect(arabicHit.explanation.tokens.some((t) => t.how === 'translit')).toBe(true);
    expect(ids('صدام حسين التكريتي')).toContain('test_list:4');
  });

  it('finds a Chinese name from its pinyin and back', () => {
    expect(ids('Xi Jinping')).toContain('test_list:5');
    const latin = buildIndex([entity('x', 'person', ['XI Jinping'])]);
    expect(latin.search({ name: '习近平' }).map((m) => m.entityId)).toContain('test_list:x');
  });

  it('finds a vowel-less Hebrew company name from its Latin spelling and back', () => {
    expect(ids('Tzur Amitai Logistics Ltd')).toContain('test_list:6');
    expect(compareNames('Tzur Amitai Logistics Ltd', 'צור אמיתי לוגיסטיקה בע"מ').score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('finds a Korean name written in Hangul and a Greek one in Greek letters', () => {
    expect(ids('김정은')).toContain('test_list:7');
    expect(ids('Georgios Psomiadis')).toContain('test_list:8');
  });

  it('reads Burmese script against its usual Latin spelling', () => {
    expect(ids('ရွှေပုလဲ ကုန်သွယ်ရေး ကုမ္ပဏီလီမိတက်')).toContain('test_list:9');
  });

  it('does not match names that only share a transliterated particle', () => {
    expect(ids('Ahmad al-Rashid')).not.toContain('test_list:3');
  });
});
