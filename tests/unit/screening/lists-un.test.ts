import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity, ListLoad } from '../../../src/screening/model.ts';
import { WrongFileError } from '../../../src/screening/model.ts';
import { loadUn } from '../../../src/screening/lists/un.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const data = path.resolve(repoRoot, '../shared/data/sanctions');
const unFile = path.join(data, 'un_consolidated/UN_consolidated.xml');

describe('UN Security Council consolidated list', () => {
  let load: ListLoad;
  let byRef: Map<string, Entity>;
  beforeAll(async () => {
    load = await loadUn(unFile);
    byRef = new Map(load.entities.map((e) => [e.sourceId, e]));
  });

  it('loads 730 individuals and 273 entities, dated by dateGenerated', () => {
    expect(load.list).toBe('un_sc');
    expect(load.entities.filter((e) => e.schema === 'person')).toHaveLength(730);
    expect(load.entities.filter((e) => e.schema === 'organisation')).toHaveLength(273);
    expect(load.rejects).toEqual([]);
    expect(load.listVersion).toBe('2026-02-27');
  });

  it('uses the regime as programme, with the counts of the README', () => {
    const count = (p: string) => load.entities.filter((e) => e.programmes.includes(p)).length;
    expect(count('Al-Qaida')).toBe(341);
    expect(count('DPRK')).toBe(155);
    expect(count('Taliban')).toBe(140);
    expect(count('Iran')).toBe(121);
    expect(count('Iraq')).toBe(75);
    expect(count('DRC')).toBe(53);
  });

  it('joins FIRST..FOURTH_NAME, keeps the original script and the alias qualities', () => {
    const e = byRef.get('IQi.001')!;
    expect(e.id).toBe('un_sc:IQi.001');
    expect(e.names).toEqual([
      { full: 'SADDAM HUSSEIN AL-TIKRITI', kind: 'primary' },
      { full: 'صدام حسين التكريتي', kind: 'strong', original: true },
      { full: 'Abu Ali', kind: 'weak' },
    ]);
    const gaston = byRef.get('CDi.003')!;
    expect(gaston.names).toContainEqual({ full: 'Rumuli', kind: 'weak' }); // QUALITY Low
    expect(gaston.names).toContainEqual({ full: 'Victor Rumuri', kind: 'strong' }); // QUALITY Good
    const adf = byRef.get('CDe.001')!;
    expect(adf.names).toContainEqual({ full: 'NALU', kind: 'former' }); // f.k.a.
    expect(adf.schema).toBe('organisation');
  });

  it('reads dates of birth in all their forms', () => {
    expect(byRef.get('CDi.001')!.birthDates).toEqual([{ value: '1971' }]); // EXACT YEAR
    expect(byRef.get('IQi.001')!.birthDates).toEqual([{ value: '1937-04-28' }]); // EXACT DATE
    const all = load.entities.flatMap((e) => e.birthDates);
    expect(all).toContainEqual({ from: 1973, to: 1974 }); // BETWEEN
    expect(all).toContainEqual({ from: 1965, to: 1967 }); // APPROXIMATELY 1966
  });

  it('reads nationality, places of birth, addresses and documents', () => {
    const e = byRef.get('CDi.001')!;
    expect(e.nationalities).toEqual(['CD']);
    expect(e.gender).toBe('male');
    expect(e.addresses).toEqual([{ full: 'Rwanda', country: 'RW' }]);
    const gaston = byRef.get('CDi.003')!;
    expect(gaston.birthPlaces).toEqual(['Musanze District, Northern Province, Rwanda', 'Ruhengeri, Rwanda']);
    const passport = load.entities.flatMap((x) => x.identifiers).find((i) => i.value === 'OB 0243318')!;
    expect(passport).toMatchObject({ type: 'passport', country: 'CD' });
    const nid = load.entities.flatMap((x) => x.identifiers).find((i) => i.value === '1-78-09-44621-80')!;
    expect(nid).toMatchObject({ type: 'national_id', note: 'National Identification Number; FARDC ID' });
  });
});

describe('UN wrong files', () => {
  it('throws WrongFileError for a CSV or other XML', async () => {
    await expect(loadUn(path.join(data, 'us_csl/consolidated.csv'))).rejects.toThrow(WrongFileError);
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
