import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity, ListLoad } from '../../../src/screening/model.ts';
import { WrongFileError } from '../../../src/screening/model.ts';
import { readCsv } from '../../../src/screening/lists/csv.ts';
import { loadOfacNonSdn, loadOfacSdn } from '../../../src/screening/lists/ofac.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const data = path.resolve(repoRoot, '../shared/data/sanctions');
const sdnDir = path.join(data, 'ofac_sdn_2021-07');
const consDir = path.join(data, 'ofac_consolidated_non_sdn');
const partialDir = path.join(data, 'ofac_sdn_2025-12_partial');

const sdnFiles = {
  sdn: path.join(sdnDir, 'sdn.csv'),
  add: path.join(sdnDir, 'add.csv'),
  alt: path.join(sdnDir, 'alt.csv'),
  comments: path.join(sdnDir, 'sdn_comments.csv'),
};

function csvRows(file: string): string[][] {
  return [...readCsv(readFileSync(file, 'latin1'), { multiline: false })].map((r) => r.fields.map((f) => f.trim()));
}

describe('OFAC SDN legacy CSV set (2021-07)', () => {
  let load: ListLoad;
  let byId: Map<string, Entity>;
  beforeAll(async () => {
    load = await loadOfacSdn(sdnFiles);
    byId = new Map(load.entities.map((e) => [e.sourceId, e]));
  });

  it('loads every entry of sdn.csv, with the types of the README, and no rejects', () => {
    expect(load.list).toBe('us_ofac');
    expect(load.entities).toHaveLength(8976);
    expect(load.rejects).toEqual([]);
    const bySchema: Record<string, number> = {};
    for (const e of load.entities) bySchema[e.schema] = (bySchema[e.schema] ?? 0) + 1;
    // individual 4,620; vessel 406; aircraft 277; entity (-0-) 3,673
    expect(bySchema).toEqual({ person: 4620, vessel: 406, aircraft: 277, organisation: 3673 });
    expect(load.entities.every((e) => e.id === `us_ofac:${e.sourceId}`)).toBe(true);
  });

  it('has no publication date, so the version is a short hash of the files', () => {
    expect(load.listVersion).toMatch(/^sha256:[0-9a-f]{12}$/);
    expect(load.entities[0]!.listVersion).toBe(load.listVersion);
  });

  it('keeps every alias row of alt.csv (11,910 rows over 4,139 entities) on its entity', () => {
    const rows = csvRows(sdnFiles.alt);
    expect(rows).toHaveLength(11910);
    expect(new Set(rows.map((r) => r[0])).size).toBe(4139);
    for (const [ent, , type, name] of rows) {
      const e = byId.get(ent!)!;
      const n = e.names.find((x) => x.full.toUpperCase() === name!.replace(/\s+/g, ' ').toUpperCase());
      expect(n, `${ent} ${name}`).toBeDefined();
      // aka/nka are strong names, fka former ones (unless the alias repeats the primary name)
      if (n!.kind !== 'primary') expect(n!.kind).toBe(type === 'fka' ? 'former' : 'strong');
    }
    expect(load.names).toBe(load.entities.reduce((s, e) => s + e.names.length, 0));
  });

  it('joins addresses on ent_num (13,837 rows)', () => {
    const rows = csvRows(sdnFiles.add);
    expect(rows).toHaveLength(13837);
    expect(new Set(rows.map((r) => r[0])).size).toBe(8976);
    const havana = byId.get('36')!;
    expect(havana.addresses).toEqual([{ full: 'Havana, Cuba', city: 'Havana', country: 'CU' }]);
    expect(havana.countries).toContain('CU');
  });

  it('splits individual names into family and given names, keeping the full name', () => {
    expect(byId.get('12300')!.names[0]).toEqual({
      full: 'CIFUENTES VILLA, Jorge Milton',
      kind: 'primary',
      family: 'CIFUENTES VILLA',
      given: 'Jorge Milton',
    });
    expect(byId.get('36')!.names[0]).toEqual({ full: 'AEROCARIBBEAN AIRLINES', kind: 'primary' });
  });

  it('reads several DOBs, places of birth and ids with their issuing country from Remarks', () => {
    const e = byId.get('12300')!;
    expect(e.birthDates).toEqual([{ value: '1965-05-13' }, { value: '1968-04-13' }, { value: '1964-07-07' }]);
    expect(e.birthPlaces).toEqual(['Medellin, Colombia', 'Marinilla, Antioquia, Colombia', 'Ciudad Victoria, Tamaulipas, Mexico']);
    expect(e.identifiers).toEqual(
      expect.arrayContaining([
        { type: 'national_id', value: '7548733', country: 'CO', note: 'Cedula No.' },
        { type: 'national_id', value: '172489729-1', country: 'EC', note: 'Cedula No.' },
        { type: 'passport', value: 'AL720622', country: 'CO' },
        { type: 'tax_id', value: 'CIVJ650513LJA', country: 'MX', note: 'R.F.C.' },
        { type: 'national_id', value: 'CIVJ650513HNEFLR06', country: 'MX', note: 'C.U.R.P.' },
      ]),
    );
    expect(e.programmes).toEqual(['SDNTK']);
  });

  it('continues Remarks with sdn_comments.csv, even when the cut falls mid-word', () => {
    // sdn.csv ends "... Linked To: PROMO RAI"; the comments file goes on "Z S.A.S.; Linked To: ..."
    const links = byId.get('12300')!.links.map((l) => l.targetName);
    expect(links).toContain('PROMO RAIZ S.A.S.');
    expect(links).toContain('R D I S.A.');
    const tian = byId.get('28263')!;
    expect(tian.names.filter((n) => n.kind === 'weak').map((n) => n.full)).toEqual(['tianyinyin0404', 'snowsjohn']);
  });

  it('reads digital currency addresses with their currency', () => {
    const e = byId.get('28263')!;
    const crypto = e.identifiers.filter((i) => i.type === 'crypto');
    expect(crypto).toHaveLength(8);
    expect(crypto[0]).toMatchObject({ value: '134r8iHv69xdT6p5qVKTsHrcUEuBVZAYak', currency: 'XBT' });
    expect(e.identifiers).toContainEqual({ type: 'national_id', value: '321284198607120616', country: 'CN', note: 'Identification Number' });
    expect(e.gender).toBe('male');
    expect(e.nationalities).toEqual(['CN']);
    expect(e.extra?.email).toBe('417136259@qq.com');
  });

  it('resolves "Linked To:" to the entity id when the name is on the list', () => {
    const e = byId.get('28263')!;
    expect(e.links).toEqual([{ relation: 'linked_to', targetName: 'LAZARUS GROUP', targetId: 'us_ofac:27307' }]);
    expect(byId.get('27307')!.names[0]!.full).toBe('LAZARUS GROUP');
    // A name that is not on this list stays a name, without the closing full stop of Remarks.
    const rosneft = byId.get('18299')!.links.find((l) => l.targetName?.includes('ROSNEFT'))!;
    expect(rosneft).toEqual({ relation: 'linked_to', targetName: 'OPEN JOINT-STOCK COMPANY ROSNEFT OIL COMPANY' });
  });

  it("reads weak a.k.a.s in quotes, apart from alt.csv's strong ones", () => {
    const names = byId.get('306')!.names;
    expect(names).toContainEqual({ full: 'BNC', kind: 'weak' });
    expect(names).toContainEqual({ full: 'NATIONAL BANK OF CUBA', kind: 'strong' });
  });

  it('reads circa and ranged dates of birth as year spans', () => {
    expect(byId.get('7782')!.birthDates).toEqual([{ from: 1950, to: 1952 }]); // DOB circa 1951
    expect(byId.get('15496')!.birthDates).toEqual([{ from: 1929, to: 1930 }]); // DOB 1929 to 1930
    expect(byId.get('15962')!.birthDates).toEqual([{ from: 1961, to: 1962 }]); // 01 Jan 1961 to 31 Dec 1962
  });

  it('reads vessel details: former names, IMO, MMSI, flag', () => {
    const e = byId.get('15036')!;
    expect(e.schema).toBe('vessel');
    expect(e.names.filter((n) => n.kind === 'former').map((n) => n.full)).toEqual(expect.arrayContaining(['ALPHA']));
    expect(e.identifiers).toEqual(
      expect.arrayContaining([
        { type: 'imo', value: '9187629' },
        { type: 'mmsi', value: '572469210' },
      ]),
    );
    expect(e.countries).toContain('IR');
    expect(e.extra).toMatchObject({ vessel_type: 'Crude/Oil Products Tanker', vessel_flag: 'Iran' });
  });

  it('reads SWIFT/BIC, company numbers and websites', () => {
    const e = byId.get('906')!;
    expect(e.identifiers).toEqual([
      { type: 'swift_bic', value: 'HAVIGB2L' },
      { type: 'registration', value: '01074897', country: 'GB', note: 'Company Number' },
    ]);
    expect(e.extra?.website).toBe('www.havanaintbank.co.uk; www.hib.uk.com');
  });

  it('reads SSNs, passports with odd characters, and "Korea, North" as a nationality', () => {
    const e = byId.get('3754')!;
    expect(e.identifiers).toEqual(
      expect.arrayContaining([
        { type: 'ssn', value: '523-33-8386', country: 'US' },
        { type: 'passport', value: '92/664', country: 'EG' },
      ]),
    );
    expect(e.extra?.title).toBe('Political Leader in Amman, Jordan and Damascus, Syria for HAMAS');
    const kim = byId.get('11648')!;
    expect(kim.nationalities).toEqual(['KP']);
    expect(kim.birthDates).toEqual([{ value: '1964' }, { value: '1962-08-28' }]);
  });

  it('splits multi-programme entries', () => {
    expect(byId.get('28263')!.programmes).toEqual(['DPRK3', 'CYBER2']);
  });
});

describe('OFAC consolidated non-SDN set', () => {
  it('loads cons_*.csv as us_non_sdn', async () => {
    const load = await loadOfacNonSdn({
      sdn: path.join(consDir, 'cons_prim.csv'),
      add: path.join(consDir, 'cons_add.csv'),
      alt: path.join(consDir, 'cons_alt.csv'),
      comments: path.join(consDir, 'cons_comments.csv'),
    });
    expect(load.list).toBe('us_non_sdn');
    expect(load.entities).toHaveLength(442);
    expect(load.rejects).toEqual([]);
    expect(csvRows(path.join(consDir, 'cons_alt.csv'))).toHaveLength(1073);
    const e = load.entities.find((x) => x.sourceId === '9639')!;
    expect(e).toMatchObject({ id: 'us_non_sdn:9639', schema: 'person', programmes: ['NS-PLC'], birthDates: [{ value: '1962' }] });
    expect(e.birthPlaces).toEqual(['Shati']);
  });
});

describe('OFAC set without sdn.csv (2025-12 partial)', () => {
  const partial = {
    add: path.join(partialDir, 'add.csv'),
    alt: path.join(partialDir, 'alt.csv'),
    comments: path.join(partialDir, 'sdn_comments.csv'),
  };

  it('is refused with a message naming the missing file', async () => {
    await expect(loadOfacSdn(partial)).rejects.toThrow(WrongFileError);
    await expect(loadOfacSdn(partial)).rejects.toThrow(/sdn\.csv/);
  });

  it('loads the aliases alone when asked to, with no primary name and unknown type', async () => {
    const load = await loadOfacSdn(partial, { allowPartial: true });
    expect(load.entities).toHaveLength(8653); // distinct ent_num in alt.csv
    expect(load.entities.every((e) => e.schema === 'unknown')).toBe(true);
    expect(load.entities.some((e) => e.names.some((n) => n.kind === 'primary'))).toBe(false);
    expect(load.entities.find((e) => e.sourceId === '36')!.names).toEqual([{ full: 'AERO-CARIBBEAN', kind: 'strong' }]);
  });
});

describe('OFAC malformed rows and wrong files', () => {
  const sdn = [
    '10,"GOOD ONE, Ann","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1970."',
    '11,"SHORT ROW","individual"',
    'abc,"NOT A NUMBER",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    '12,"UNCLOSED QUOTE,-0- ,CUBA,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    '13,"GOOD TWO",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    '10,"DUPLICATE",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
  ].join('\r\n');
  const alt = ['10,1,"aka","GOOD, Annie",-0- ', '99,2,"aka","NOBODY",-0- ', '13,3,"zzz","ODD TYPE",-0- '].join('\r\n');

  it('counts each bad row with its line and reason, and loads the rest', async () => {
    const load = await loadOfacSdn({ sdn: { name: 'sdn.csv', content: sdn }, alt: { name: 'alt.csv', content: alt } });
    expect(load.entities.map((e) => e.sourceId)).toEqual(['10', '13']);
    expect(load.rejects.map((r) => [r.line, r.reason])).toEqual([
      [2, 'sdn.csv: expected 12 columns, got 3'],
      [3, 'sdn.csv: ent_num "abc" is not a number'],
      [4, 'sdn.csv: unterminated quoted field'],
      [6, 'sdn.csv: duplicate ent_num 10'],
      [2, 'alt.csv: alias for unknown ent_num 99'],
      [3, 'alt.csv: unknown alt_type "zzz"'],
    ]);
    expect(load.entities[0]!.names.map((n) => n.full)).toEqual(['GOOD ONE, Ann', 'GOOD, Annie']);
  });

  it('throws WrongFileError for a file of another kind', async () => {
    await expect(loadOfacSdn({ sdn: sdnFiles.alt })).rejects.toThrow(/alt\.csv is not an OFAC entries/);
    await expect(loadOfacSdn({ sdn: path.join(data, 'un_consolidated/UN_consolidated.xml') })).rejects.toThrow(WrongFileError);
    await expect(loadOfacSdn({ sdn: sdnFiles.sdn, alt: sdnFiles.add })).rejects.toThrow(/add\.csv is not an OFAC aliases/);
  });
});
