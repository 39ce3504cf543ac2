import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WrongFileError } from '../../../src/screening/model.ts';
import { loadBisDpl } from '../../../src/screening/lists/bis.ts';
import { loadFincen314a } from '../../../src/screening/lists/fincen.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const data = path.resolve(repoRoot, '../shared/data/sanctions');
const dpl = path.join(data, 'bis_dpl/dpl.txt');
const fincen = (f: string) => path.join(data, 'fincen_314a_samples', f);

describe('BIS Denied Persons List', () => {
  it('loads the 665 records, dated by the latest plausible Last_Update (not the 3033 typo)', async () => {
    const load = await loadBisDpl(dpl);
    expect(load.list).toBe('us_bis_dpl');
    expect(load.entities).toHaveLength(665);
    expect(load.names).toBe(665);
    expect(load.rejects).toEqual([]);
    expect(load.listVersion).toBe('2023-11-28');
    expect(new Set(load.entities.map((e) => e.id)).size).toBe(665);
  });

  it('reads name, address (US when only a state is given) and the order details', async () => {
    const load = await loadBisDpl(dpl);
    const e = load.entities.find((x) => x.names[0]!.full === 'AARON ABRAHAM VILLA')!;
    expect(e.addresses).toEqual([
      { full: '3415 RIVERA AVENUE, EL PASO, TX, 79905, US', street: '3415 RIVERA AVENUE', city: 'EL PASO', region: 'TX', postalCode: '79905', country: 'US' },
    ]);
    expect(e.extra).toMatchObject({ effective_date: '2022-08-24', expiration_date: '2026-01-14', fr_citation: '87 F.R. 52741 8/29/2022' });
    expect(e.programmes).toEqual(['DPL']);
    const company = load.entities.find((x) => x.names[0]!.full === 'AIR FREIGHT LTD')!;
    expect(company.schema).toBe('organisation');
  });

  it('keeps the id of a record stable from one load to the next', async () => {
    const a = await loadBisDpl(dpl);
    const b = await loadBisDpl(dpl);
    expect(a.entities.map((e) => e.id)).toEqual(b.entities.map((e) => e.id));
  });

  it('rejects a short row and refuses a file of another kind', async () => {
    const header = '"Name"\t"Street_Address"\t"City"\t"State"\t"Country"\t"Postal_Code"\t"Effective_Date"\t"Expiration_Date"\t"Standard_Order"\t"Last_Update"\t"Action"\t"FR_Citation"';
    const good = '"JANE ROE"\t"1 MAIN ST"\t"AUSTIN"\t"TX"\t""\t"78701"\t"01/02/2020"\t"01/02/2030"\t"Y"\t"2020-01-05"\t"ADDED"\t"85 F.R. 1"';
    const load = await loadBisDpl({ name: 'dpl.txt', content: [header, good, '"SHORT"\t"ROW"'].join('\n') });
    expect(load.entities).toHaveLength(1);
    expect(load.rejects).toEqual([{ line: 3, reason: 'expected 12 columns, got 2', raw: 'SHORT,ROW' }]);
    await expect(loadBisDpl(path.join(data, 'us_csl/consolidated.csv'))).rejects.toThrow(WrongFileError);
  });
});

describe('FinCEN 314(a) samples', () => {
  it('merges rows that share a tracking number, per person and business file', async () => {
    const person = await loadFincen314a(fincen('fincen-person.csv'));
    expect(person.list).toBe('us_fincen_314a');
    expect(person.entities).toHaveLength(3); // 4 rows, two share 123456
    const john = person.entities.find((e) => e.sourceId === 'person:123456')!;
    expect(john.names).toEqual([
      { full: 'John K Doe1 Jr', kind: 'primary', given: 'John K', family: 'Doe1' },
      { full: 'Johnny K Doe', kind: 'strong', given: 'Johnny K', family: 'Doe' },
      { full: 'Johnathon Doe1', kind: 'strong', given: 'Johnathon', family: 'Doe1' },
    ]);
    expect(john.birthDates).toEqual([{ value: '1988-02-08' }]); // 2/8/1988, month first
    expect(john.addresses).toHaveLength(2);
    expect(john.identifiers).toEqual([{ type: 'ssn', value: '123456789', note: 'SSN/ITIN' }]);
    expect(person.entities.find((e) => e.sourceId === 'person:214365')!.identifiers).toEqual([
      { type: 'drivers_license', value: '4CC44444' },
    ]);

    const business = await loadFincen314a(fincen('fincen-business.csv'));
    expect(business.entities).toHaveLength(2); // 3 rows, two share 654321
    const anvil = business.entities.find((e) => e.sourceId === 'business:654321')!;
    expect(anvil.schema).toBe('organisation');
    expect(anvil.names.map((n) => [n.full, n.kind])).toEqual([
      ['Anvil Investments LLC', 'primary'],
      ['Best Investments Firm', 'strong'],
    ]);
    expect(anvil.identifiers).toEqual([{ type: 'ein', value: '992288844' }]);
    const acme = business.entities.find((e) => e.sourceId === 'business:123456')!;
    expect(acme.names.map((n) => n.full)).toEqual(['Acme Corp', 'Acme Corp LLC']); // dba_name
  });

  it('reads the newer person layout, trimming the U+FFFD junk before its header', async () => {
    const load = await loadFincen314a(fincen('Person12.09.2025.csv'));
    expect(load.entities.map((e) => e.sourceId)).toEqual(['person:SCM-52141-AAAAA', 'person:SCM-43122-BBBBB']);
    expect(load.entities[0]!.birthDates).toEqual([{ value: '1992-02-14' }]);
    expect(load.entities[1]!.birthDates).toEqual([{ value: '1945-04-18' }]);
    expect(load.rejects).toEqual([]);
    expect(load.listVersion).toBe('2025-12-09'); // the date in the file name
  });

  it('loads the three files as one list, persons and businesses apart even with equal tracking numbers', async () => {
    const load = await loadFincen314a([fincen('fincen-person.csv'), fincen('fincen-business.csv'), fincen('Person12.09.2025.csv')]);
    expect(load.entities).toHaveLength(7);
    expect(load.entities.filter((e) => e.sourceId.endsWith(':123456')).map((e) => e.schema)).toEqual(['person', 'organisation']);
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
