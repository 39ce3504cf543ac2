import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity, ListLoad } from '../../../src/screening/model.ts';
import { WrongFileError } from '../../../src/screening/model.ts';
import { loadEu } from '../../../src/screening/lists/eu.ts';
import { loadUk } from '../../../src/screening/lists/uk.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = path.join(repoRoot, 'tests/fixtures/screening');
const euFile = path.join(fixtures, 'eu/csvFullSanctionsList_1_1.csv');
const ukFile = path.join(fixtures, 'uk/UK-Sanctions-List.csv');

describe('EU financial sanctions CSV (fixture)', () => {
  let load: ListLoad;
  let byId: Map<string, Entity>;
  beforeAll(async () => {
    load = await loadEu(euFile);
    byId = new Map(load.entities.map((e) => [e.sourceId, e]));
  });

  it('groups rows by Entity_LogicalId, wherever they are in the file', () => {
    expect(load.list).toBe('eu_fsf');
    expect(load.entities.map((e) => e.sourceId)).toEqual(['900101', '900102', '900103', '900104', '900105', '900106']);
    expect(load.listVersion).toBe('2026-11-14'); // fileGenerationDate 14/11/2026
    // The last name row of 900101 is at the end of the file.
    expect(byId.get('900101')!.names.map((n) => n.full)).toContain('Ivan P. SIDORENKO');
    // A repeated name row gives one name.
    expect(byId.get('900106')!.names).toHaveLength(1);
  });

  it('counts malformed rows with their line numbers', () => {
    expect(load.rejects.map((r) => [r.line, r.reason])).toEqual([
      [11, 'expected 118 columns, got 5'],
      [33, 'no Entity_LogicalId'],
    ]);
  });

  it('reads names with their parts and scripts, gender, birth, ids, addresses and citizenship', () => {
    const e = byId.get('900101')!;
    expect(e.schema).toBe('person');
    expect(e.names[0]).toEqual({ full: 'Ivan Petrovich SIDORENKO', kind: 'primary', given: 'Ivan Petrovich', family: 'SIDORENKO' });
    expect(e.names[1]).toMatchObject({ full: 'Иван Петрович СИДОРЕНКО', kind: 'strong', original: true });
    expect(e.gender).toBe('male');
    expect(e.birthDates).toEqual([{ value: '1961-04-12' }]);
    expect(e.birthPlaces).toEqual(['Kursk, RUSSIAN FEDERATION']);
    expect(e.identifiers).toEqual([{ type: 'passport', value: '7012345678', country: 'RU', note: 'National passport; issued 2015-06-01' }]);
    expect(e.addresses).toEqual([{ full: 'Tverskaya 1, Moscow, 125009, RU', street: 'Tverskaya 1', city: 'Moscow', postalCode: '125009', country: 'RU' }]);
    expect(e.nationalities).toEqual(['RU']);
    expect(e.programmes).toEqual(['RUS']);
    expect(e.remarks).toBe('Businessman; member of the board of a state-owned bank.');
  });

  it('reads circa years and year ranges, and month-only dates', () => {
    expect(byId.get('900102')!.birthDates).toEqual([
      { from: 1974, to: 1976 },
      { from: 1970, to: 1972 },
    ]);
    expect(byId.get('900102')!.nationalities).toEqual(['YE', 'SO']);
    expect(byId.get('900105')!.birthDates).toEqual([{ value: '1980-06' }]);
  });

  it('reads enterprises: registration and tax numbers, several addresses, a UN id', () => {
    const e = byId.get('900103')!;
    expect(e.schema).toBe('organisation');
    expect(e.identifiers.map((i) => [i.type, i.value, i.country])).toEqual([
      ['registration', '1187746123456', 'RU'],
      ['tax_id', '7707123456', 'RU'],
    ]);
    expect(e.countries).toEqual(['RU', 'AE']);
    const korea = byId.get('900104')!;
    expect(korea.countries).toEqual(['KP']);
    expect(korea.extra?.un_id).toBe('KPe.901');
    expect(korea.names[0]!.full).toBe('Obsidian Arms Trading Corporation');
  });

  it('refuses a file of another kind', async () => {
    await expect(loadEu(ukFile)).rejects.toThrow(WrongFileError);
    await expect(loadEu({ name: 'x.csv', content: 'a;b\n1;2\n' })).rejects.toThrow(/Entity_LogicalId/);
  });
});

describe('UK Sanctions List CSV (fixture)', () => {
  let load: ListLoad;
  let byId: Map<string, Entity>;
  beforeAll(async () => {
    load = await loadUk(ukFile);
    byId = new Map(load.entities.map((e) => [e.sourceId, e]));
  });

  it('takes the version from the report-date line and groups rows by Unique ID', () => {
    expect(load.list).toBe('uk_sanctions');
    expect(load.listVersion).toBe('2026-11-14');
    expect(load.entities.map((e) => [e.sourceId, e.schema])).toEqual([
      ['RUS9901', 'person'],
      ['RUS9902', 'organisation'],
      ['RUS9903', 'vessel'],
      ['AQD9904', 'person'],
    ]);
  });

  it('counts malformed rows with their line numbers', () => {
    expect(load.rejects.map((r) => [r.line, r.reason])).toEqual([
      [8, 'expected 58 columns, got 5'],
      [16, 'no Unique ID'],
    ]);
  });

  it('reads names: surname in Name 6, alias strength, non-latin script', () => {
    expect(byId.get('RUS9901')!.names).toEqual([
      { full: 'Oleg Ivanovich PETROVSKY', kind: 'primary', given: 'Oleg Ivanovich', family: 'PETROVSKY' },
      { full: 'Олег Иванович ПЕТРОВСКИЙ', kind: 'strong', original: true },
      { full: 'Oleg PETROVSKI', kind: 'strong', given: 'Oleg', family: 'PETROVSKI' },
      { full: 'OLEZHKA', kind: 'weak' },
    ]);
  });

  it('reads day-first dates of birth, including unknown day and month', () => {
    expect(byId.get('RUS9901')!.birthDates).toEqual([{ value: '1968-07-03' }]);
    expect(byId.get('AQD9904')!.birthDates).toEqual([{ value: '1972' }, { value: '1973-05' }]);
    expect(byId.get('AQD9904')!.nationalities).toEqual(['SY', 'IQ']);
    expect(byId.get('AQD9904')!.extra?.un_reference).toBe('QDi.901');
  });

  it('reads documents, addresses, entity and ship details', () => {
    const p = byId.get('RUS9901')!;
    expect(p.identifiers).toEqual([
      { type: 'passport', value: '750123456', note: 'Russian foreign travel passport' },
      { type: 'national_id', value: '4500123456', note: 'Russian internal passport' },
    ]);
    expect(p.birthPlaces).toEqual(['Tula, Russia']);
    const o = byId.get('RUS9902')!;
    expect(o.names.map((n) => [n.full, n.kind])).toEqual([
      ['VOLGA RIVER SHIPPING HOLDINGS LLC', 'primary'],
      ['VRSH', 'strong'],
      ['Volga River Shipping Holdings Limited Liability Company', 'strong'],
    ]);
    expect(o.addresses.map((a) => a.country)).toEqual(['RU', 'AE']);
    expect(o.identifiers).toEqual([{ type: 'registration', value: '1027700123456' }]);
    expect(o.links).toEqual([{ relation: 'parent', targetName: 'Example State Corporation' }]);
    const s = byId.get('RUS9903')!;
    expect(s.identifiers).toEqual([{ type: 'imo', value: '9123456' }]);
    expect(s.countries).toEqual(['GA']);
    expect(s.names).toContainEqual({ full: 'SOUTHERN STAR', kind: 'strong' });
  });

  it('refuses a file of another kind', async () => {
    await expect(loadUk(euFile)).rejects.toThrow(WrongFileError);
    await expect(loadUk({ name: 'x.csv', content: 'Report Date: 01-Jan-2026\na,b\n' })).rejects.toThrow(/Unique ID/);
  });
});
