import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity, ListLoad } from '../../../src/screening/model.ts';
import { WrongFileError } from '../../../src/screening/model.ts';
import { CSL_COLUMNS, loadCsl } from '../../../src/screening/lists/csl.ts';

// The CSL, read from a small synthetic consolidated.csv in the published layout (29 columns,
// one record per source list, '; '-separated multi-valued columns): tests/fixtures/screening/us_csl.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = path.join(repoRoot, 'tests/fixtures/screening');
const cslFile = path.join(fixtures, 'us_csl/consolidated.csv');

describe('US Consolidated Screening List', () => {
  let load: ListLoad;
  let byId: Map<string, Entity>;
  beforeAll(async () => {
    load = await loadCsl(cslFile);
    byId = new Map(load.entities.map((e) => [e.sourceId, e]));
  });

  it('reads all 21 records: one repeats a record of its source and is reported, not loaded twice', () => {
    expect(load.list).toBe('us_csl');
    expect(load.entities.length + load.rejects.length).toBe(21);
    expect(load.rejects).toHaveLength(1);
    // Line numbers count the line break inside a quoted address of an earlier record.
    expect(load.rejects[0]).toMatchObject({ line: 20, reason: 'duplicate record: CAP _id 7016 already read on line 19' });
  });

  it('tags each record with the code of its source list', () => {
    const bySource: Record<string, number> = {};
    for (const e of load.entities) bySource[e.extra!.source!] = (bySource[e.extra!.source!] ?? 0) + 1;
    expect(bySource).toEqual({
      SDN: 7, SSI: 2, 'NS-MBS': 1, EL: 1, DTC: 1, DPL: 1, UVL: 1, ISN: 1, PLC: 1, MEU: 1, CMIC: 1, CAP: 1, FSE: 1,
    });
    expect(byId.get('NS-MBS/7003')!.extra?.source_name).toBe('Non-SDN Menu-Based Sanctions List (NS-MBS List) - Treasury Department');
  });

  it('keeps a party listed on two source lists as two entities with distinct ids', () => {
    const ids = new Set(load.entities.map((e) => e.id));
    expect(ids.size).toBe(load.entities.length);
    expect(byId.get('SDN/7002')!.names[0]!.full).toBe('BANCO NORTEMAR AFRICA SA');
    expect(byId.get('SSI/7002')!.names[0]!.full).toBe('BANCO NORTEMAR AFRICA SA');
    expect(byId.get('SSI/7002')!.id).toBe('us_csl:SSI/7002');
  });

  it('uses the latest start_date as the list version', () => {
    expect(load.listVersion).toBe('2022-03-30');
  });

  it('reads names, aliases, dates of birth, nationalities, places of birth and ids', () => {
    const e = byId.get('SDN/7001')!;
    expect(e.schema).toBe('person');
    expect(e.names[0]).toEqual({
      full: "'ABD AL-WAHID, Tariq Hamza al-Nuri",
      kind: 'primary',
      family: "'ABD AL-WAHID",
      given: 'Tariq Hamza al-Nuri',
    });
    expect(e.names.filter((n) => n.kind === 'strong')).toHaveLength(4);
    expect(e.names).toContainEqual({ full: 'NURIYYA', kind: 'strong' });
    expect(e.names).toContainEqual({ full: 'ABDELWAHID, Tarik', kind: 'strong', family: 'ABDELWAHID', given: 'Tarik' });
    expect(e.birthDates).toEqual([{ value: '1966-03-09' }]);
    expect(e.nationalities).toEqual(['CA', 'LB', 'FR']); // nationalities, then citizenships
    expect(e.birthPlaces).toEqual(['Zarqa, Jordan', 'Al-Zarqa, Jordan']);
    expect(e.countries).toEqual(['JO']);
    expect(e.identifiers).toEqual([{ type: 'passport', value: 'ZX104233', country: 'CA' }]);
    expect(e.programmes).toEqual(['SDGT-X']);
    // Dates of birth as spans, several of them, and in other scripts an alias read as UTF-8.
    expect(byId.get('FSE/7017')!.birthDates).toEqual([{ from: 1958, to: 1960 }, { value: '1959-02-12' }]);
    expect(byId.get('SDN/7005')!.birthDates).toEqual([{ from: 1989, to: 1991 }]); // circa 1990
    expect(load.entities.find((x) => x.extra?.source === 'EL')!.names).toContainEqual({ full: '中北精密光学有限公司', kind: 'strong' });
  });

  it('reads the ids column: country first, type last, issue dates, facts and crypto addresses', () => {
    const bank = byId.get('NS-MBS/7003')!;
    expect(bank.identifiers).toEqual([
      { type: 'tax_id', value: '7700000042', country: 'RU', note: 'Tax ID No.' },
      { type: 'registration', value: '1027700000017', country: 'RU', note: 'Registration Number' },
      { type: 'swift_bic', value: 'NSBIRUMM' },
    ]);
    expect(bank.birthDates).toEqual([{ value: '1991-07-13' }]); // Organization Established Date
    expect(bank.extra).toMatchObject({
      website: 'www.cbisle.example', organization_type: 'Central banking', target_type: 'Government Entity', directive_listing: '22 Feb 2022',
    });
    expect(bank.addresses).toEqual([
      { full: 'Ulitsa Vymyshlennaya 12, Moscow, 101000, RU', country: 'RU' },
      { full: 'Moscow, RU', country: 'RU' },
    ]);

    const withDate = load.entities.flatMap((e) => e.identifiers).find((i) => i.value === '110999903')!;
    expect(withDate).toEqual({ type: 'registration', value: '110999903', country: 'MM', note: 'Registration Number; issued 2017-03-21' });

    const hacker = byId.get('SDN/7005')!;
    expect(hacker.identifiers.map((i) => [i.type, i.currency, i.value])).toEqual([
      ['crypto', 'XBT', '1FzT7yQm3pX9vLw2KcRb8NdJs5HgE6aUo4'],
      ['crypto', 'XMR', '4AbCdEfGh1JkLmNoPq2RsTuVwXyZ3aBcDeFgHiJkLmNo5PqRsTuVw'],
    ]);
    expect(hacker.gender).toBe('male');
    expect(byId.get('CMIC/7015')!.identifiers).toEqual([
      { type: 'tax_id', value: '91110000MA00000000', country: 'CN', note: 'Unified Social Credit Code (USCC)' },
    ]);
  });

  it('reads vessel and aircraft columns', () => {
    const ship = byId.get('SDN/7018')!;
    expect(ship.schema).toBe('vessel');
    expect(ship.identifiers).toEqual([
      { type: 'imo', value: '9301238' },
      { type: 'mmsi', value: '352000111' },
      { type: 'other', value: '3FAB4', note: 'Call Sign' },
    ]);
    expect(ship.countries).toEqual(['PA']);
    expect(ship.extra).toMatchObject({
      vessel_flag: 'Panama', vessel_type: 'Bulk Carrier', tonnage: '31,500', grt: '18,200', vessel_owner: 'INVENTED SHIPPING LTD', vessel_built: '2004',
    });
    expect(byId.get('SDN/7019')!).toMatchObject({ schema: 'aircraft', extra: { aircraft_model: 'A310-304' } });
  });

  it('reads "(Linked To: …)" in remarks and resolves it within the list', () => {
    const e = byId.get('SSI/7006')!;
    expect(e.links).toEqual([{ relation: 'linked_to', targetName: 'ZENTRAK', targetId: 'us_csl:SDN/7007' }]);
    expect(e.extra?.source).toBe('SSI');
  });

  it('maps the empty type of the BIS and State lists to unknown', () => {
    const el = load.entities.find((e) => e.extra?.source === 'EL')!;
    expect(el.schema).toBe('unknown');
    expect(el.extra?.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(el.extra).toMatchObject({ license_requirement: 'For all items subject to the EAR.', license_policy: 'Presumption of denial.' });
    expect(load.entities.filter((e) => e.schema === 'unknown').map((e) => e.extra?.source)).toEqual(['EL', 'DTC', 'DPL', 'UVL', 'ISN', 'MEU']);
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
    await expect(loadCsl(path.join(fixtures, 'un/consolidated.xml'))).rejects.toThrow(WrongFileError);
    await expect(loadCsl({ name: 'x.csv', content: 'a,b,c\n1,2,3\n' })).rejects.toThrow(/not a Consolidated Screening List/);
  });
});
