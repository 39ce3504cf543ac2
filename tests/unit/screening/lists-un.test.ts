import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity, ListLoad } from '../../../src/screening/model.ts';
import { WrongFileError } from '../../../src/screening/model.ts';
import { loadUn } from '../../../src/screening/lists/un.ts';

// The UN list, read from a small synthetic file in the published XML layout
// (tests/fixtures/screening/un/consolidated.xml, sc-sanctions.xsd).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = path.join(repoRoot, 'tests/fixtures/screening');
const unFile = path.join(fixtures, 'un/consolidated.xml');

describe('UN Security Council consolidated list', () => {
  let load: ListLoad;
  let byRef: Map<string, Entity>;
  beforeAll(async () => {
    load = await loadUn(unFile);
    byRef = new Map(load.entities.map((e) => [e.sourceId, e]));
  });

  it('loads 6 individuals and 3 entities, dated by dateGenerated', () => {
    expect(load.list).toBe('un_sc');
    expect(load.entities.filter((e) => e.schema === 'person')).toHaveLength(6);
    expect(load.entities.filter((e) => e.schema === 'organisation')).toHaveLength(3);
    expect(load.rejects).toEqual([]);
    expect(load.listVersion).toBe('2026-03-02');
  });

  it('uses the regime as programme', () => {
    const count = (p: string) => load.entities.filter((e) => e.programmes.includes(p)).length;
    expect(count('Valdoria')).toBe(4);
    expect(count('Krenland')).toBe(3);
    expect(count('Isle')).toBe(2);
    expect(load.entities.every((e) => e.programmes.length === 1)).toBe(true);
  });

  it('joins FIRST..FOURTH_NAME, keeps the original script and the alias qualities', () => {
    const e = byRef.get('ISi.001')!;
    expect(e.id).toBe('un_sc:ISi.001');
    expect(e.names).toEqual([
      { full: 'SALIM HASSAN AL-BARQAWI', kind: 'primary' },
      { full: 'سالم حسن البرقاوي', kind: 'strong', original: true },
      { full: 'Abu Barq', kind: 'weak' },
    ]);
    expect(byRef.get('ISi.002')!.names[0]).toEqual({ full: 'HAMID YASIN TALAL AL-DURRI', kind: 'primary' });
    expect(byRef.get('KRi.001')!.names).toContainEqual({ full: '리광혁', kind: 'strong', original: true });
    const gaspard = byRef.get('VDi.002')!;
    expect(gaspard.names).toContainEqual({ full: 'Rukeli', kind: 'weak' }); // QUALITY Low
    expect(gaspard.names).toContainEqual({ full: 'Victor Rukeri', kind: 'strong' }); // QUALITY Good
    // An empty alias element adds no name.
    expect(byRef.get('VDi.001')!.names).toEqual([{ full: 'ERNEST KALOMBWE', kind: 'primary' }]);
    const arf = byRef.get('VDe.001')!;
    expect(arf.names).toEqual([
      { full: 'ARF', kind: 'primary' },
      { full: 'Allied River Front', kind: 'strong' }, // a.k.a.
      { full: 'Front Riverain Allié-Armée de Libération du Lac', kind: 'former' }, // f.k.a.
      { full: 'LAKE ALLIANCE', kind: 'former' },
    ]);
    expect(arf.schema).toBe('organisation');
  });

  it('reads dates of birth in all their forms', () => {
    expect(byRef.get('VDi.001')!.birthDates).toEqual([{ value: '1971' }]); // EXACT YEAR
    expect(byRef.get('ISi.001')!.birthDates).toEqual([{ value: '1951-02-11' }]); // EXACT DATE
    expect(byRef.get('VDi.003')!.birthDates).toEqual([{ from: 1973, to: 1974 }]); // BETWEEN
    expect(byRef.get('VDi.002')!.birthDates).toEqual([{ from: 1965, to: 1967 }]); // APPROXIMATELY 1966
    expect(byRef.get('KRi.001')!.birthDates).toEqual([{ value: '1968-05-04' }, { value: '1969' }]); // two dates
    // An alias with its own date and place of birth (older entries), and a note on a date.
    const hamid = byRef.get('ISi.002')!;
    expect(hamid.birthDates).toEqual([{ value: '1944' }, { value: '1945-09-01' }]);
    expect(hamid.birthPlaces).toEqual(['Basra, Iraq', 'Mosul, Iraq']);
    expect(hamid.extra?.dob_note).toBe('reported');
  });

  it('reads nationality, places of birth, addresses and documents', () => {
    const e = byRef.get('VDi.001')!;
    expect(e.nationalities).toEqual(['CD']);
    expect(e.gender).toBe('male');
    expect(e.addresses).toEqual([{ full: 'Rwanda', country: 'RW' }]);
    expect(e.extra?.address_note).toBe('as of early 2016');
    const gaspard = byRef.get('VDi.002')!;
    expect(gaspard.birthPlaces).toEqual(['Rubavu District, Western Province, Rwanda', 'Gisenyi, Rwanda']);
    expect(gaspard.countries).toEqual(['RW', 'CD']);
    expect(gaspard.identifiers).toEqual([
      { type: 'passport', value: 'OC 0551902', country: 'CD', note: 'Passport; Expiration date: 2027-05-30.' },
    ]);
    expect(gaspard.extra).toMatchObject({ designation: 'Interim President of an invented movement; Major General', updated: '2016-10-13; 2019-02-01' });
    expect(byRef.get('VDi.003')!.identifiers).toEqual([
      { type: 'national_id', value: '1-80-11-55730-12', note: 'National Identification Number; FARDC ID' },
    ]);
    expect(byRef.get('VDi.003')!.extra?.title).toBe('Colonel');
    expect(byRef.get('KRi.001')!).toMatchObject({ nationalities: ['KP'], identifiers: [{ type: 'passport', value: '836410221', country: 'KP' }] });
    expect(byRef.get('KRe.002')!.addresses).toEqual([{
      full: 'Room 1402, 88 Invented Road, Hong Kong, 999077, China', street: 'Room 1402, 88 Invented Road', city: 'Hong Kong',
      postalCode: '999077', country: 'CN',
    }]);
  });
});

describe('UN wrong files', () => {
  it('throws WrongFileError for a CSV or other XML', async () => {
    await expect(loadUn(path.join(fixtures, 'us_csl/consolidated.csv'))).rejects.toThrow(WrongFileError);
    await expect(loadUn({ name: 'x.xml', content: '<?xml version="1.0"?><OTHER/>' })).rejects.toThrow(/CONSOLIDATED_LIST/);
  });

  it('reports a record without a reference number or name, and loads the rest', async () => {
    const xml = `<?xml version="1.0"?>
<CONSOLIDATED_LIST dateGenerated="2026-01-02T00:00:00Z">
<INDIVIDUALS>
<INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>JOHN</FIRST_NAME><SECOND_NAME>DOE</SECOND_NAME><UN_LIST_TYPE>X</UN_LIST_TYPE><REFERENCE_NUMBER>XXi.001</REFERENCE_NUMBER></INDIVIDUAL>
<INDIVIDUAL><DATAID>2</DATAID><FIRST_NAME>NO REF</FIRST_NAME></INDIVIDUAL>
</INDIVIDUALS>
<ENTITIES><ENTITY><DATAID>3</DATAID><REFERENCE_NUMBER>XXe.001</REFERENCE_NUMBER></ENTITY></ENTITIES>
</CONSOLIDATED_LIST>`;
    const load = await loadUn({ name: 'un.xml', content: xml });
    expect(load.entities.map((e) => e.id)).toEqual(['un_sc:XXi.001']);
    expect(load.rejects.map((r) => [r.line, r.reason])).toEqual([
      [5, 'INDIVIDUAL: no REFERENCE_NUMBER'],
      [7, 'ENTITY: XXe.001: no name'],
    ]);
    expect(load.listVersion).toBe('2026-01-02');
  });
});
