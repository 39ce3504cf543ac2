import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WrongFileError } from '../../../src/screening/model.ts';
import { loadBisDpl } from '../../../src/screening/lists/bis.ts';
import { loadFincen314a } from '../../../src/screening/lists/fincen.ts';

// BIS DPL and FinCEN 314(a), read from small synthetic files in the published layouts
// (tests/fixtures/screening/bis_dpl, tests/fixtures/screening/fincen).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = path.join(repoRoot, 'tests/fixtures/screening');
const dpl = path.join(fixtures, 'bis_dpl/dpl.txt');
const fincen = (f: string) => path.join(fixtures, 'fincen', f);

describe('BIS Denied Persons List', () => {
  it('loads the 8 records, dated by the latest plausible Last_Update (not the 3033 typo)', async () => {
    const load = await loadBisDpl(dpl);
    expect(load.list).toBe('us_bis_dpl');
    expect(load.entities).toHaveLength(8);
    expect(load.names).toBe(8);
    expect(load.rejects).toEqual([]);
    expect(load.listVersion).toBe('2023-11-28');
    expect(new Set(load.entities.map((e) => e.id)).size).toBe(8);
  });

  it('reads name, address (US when only a state is given) and the order details', async () => {
    const load = await loadBisDpl(dpl);
    const e = load.entities.find((x) => x.names[0]!.full === 'HOLLIS GRANT RIVERA')!;
    expect(e.addresses).toEqual([
      { full: '3410 IMAGINARY AVENUE, EL PASO, TX, 79999, US', street: '3410 IMAGINARY AVENUE', city: 'EL PASO', region: 'TX', postalCode: '79999', country: 'US' },
    ]);
    expect(e.extra).toMatchObject({
      effective_date: '2022-08-24', expiration_date: '2026-01-14', standard_order: 'Y', last_update: '2022-08-29',
      action: 'F.R. NOTICE ADDED', fr_citation: '87 F.R. 99992 8/29/2022',
    });
    expect(e.programmes).toEqual(['DPL']);
    expect(e.schema).toBe('unknown');
    // The name is trimmed; a country given as a code is read as one.
    expect(load.entities[0]!.names[0]!.full).toBe('D. ASHWORTH');
    const company = load.entities.find((x) => x.names[0]!.full === 'NORTHWIND AIR FREIGHT LTD')!;
    expect(company.schema).toBe('organisation');
    expect(company.addresses).toEqual([{ full: 'UNIT 7, 12 FICTION STREET, DUBAI, AE', street: 'UNIT 7, 12 FICTION STREET', city: 'DUBAI', country: 'AE' }]);
  });

  it('keeps one entity per row: a party at two addresses twice, a repeated row under a numbered id', async () => {
    const load = await loadBisDpl(dpl);
    const kestrel = load.entities.filter((x) => x.names[0]!.full === 'KESTREL TRADING');
    expect(kestrel.map((k) => k.countries)).toEqual([['DE'], ['NL']]);
    const dieter = load.entities.filter((x) => x.names[0]!.full === 'DIETER KLOSSMANN');
    expect(dieter).toHaveLength(2);
    expect(dieter[1]!.sourceId).toBe(`${dieter[0]!.sourceId}-2`);
  });

  it('keeps the id of a record stable from one load to the next', async () => {
    const a = await loadBisDpl(dpl);
    const b = await loadBisDpl(dpl);
    expect(a.entities.map((e) => e.id)).toEqual(b.entities.map((e) => e.id));
    expect(a.entities[0]!.sourceId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('rejects a short row and refuses a file of another kind', async () => {
    const header = '"Name"\t"Street_Address"\t"City"\t"State"\t"Country"\t"Postal_Code"\t"Effective_Date"\t"Expiration_Date"\t"Standard_Order"\t"Last_Update"\t"Action"\t"FR_Citation"';
    const good = '"JANE ROE"\t"1 MAIN ST"\t"AUSTIN"\t"TX"\t""\t"78701"\t"01/02/2020"\t"01/02/2030"\t"Y"\t"2020-01-05"\t"ADDED"\t"85 F.R. 1"';
    const load = await loadBisDpl({ name: 'dpl.txt', content: [header, good, '"SHORT"\t"ROW"'].join('\n') });
    expect(load.entities).toHaveLength(1);
    expect(load.rejects).toEqual([{ line: 3, reason: 'expected 12 columns, got 2', raw: 'SHORT,ROW' }]);
    await expect(loadBisDpl(path.join(fixtures, 'us_csl/consolidated.csv'))).rejects.toThrow(WrongFileError);
  });
});

describe('FinCEN 314(a) lists', () => {
  it('merges rows that share a tracking number, per person and business file', async () => {
    const person = await loadFincen314a(fincen('fincen-person.csv'));
    expect(person.list).toBe('us_fincen_314a');
    expect(person.entities).toHaveLength(3); // 4 rows, two share 800101
    const marcus = person.entities.find((e) => e.sourceId === 'person:800101')!;
    expect(marcus.names).toEqual([
      { full: 'Marcus T Wexford Sr', kind: 'primary', given: 'Marcus T', family: 'Wexford' },
      { full: 'Mark T Wexford', kind: 'strong', given: 'Mark T', family: 'Wexford' },
      { full: 'Marcel Wexford', kind: 'strong', given: 'Marcel', family: 'Wexford' },
    ]);
    expect(marcus.birthDates).toEqual([{ value: '1979-03-07' }]); // 3/7/1979, month first
    expect(marcus.addresses).toHaveLength(2);
    expect(marcus.identifiers).toEqual([{ type: 'ssn', value: '900700123', note: 'SSN/ITIN' }]);
    expect(marcus.extra?.phone).toBe('555-010-2233');
    expect(person.entities.find((e) => e.sourceId === 'person:800202')!.identifiers).toEqual([
      { type: 'drivers_license', value: 'D7712345' },
    ]);
    expect(person.entities.find((e) => e.sourceId === 'person:800303')!).toMatchObject({
      identifiers: [{ type: 'passport', value: 'X44521987' }],
      birthDates: [{ value: '1985-06-01' }],
    });

    const business = await loadFincen314a(fincen('fincen-business.csv'));
    expect(business.entities).toHaveLength(2); // 3 rows, two share 800404
    const granite = business.entities.find((e) => e.sourceId === 'business:800404')!;
    expect(granite.schema).toBe('organisation');
    expect(granite.names.map((n) => [n.full, n.kind])).toEqual([
      ['Granite Peak Capital LLC', 'primary'],
      ['Granite Peak Partners', 'strong'],
    ]);
    expect(granite.identifiers).toEqual([{ type: 'ein', value: '990011122' }]);
    expect(granite.birthDates).toEqual([{ value: '2011-04-15' }]); // incorporated
    const lakeview = business.entities.find((e) => e.sourceId === 'business:800101')!;
    expect(lakeview.names.map((n) => n.full)).toEqual(['Lakeview Holdings Inc', 'Lakeview Motors']); // dba_name
  });

  it('reads the newer person layout, trimming the U+FFFD junk before its header', async () => {
    const load = await loadFincen314a(fincen('Person03.14.2026.csv'));
    expect(load.entities.map((e) => e.sourceId)).toEqual(['person:SCM-70011-QQQQQ', 'person:SCM-70022-RRRRR']);
    expect(load.entities[0]!.birthDates).toEqual([{ value: '1996-02-29' }]);
    expect(load.entities[0]!.extra?.['electronic_address (Email)']).toBe('delia.marsh@example.com');
    expect(load.entities[1]!.birthDates).toEqual([{ value: '1950-12-01' }]);
    expect(load.rejects).toEqual([]);
    expect(load.listVersion).toBe('2026-03-14'); // the date in the file name
  });

  it('loads the three files as one list, persons and businesses apart even with equal tracking numbers', async () => {
    const load = await loadFincen314a([fincen('fincen-person.csv'), fincen('fincen-business.csv'), fincen('Person03.14.2026.csv')]);
    expect(load.entities).toHaveLength(7);
    expect(load.entities.filter((e) => e.sourceId.endsWith(':800101')).map((e) => e.schema)).toEqual(['person', 'organisation']);
    expect(load.listVersion).toMatch(/^sha256:/);
  });

  it('refuses a CSV with another header and rejects a row with the wrong column count', async () => {
    await expect(loadFincen314a({ name: 'x.csv', content: 'id,name\n1,x\n' })).rejects.toThrow(/not a FinCEN 314\(a\)/);
    const text = 'tracking_number,business_name,dba_name,number,number_type,incorporated,street,city,state,zip,country,phone\n1,Acme,,,,,,,,,,\n2,Short\n';
    const load = await loadFincen314a({ name: 'b.csv', content: text });
    expect(load.entities).toHaveLength(1);
    expect(load.rejects).toEqual([{ line: 3, reason: 'b.csv: expected 12 columns, got 2', raw: '2,Short' }]);
  });
});
