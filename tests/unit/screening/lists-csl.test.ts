import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity, ListLoad } from '../../../src/screening/model.ts';
import { WrongFileError } from '../../../src/screening/model.ts';
import { CSL_COLUMNS, loadCsl } from '../../../src/screening/lists/csl.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const data = path.resolve(repoRoot, '../shared/data/sanctions');
const cslFile = path.join(data, 'us_csl/consolidated.csv');

describe('US Consolidated Screening List', () => {
  let load: ListLoad;
  let byId: Map<string, Entity>;
  beforeAll(async () => {
    load = await loadCsl(cslFile);
    byId = new Map(load.entities.map((e) => [e.sourceId, e]));
  });

  it('reads all 14,160 records: one is an exact repeat and is reported, not loaded twice', () => {
    expect(load.list).toBe('us_csl');
    expect(load.entities.length + load.rejects.length).toBe(14160);
    expect(load.rejects).toHaveLength(1);
    expect(load.rejects[0]).toMatchObject({ line: 1980, reason: 'duplicate record: CAP _id 15268 already read on line 1979' });
  });

  it('tags each record with its source list, with the per-source counts of the README', () => {
    const bySource: Record<string, number> = {};
    for (const e of load.entities) bySource[e.extra!.source!] = (bySource[e.extra!.source!] ?? 0) + 1;
    bySource.CAP! += 1; // the repeated record
    expect(bySource).toEqual({
      SDN: 10026, EL: 2001, DTC: 727, DPL: 462, SSI: 290, UVL: 201, ISN: 163, PLC: 78, MEU: 71, CMIC: 68, CAP: 53,
      'NS-MBS': 17, FSE: 3,
    });
  });

  it('keeps a party listed on two source lists as two entities with distinct ids', () => {
    const ids = new Set(load.entities.map((e) => e.id));
    expect(ids.size).toBe(load.entities.length);
    expect(byId.get('SDN/18725')!.names[0]!.full).toBe('BANCO VTB AFRICA SA');
    expect(byId.get('SSI/18725')!.names[0]!.full).toBe('BANCO VTB AFRICA SA');
  });

  it('uses the latest start_date as the list version', () => {
    expect(load.listVersion).toBe('2022-04-21');
  });

  it('reads names, aliases, dates of birth, nationalities, places of birth and ids', () => {
    const e = byId.get('SDN/9935')!;
    expect(e.schema).toBe('person');
    expect(e.names[0]).toEqual({
      full: "'ABD AL-RAZZIQ, Abu Sufian al-Salamabi Muhammed Ahmed",
      kind: 'primary',
      family: "'ABD AL-RAZZIQ",
      given: 'Abu Sufian al-Salamabi Muhammed Ahmed',
    });
    expect(e.names.filter((n) => n.kind === 'strong')).toHaveLength(14);
    expect(e.names).toContainEqual({ full: 'JOLAIBA', kind: 'strong' });
    expect(e.birthDates).toEqual([{ value: '1962-08-06' }]);
    expect(e.nationalities).toEqual(['CA', 'SD']);
    expect(e.birthPlaces).toEqual(['Al-Bawgah, Sudan', 'Albaouga, Sudan']);
    expect(e.identifiers).toEqual([{ type: 'passport', value: 'BC166787', country: 'CA' }]);
    expect(e.programmes).toEqual(['SDGT']);
  });

  it('reads the ids column: country first, type last, issue dates, facts and crypto addresses', () => {
    const bank = byId.get('NS-MBS/31695')!;
    expect(bank.identifiers).toEqual(
      expect.arrayContaining([
        { type: 'tax_id', value: '7702235133', country: 'RU', note: 'Tax ID No.' },
        { type: 'swift_bic', value: 'CBRFRUMM' },
      ]),
    );
    expect(bank.birthDates).toEqual([{ value: '1990-07-13' }]); // Organization Established Date
    expect(bank.extra).toMatchObject({ website: 'www.cbr.ru', organization_type: 'Central banking', target_type: 'Government Entity' });
    expect(bank.addresses[0]).toEqual({ full: 'Neglinnaya St 12, Moscow, 107016, RU', country: 'RU' });

    const withDate = load.entities.flatMap((e) => e.identifiers).find((i) => i.value === '110364903')!;
    expect(withDate).toEqual({ type: 'registration', value: '110364903', country: 'MM', note: 'Registration Number; issued 2017-01-16' });

    const xbt = load.entities.flatMap((e) => e.identifiers).find((i) => i.value === '1Fz29BQp82pE3vXXcsZoMNQ3KSHfMzfMe3')!;
    expect(xbt).toMatchObject({ type: 'crypto', currency: 'XBT' });
  });

  it('reads "(Linked To: …)" in remarks and resolves it within the list', () => {
    const e = byId.get('SSI/18792')!;
    expect(e.links).toEqual([{ relation: 'linked_to', targetName: 'ROSTEC', targetId: expect.stringMatching(/^us_csl:/) }]);
    expect(e.extra?.source).toBe('SSI');
  });

  it('maps the empty type of the BIS and State lists to unknown', () => {
    const el = load.entities.find((e) => e.extra?.source === 'EL')!;
    expect(el.schema).toBe('unknown');
    expect(el.extra?.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('CSL malformed rows and wrong files', () => {
  const header = CSL_COLUMNS.join(',');
  const row = (values: Record<string, string>) => CSL_COLUMNS.map((c) => values[c] ?? '').join(',');

  it('rejects rows with the wrong column count or without a name, and loads the rest', async () => {
    const text = [
      header,
      row({ _id: '1', source: 'Entity List (EL) - Bureau of Industry and Security', name: 'Good Co', start_date: '2020-01-02' }),
      '2,Entity List (EL) - Bureau of Industry and Security,,,,Too Short',
      row({ _id: '3', source: 'Entity List (EL) - Bureau of Industry and Security', name: '' }),
    ].join('\n');
    const load = await loadCsl({ name: 'consolidated.csv', content: text });
    expect(load.entities.map((e) => e.names[0]!.full)).toEqual(['Good Co']);
    expect(load.rejects.map((r) => [r.line, r.reason])).toEqual([
      [3, 'expected 29 columns, got 6'],
      [4, 'no name'],
    ]);
    expect(load.listVersion).toBe('2020-01-02');
  });

  it('throws WrongFileError for the UN XML or a CSV with another header', async () => {
    await expect(loadCsl(path.join(data, 'un_consolidated/UN_consolidated.xml'))).rejects.toThrow(WrongFileError);
    await expect(loadCsl({ name: 'x.csv', content: 'a,b,c\n1,2,3\n' })).rejects.toThrow(/not a Consolidated Screening List/);
  });
});
