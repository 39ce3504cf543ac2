// The index: candidates come from keys, not from a scan; lists can be replaced; threshold,
// top, list filter and per-call stop words shape the results.
import { describe, expect, it } from 'vitest';
import { buildIndex, DEFAULT_THRESHOLD, forScreening, kept } from '../../../src/screening/index.ts';

import { crowd, entity, prng } from './match-fixtures.ts';

// Many distinct names: syllables put together at random.
function manyCompanies(n: number): ReturnType<typeof entity>[] {
  const r = prng(42);
  const syl = ['ka', 'lo', 'mi', 'ren', 'tor', 'vas', 'quin', 'dal', 'bre', 'sho', 'nu', 'pel', 'gar', 'zin', 'fo', 'hed'];
  const word = () => Array.from({ length: 2 + Math.floor(r() * 3) }, () => syl[Math.floor(r() * syl.length)]).join('');
  const kinds = ['Trading', 'Shipping', 'Holdings', 'Industries', 'Logistics'];
  return Array.from({ length: n }, (_x, i) => entity(`c${i}`, 'organisation', [`${word()} ${word()} ${kinds[i % kinds.length]} Ltd`], { list: 'companies' }));
}

describe('candidate generation', () => {
  const companies = manyCompanies(6000);
  const index = buildIndex([...companies, ...crowd(2000)]);

  it('rescoring touches a small share of the names', () => {
    const target = companies[1234].names[0].full;
    const hits = index.search({ name: target.replace(/a/, 'e') });
    expect(hits[0].entityId).toBe('companies:c1234');
    const s = index.stats();
    expect(s.names).toBeGreaterThanOrEqual(8000);
    expect(s.lastSearch!.scored).toBeLessThan(s.names / 100);
    expect(s.lastSearch!.candidates).toBeLessThan(s.names / 10);
  });

  it('reports lists, entities and names', () => {
    const s = index.stats();
    expect(s.lists.map((l) => l.list).sort()).toEqual(['companies', 'crowd']);
    expect(s.entities).toBe(8000);
    expect(s.terms).toBeGreaterThan(1000);
  });
});

describe('replacing a list', () => {
  it('drops the old version and finds the new one', () => {
    const index = buildIndex([
      entity('a', 'organisation', ['Borealis Maritime Ltd'], { list: 'ofac', listVersion: '2024-01' }),
      entity('b', 'organisation', ['Ostwind Handels GmbH'], { list: 'un' }),
    ]);
    expect(index.search({ name: 'Borealis Maritime' })[0]?.entityId).toBe('ofac:a');
    index.replaceList('ofac', [entity('c', 'organisation', ['Caspian Star Shipping LLC'], { list: 'ofac', listVersion: '2024-02' })]);
    expect(index.search({ name: 'Borealis Maritime' })).toEqual([]);
    expect(index.search({ name: 'Caspian Star Shipping' })[0]?.entityId).toBe('ofac:c');
    expect(index.search({ name: 'Ostwind Handels GmbH' })[0]?.entityId).toBe('un:b');
    expect(index.stats().lists.find((l) => l.list === 'ofac')).toMatchObject({ listVersion: '2024-02', entities: 1 });
  });
});

describe('what the index keeps of a record', () => {
  it('matches and weighs facts on the kept view as on the whole record, address countries included', () => {
    const whole = entity('9', 'person', ['Dragan Kovacevic', 'Dragan Kovachevich'], {
      list: 'ofac', birthDates: [{ value: '1961-05-02' }],
      addresses: [{ full: 'Belgrade, Serbia', city: 'Belgrade', country: 'RS' }], remarks: 'long remarks', programmes: ['BALKANS'],
    });
    const slim = kept(whole);
    expect(slim).toMatchObject({ id: 'ofac:9', countries: ['RS'], addresses: [], programmes: [], birthDates: [{ value: '1961-05-02' }] });
    expect(slim.remarks).toBeUndefined();
    const query = { name: 'Dragan Kovacevic', birthDate: '1961-05-02', countries: ['RS'] };
    const a = buildIndex([whole]).search(query)[0];
    const b = buildIndex(forScreening({ list: 'ofac', listVersion: 'v1', files: [], entities: [whole], names: 2, rejects: [] }).entities).search(query)[0];
    expect(a.explanation.facts.map((f) => f.fact)).toEqual(expect.arrayContaining(['birthDate', 'country']));
    expect(b).toEqual(a);
  });
});

describe('a name published by several entities', () => {
  const index = buildIndex([
    entity('1', 'person', ['Hassan Reza Karimi'], { list: 'ofac' }),
    entity('SDN/1', 'person', ['Karimi Hassan Reza', { full: 'Hassan Reza Karimi', kind: 'weak' }], { list: 'csl' }),
    entity('2', 'person', ['Hassan Reza Karimi'], { list: 'un' }),
    entity('3', 'person', ['Ali Bakr Othman', { full: 'Hassan Reza Karimi', kind: 'weak' }], { list: 'eu' }),
  ]);

  it('is indexed once and scores each holder with its own kind of name', () => {
    const s = index.stats();
    expect(s.names).toBe(6);
    expect(s.distinctNames).toBe(3);
    const hits = index.search({ name: 'Hassan Reza Karimi' }, { threshold: 0.5 });
    expect(hits.map((h) => h.entityId).sort()).toEqual(['csl:SDN/1', 'eu:3', 'ofac:1', 'un:2']);
    const ofac = hits.find((h) => h.entityId === 'ofac:1')!, eu = hits.find((h) => h.entityId === 'eu:3')!;
    expect(eu.explanation.aliasKind).toBe('weak');
    expect(eu.score).toBeCloseTo(ofac.score * 0.9, 2);
    const csl = hits.find((h) => h.entityId === 'csl:SDN/1')!;
    // Its primary name (reordered) or its weak alias (× 0.9), whichever scores higher.
    expect(csl.score).toBeGreaterThan(0.85);
    expect(hits.find((h) => h.entityId === 'ofac:1')!.explanation.aliasKind).toBe('primary');
  });

  it('answers a list filter by the lists of its holders', () => {
    expect(index.search({ name: 'Hassan Reza Karimi' }, { lists: ['un'] }).map((h) => h.entityId)).toEqual(['un:2']);
    expect(index.search({ name: 'Hassan Reza Karimi' }, { lists: ['nowhere'] })).toEqual([]);
  });
});

describe('threshold, top, lists and stop words', () => {
  const index = buildIndex([
    entity('1', 'person', ['Anatoly Petrovich Sergeyev'], { list: 'a' }),
    entity('2', 'person', ['Anatoli Sergeev'], { list: 'b' }),
    entity('3', 'person', ['Anatoly Sergeyenko'], { list: 'b' }),
    entity('4', 'organisation', ['Baltic Amber Holdings Trading'], { list: 'a' }),
  ]);

  it('returns matches sorted by score, cut at the threshold and at top', () => {
    const all = index.search({ name: 'Anatoly Sergeyev' }, { threshold: 0.3 });
    expect(all.length).toBe(3);
    expect(all.map((m) => m.score)).toEqual([...all.map((m) => m.score)].sort((a, b) => b - a));
    expect(index.search({ name: 'Anatoly Sergeyev' }, { threshold: 0.3, top: 1 }).length).toBe(1);
    const strict = index.search({ name: 'Anatoly Sergeyev' }, { threshold: 0.99 });
    expect(strict.every((m) => m.score >= 0.99)).toBe(true);
    expect(strict.length).toBeLessThan(all.length);
    expect(index.search({ name: 'Anatoly Sergeyev' }).every((m) => m.score >= DEFAULT_THRESHOLD)).toBe(true);
  });

  it('searches only the lists asked for', () => {
    const hits = index.search({ name: 'Anatoly Sergeyev' }, { threshold: 0.3, lists: ['b'] });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((m) => m.list === 'b')).toBe(true);
  });

  it('per-call stop words stop counting', () => {
    const plain = index.search({ name: 'Baltic Amber Shipping Logistics' }, { threshold: 0 });
    const stopped = index.search({ name: 'Baltic Amber Shipping Logistics' }, { threshold: 0, stopWords: ['shipping', 'logistics', 'holdings', 'trading'] });
    expect(stopped[0].score).toBeGreaterThan(plain[0].score);
  });

  it('explains every match: tokens, how they matched, the alias and the facts', () => {
    const [m] = index.search({ name: 'Anatoli Sergeev' });
    expect(m).toMatchObject({ entityId: 'b:2', list: 'b', matchedName: 'Anatoli Sergeev', score: 1 });
    expect(m.explanation).toMatchObject({ nameScore: 1, aliasKind: 'primary', unmatchedQuery: [], unmatchedAlias: [], facts: [] });
    expect(m.explanation.tokens).toEqual([
      { query: 'anatoli', alias: 'anatoli', how: 'exact', similarity: 1 },
      { query: 'sergeev', alias: 'sergeev', how: 'exact', similarity: 1 },
    ]);
  });
});
