// Name comparison: typos, word order, middle names, initials, glued tokens, "SURNAME, Given",
// legal forms, and the generic words that must not make a match on their own.
import { describe, expect, it } from 'vitest';
import { buildIndex, compareNames, DEFAULT_THRESHOLD } from '../../../src/screening/index.ts';
import { crowd, entity } from './match-fixtures.ts';

const T = DEFAULT_THRESHOLD;

describe('name variations that are the same name', () => {
  it('survives a typo', () => {
    expect(compareNames('Vladimir Putim', 'Vladimir Putin', 'person').score).toBeGreaterThanOrEqual(T);
    expect(compareNames('Vladimir Ptuin', 'Vladimir Putin', 'person').score).toBeGreaterThanOrEqual(T);
  });

  it('ignores word order and reads "SURNAME, Given"', () => {
    expect(compareNames('Putin Vladimir', 'Vladimir Putin', 'person').score).toBe(1);
    expect(compareNames('HUSSEIN, Saddam', 'Saddam Hussein', 'person').score).toBe(1);
  });

  it('tolerates a missing or an extra middle name', () => {
    expect(compareNames('Mohammad Zarif', 'ZARIF, Mohammad Javad', 'person').score).toBeGreaterThanOrEqual(T);
    expect(compareNames('Mohammad Javad Zarif', 'Mohammad Zarif', 'person').score).toBeGreaterThanOrEqual(T);
  });

  it('pairs an initial with a given name, and says so', () => {
    const r = compareNames('J. Smith', 'John Smith', 'person');
    expect(r.score).toBeGreaterThanOrEqual(T);
    expect(r.score).toBeLessThan(1);
    expect(r.explanation.pairs).toContainEqual(expect.objectContaining({ query: 'j', alias: 'john', how: 'initial' }));
  });

  it('pairs glued and split tokens', () => {
    const r = compareNames('JSC ARGUMENT', 'JSCARGUMENT');
    expect(r.score).toBeGreaterThanOrEqual(0.95);
    expect(compareNames('Abdul Rahman Yasin', 'ABDULRAHMAN YASIN', 'person').explanation.pairs)
      .toContainEqual(expect.objectContaining({ how: 'joined' }));
    expect(compareNames('Ets Diallo', 'EtsDiallo').score).toBeGreaterThanOrEqual(T);
  });

  it('treats legal forms as equivalent and weak', () => {
    expect(compareNames('Harrowfield Bearings Limited', 'HARROWFIELD BEARINGS LTD.').score).toBe(1);
    expect(compareNames('Pellbrook Cold Storage, Limited Liability Company', 'PELLBROOK COLD STORAGE LLC').score).toBe(1);
    expect(compareNames('Tõrva Puidutöö OÜ', 'Tõrva Puidutöö Ltd').score).toBe(1);
    expect(compareNames('ТОВ «Бриз Одеса»', 'Briz Odessa LLC').score).toBeGreaterThanOrEqual(T);
    expect(compareNames('Zakłady Mięsne Wiśniewski Sp. z o.o.', 'Zaklady Miesne Wisniewski spolka z ograniczona odpowiedzialnoscia').score).toBe(1);
  });

  it('reads a former name written in the name', () => {
    const r = compareNames('Ocean Pioneer (ex-Cape Diamond)', 'Cape Diamond', 'vessel');
    expect(r.score).toBeGreaterThanOrEqual(T);
    expect(r.explanation.notes.join(' ')).toMatch(/former name/);
  });
});

describe('names that are not the same', () => {
  it('sees national legal forms of two countries as two companies', () => {
    const r = compareNames('Korvessa Industrial GmbH', 'Korvessa Industrial Sdn. Bhd.');
    expect(r.score).toBeLessThan(T);
    expect(r.explanation.notes.join(' ')).toMatch(/legal forms of different countries/);
  });

  it('does not let generic words make a match', () => {
    expect(compareNames('Varsk Global Trading LLC', 'Tollmere Global Trading LLC').score).toBeLessThan(0.5);
    expect(compareNames('Pellmoor Timber Exports Ltd', 'Pellmoor Timber Experts Ltd').score).toBeLessThan(T);
  });

  it('keeps vessel numbers apart', () => {
    const r = compareNames('Hoshikaze Maru No. 8', 'Hoshikaze Maru No. 6', 'vessel');
    expect(r.score).toBeLessThan(T);
    expect(r.explanation.notes.join(' ')).toMatch(/numbers differ/);
  });

  it('does not take a different surname for a typo', () => {
    expect(compareNames('SUARL Traoré Commerce', 'SUARL Touré Commerce').score).toBeLessThan(T);
    expect(compareNames('Hans Oberwald GmbH', 'Petra Oberwald GmbH').score).toBeLessThan(T);
  });
});

describe('generic queries against an index', () => {
  const index = buildIndex([
    ...crowd(400),
    entity('emma', 'person', ['EMMA DANIELS']),
    entity('atlas', 'organisation', ['ATLAS CORP']),
    entity('global', 'organisation', ['GLOBAL TRADING CORPORATION']),
    entity('holdings', 'organisation', ['CORP HOLDINGS LTD']),
    entity('fashion', 'organisation', ['EMMA FASHION GROUP LLC']),
    entity('argument', 'organisation', ['JSC ARGUMENT']),
  ]);

  it('"CORP" alone matches no company', () => {
    expect(index.search({ name: 'CORP' })).toEqual([]);
  });

  it('"EMMA LLC" matches neither a person called Emma nor another Emma company', () => {
    expect(index.search({ name: 'EMMA LLC' })).toEqual([]);
  });

  it('a shared common given name does not alert, the full name does', () => {
    const listed = index.search({ name: 'Mohammad Javadi Farahani' });
    expect(listed).toEqual([]);
    const some = crowd(400)[7].names[0].full;
    const hit = index.search({ name: some });
    expect(hit[0]?.entityId).toBe('crowd:p7');
  });

  it('finds the glued spelling through the index', () => {
    expect(index.search({ name: 'JSCARGUMENT' }).map((m) => m.entityId)).toContain('test_list:argument');
  });
});
