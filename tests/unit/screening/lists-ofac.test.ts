import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Entity, ListLoad } from '../../../src/screening/model.ts';
import { WrongFileError } from '../../../src/screening/model.ts';
import { readCsv } from '../../../src/screening/lists/csv.ts';
import { loadOfacNonSdn, loadOfacSdn } from '../../../src/screening/lists/ofac.ts';

// The OFAC legacy CSV sets, read from small synthetic files in OFAC's published layout
// (tests/fixtures/screening/ofac_*: no header, '-0- ' for empty, CRLF and the ^Z end marker).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = path.join(repoRoot, 'tests/fixtures/screening');
const sdnDir = path.join(fixtures, 'ofac_sdn');
const consDir = path.join(fixtures, 'ofac_non_sdn');
const partialDir = path.join(fixtures, 'ofac_sdn_partial');

const sdnFiles = {
  sdn: path.join(sdnDir, 'sdn.csv'),
  add: path.join(sdnDir, 'add.csv'),
  alt: path.join(sdnDir, 'alt.csv'),
  comments: path.join(sdnDir, 'sdn_comments.csv'),
};

function csvRows(file: string): string[][] {
  return [...readCsv(readFileSync(file, 'latin1'), { multiline: false })].map((r) => r.fields.map((f) => f.trim()));
}

describe('OFAC SDN legacy CSV set', () => {
  let load: ListLoad;
  let byId: Map<string, Entity>;
  beforeAll(async () => {
    load = await loadOfacSdn(sdnFiles);
    byId = new Map(load.entities.map((e) => [e.sourceId, e]));
  });

  it('loads every entry of sdn.csv, with its type, and no rejects', () => {
    expect(load.list).toBe('us_ofac');
    expect(csvRows(sdnFiles.sdn)).toHaveLength(17);
    expect(load.entities).toHaveLength(17);
    expect(load.rejects).toEqual([]);
    const bySchema: Record<string, number> = {};
    for (const e of load.entities) bySchema[e.schema] = (bySchema[e.schema] ?? 0) + 1;
    // individual 7; vessel 1; aircraft 1; entity (-0-) 8
    expect(bySchema).toEqual({ person: 7, vessel: 1, aircraft: 1, organisation: 8 });
    expect(load.entities.every((e) => e.id === `us_ofac:${e.sourceId}`)).toBe(true);
  });

  it('has no publication date, so the version is a short hash of the files', () => {
    expect(load.listVersion).toMatch(/^sha256:[0-9a-f]{12}$/);
    expect(load.entities[0]!.listVersion).toBe(load.listVersion);
  });

  it('keeps every alias row of alt.csv on its entity: aka and nka strong, fka former', () => {
    const rows = csvRows(sdnFiles.alt);
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r[0])).size).toBe(10);
    for (const [ent, , type, name] of rows) {
      const e = byId.get(ent!)!;
      const n = e.names.find((x) => x.full.toUpperCase() === name!.replace(/\s+/g, ' ').toUpperCase());
      expect(n, `${ent} ${name}`).toBeDefined();
      // aka/nka are strong names, fka former ones (unless the alias repeats the primary name)
      if (n!.kind !== 'primary') expect(n!.kind).toBe(type === 'fka' ? 'former' : 'strong');
    }
    expect(load.names).toBe(load.entities.reduce((s, e) => s + e.names.length, 0));
    expect(load.names).toBe(36);
    // An alias that repeats the primary name in other letter case is not a second name.
    expect(byId.get('4108')!.names).toEqual([
      { full: 'HALVERN BANK LIMITED', kind: 'primary' },
      { full: 'HALVERN INTERNATIONAL BANK', kind: 'strong' }, // "HALVERN  INTERNATIONAL BANK", nka
    ]);
    // An alias of a person is split like the primary name; an fka stays a former name.
    expect(byId.get('4116')!.names[1]).toEqual({ full: 'DARVISH, Kamran', kind: 'former', family: 'DARVISH', given: 'Kamran' });
    expect(byId.get('4117')!.extra?.alias_remarks).toBe('name used on invoices');
  });

  it('joins addresses on ent_num, skipping rows that are all -0-', () => {
    const rows = csvRows(sdnFiles.add);
    expect(rows).toHaveLength(19);
    expect(new Set(rows.map((r) => r[0])).size).toBe(17);
    const airline = byId.get('4105')!;
    expect(airline.addresses).toEqual([{ full: 'Havana, Cuba', city: 'Havana', country: 'CU' }]);
    expect(airline.countries).toContain('CU');
    expect(byId.get('4104')!.addresses).toEqual([
      { full: 'Bahnhofstrasse 901, Zurich CH-8001, Switzerland', street: 'Bahnhofstrasse 901', city: 'Zurich CH-8001', country: 'CH' },
      { full: 'Calle de Mentira 8, Madrid E-28001, Spain', street: 'Calle de Mentira 8', city: 'Madrid E-28001', country: 'ES' },
    ]);
    expect(byId.get('4104')!.extra?.address_remarks).toBe('Representative office');
    expect(byId.get('4111')!.addresses).toEqual([{ full: 'Pyongyang, Korea, North', city: 'Pyongyang', country: 'KP' }]);
    expect(byId.get('4106')!.addresses).toEqual([]);
  });

  it('splits individual names into family and given names, keeping the full name', () => {
    expect(byId.get('4101')!.names[0]).toEqual({
      full: 'QUARRELL, Bastian Ormond',
      kind: 'primary',
      family: 'QUARRELL',
      given: 'Bastian Ormond',
    });
    expect(byId.get('4105')!.names[0]).toEqual({ full: 'AEROLINEAS ISLA VERDE', kind: 'primary' });
  });

  it('reads several DOBs, places of birth and ids with their issuing country from Remarks', () => {
    const e = byId.get('4101')!;
    expect(e.birthDates).toEqual([{ value: '1971-03-14' }, { value: '1973-04-14' }, { value: '1970-09-02' }]);
    expect(e.birthPlaces).toEqual(['Pereira, Colombia', 'Tulua, Valle del Cauca, Colombia', 'Merida, Yucatan, Mexico']);
    expect(e.countries).toEqual(['CO', 'MX']);
    expect(e.identifiers).toEqual([
      { type: 'national_id', value: '88123456', country: 'CO', note: 'Cedula No.' },
      { type: 'national_id', value: '190334455-2', country: 'EC', note: 'Cedula No.' },
      { type: 'passport', value: 'PX330912', country: 'CO' },
      { type: 'tax_id', value: 'QUOB710314K2A', country: 'MX', note: 'R.F.C.' },
      { type: 'national_id', value: 'QUOB710314HYNRRS04', country: 'MX', note: 'C.U.R.P.' },
      { type: 'registration', value: '55231-7 Pereira', country: 'CO', note: 'Matricula Mercantil No' },
    ]);
    expect(e.programmes).toEqual(['VALDORIA-NARC']);
    expect(byId.get('4112')!.identifiers).toEqual([{ type: 'tax_id', value: '900123456-7', country: 'CO', note: 'NIT #' }]);
  });

  it('continues Remarks with sdn_comments.csv, even when the cut falls mid-word', () => {
    // sdn.csv ends "... Linked To: INVERSIONES PRAD"; the comments file goes on "O VERDE S.A.S.; Linked To: TERR",
    // then, on a second row for the same entry, "AZAS DEL NORTE S.A."
    const links = byId.get('4101')!.links.map((l) => l.targetName);
    expect(links).toEqual(['LUMEN ARBOL S.A.S.', 'CAFETALES BRUMOSOS S.A.', 'INVERSIONES PRADO VERDE S.A.S.', 'TERRAZAS DEL NORTE S.A.']);
    const torvik = byId.get('4102')!;
    expect(torvik.names.filter((n) => n.kind === 'weak').map((n) => n.full)).toEqual(['ltorvik88', 'frostlinnea']);
    // A comments row holding only -0- adds nothing.
    expect(byId.get('4109')!.remarks).toMatch(/'ABU-'ADNAN'\.$/);
  });

  it('reads digital currency addresses with their currency, ids, gender, nationality and contact details', () => {
    const e = byId.get('4102')!;
    const crypto = e.identifiers.filter((i) => i.type === 'crypto');
    expect(crypto.map((c) => [c.currency, c.value])).toEqual([
      ['XBT', '1TqvK3mZp8LwYfR2nXc6hJd9sBgE4aUo7Q'],
      ['XBT', '3NdF8wQpZr2LmYc5VxT7kHs9bJe6gAu4Pz'],
      ['ETH', '0x5e7a1c9d3b2f40e8a6c1d7f9b3e5a2c4d6f8e0b1'],
    ]);
    expect(e.identifiers).toContainEqual({ type: 'national_id', value: '440301198810214427', country: 'CN', note: 'Identification Number' });
    expect(e.gender).toBe('female');
    expect(e.nationalities).toEqual(['CN']);
    expect(e.extra).toMatchObject({
      email: 'l.torvik88@example.cn',
      phone: '8613900000000',
      secondary_sanctions_risk: 'Krenland Sanctions Regulations, section 999.201',
    });
  });

  it('resolves "Linked To:" to the entity id when the name is on the list', () => {
    const e = byId.get('4102')!;
    expect(e.links).toEqual([{ relation: 'linked_to', targetName: 'GREY HARBOUR COLLECTIVE', targetId: 'us_ofac:4103' }]);
    expect(byId.get('4103')!.names[0]!.full).toBe('GREY HARBOUR COLLECTIVE');
    // A link keeps the dot of an abbreviation that ends the name ("S.A.").
    expect(byId.get('4101')!.links[1]).toEqual({ relation: 'linked_to', targetName: 'CAFETALES BRUMOSOS S.A.', targetId: 'us_ofac:4112' });
    // Through an alias of alt.csv; and in other letter case, taking the list's spelling.
    expect(byId.get('4114')!.links).toEqual([{ relation: 'linked_to', targetName: 'KUROSHIO-KAI', targetId: 'us_ofac:4115' }]);
    expect(byId.get('4110')!.links).toEqual([{ relation: 'linked_to', targetName: 'RYONGSAN TRADING CORPORATION', targetId: 'us_ofac:4111' }]);
    // A person's name with its comma.
    expect(byId.get('4112')!.links).toEqual([{ relation: 'linked_to', targetName: 'QUARRELL, Bastian Ormond', targetId: 'us_ofac:4101' }]);
    // A name that is not on this list stays a name, without the closing full stop of Remarks.
    expect(byId.get('4117')!.links).toEqual([{ relation: 'linked_to', targetName: 'OPEN JOINT-STOCK COMPANY VOLGOTRANS PETROLEUM COMPANY' }]);
  });

  it("reads weak a.k.a.s in quotes, apart from alt.csv's strong ones", () => {
    const names = byId.get('4104')!.names;
    expect(names).toContainEqual({ full: 'BCV', kind: 'weak' });
    expect(names).toContainEqual({ full: 'CENTRAL BANK OF VALDORIA', kind: 'strong' });
    // A quoted name may hold a quote of its own.
    expect(byId.get('4109')!.names).toContainEqual({ full: "ABU-'ADNAN", kind: 'weak' });
    // The same alias in alt.csv makes a weak a.k.a. strong.
    expect(byId.get('4110')!.names[1]).toEqual({ full: 'KANG, RYO SIK', kind: 'strong', given: 'Ryo Sik', family: 'KANG' });
  });

  it('reads circa, ranged and month dates of birth', () => {
    expect(byId.get('4113')!.birthDates).toEqual([{ from: 1948, to: 1950 }]); // DOB circa 1949
    expect(byId.get('4114')!.birthDates).toEqual([{ from: 1931, to: 1933 }, { value: '1932-08' }]); // 1931 to 1933; Aug 1932
    expect(byId.get('4116')!.birthDates).toEqual([{ from: 1963, to: 1964 }]); // 01 Jan 1963 to 31 Dec 1964
  });

  it('reads vessel details: former names, call sign, IMO, MMSI, flags', () => {
    const e = byId.get('4106')!;
    expect(e.schema).toBe('vessel');
    expect(e.names.filter((n) => n.kind === 'former').map((n) => n.full)).toEqual(['NORDSTERN', 'SEABRIGHT']);
    expect(e.identifiers).toEqual([
      { type: 'other', value: '9BQX7', note: 'Call Sign' },
      { type: 'imo', value: '9401234' },
      { type: 'mmsi', value: '422999001' },
    ]);
    expect(e.countries).toEqual(['IR']);
    expect(e.extra).toMatchObject({
      vessel_type: 'Crude/Oil Products Tanker', vessel_flag: 'Iran', vessel_flag_former: 'Panama; Comoros',
      tonnage: '81,250', grt: '47,900', sanctions_info: 'Subject to Secondary Sanctions',
    });
    expect(e.links).toEqual([{ relation: 'linked_to', targetName: 'KESHVAR TANKER LINES' }]);
  });

  it('reads aircraft details', () => {
    const e = byId.get('4107')!;
    expect(e.schema).toBe('aircraft');
    expect(e.identifiers.map((i) => [i.value, i.note])).toEqual([
      ['30498', 'Aircraft Construction Number (also called L/N or S/N or F/N)'],
      ['641', "Aircraft Manufacturer's Serial Number (MSN)"],
    ]);
    expect(e.extra).toMatchObject({ aircraft_model: 'A310-304', aircraft_built: '1994', aircraft_operator: 'KESHVAR AIR CARGO' });
  });

  it('reads SWIFT/BIC, company numbers and websites', () => {
    const e = byId.get('4108')!;
    expect(e.identifiers).toEqual([
      { type: 'swift_bic', value: 'HLVNGB2Q' },
      { type: 'registration', value: '07712345', country: 'GB', note: 'Company Number' },
    ]);
    expect(e.extra?.website).toBe('www.halvernbank.example; www.hbl.example.co.uk');
  });

  it('reads SSNs, passports with odd characters, titles, and "Korea, North" or citizen as a nationality', () => {
    const e = byId.get('4109')!;
    expect(e.identifiers).toEqual([
      { type: 'passport', value: '71/338', country: 'EG' },
      { type: 'ssn', value: '987-65-4329', country: 'US' },
    ]);
    expect(e.extra?.title).toBe('Regional Coordinator in Tyre, Lebanon for NORTHERN RAIN BRIGADE');
    const kang = byId.get('4110')!;
    expect(kang.nationalities).toEqual(['KP']);
    expect(kang.birthDates).toEqual([{ value: '1969' }, { value: '1967-02-03' }]);
    expect(kang.identifiers).toEqual([{ type: 'passport', value: '836120045' }]);
    expect(byId.get('4116')!.nationalities).toEqual(['IR', 'CA']); // nationality Iran; citizen Canada
  });

  it('splits multi-programme entries', () => {
    expect(byId.get('4102')!.programmes).toEqual(['KRN3', 'CYBER9']);
    expect(byId.get('4117')!.programmes).toEqual(['UKRAINE-EO99999', 'VENEZ-X']);
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
    expect(load.entities).toHaveLength(4);
    expect(load.rejects).toEqual([]);
    expect(csvRows(path.join(consDir, 'cons_alt.csv'))).toHaveLength(3);
    const e = load.entities.find((x) => x.sourceId === '7301')!;
    expect(e).toMatchObject({ id: 'us_non_sdn:7301', schema: 'person', programmes: ['NS-ISLE'], birthDates: [{ value: '1959' }] });
    expect(e.birthPlaces).toEqual(['Deir Tamar']);
    const bank = load.entities.find((x) => x.sourceId === '7303')!;
    expect(bank.names.map((n) => [n.full, n.kind])).toEqual([
      ['NORTHSTAR BANK OF ISLE', 'primary'], ['BANK OF ISLE', 'strong'], ['ISLE STATE BANK', 'former'],
    ]);
    expect(bank.birthDates).toEqual([{ value: '1992-07-13' }]); // Organization Established Date
    expect(bank.extra).toMatchObject({ organization_type: 'Central banking', target_type: 'Government Entity' }); // "…En" + "tity."
    expect(load.entities.find((x) => x.sourceId === '7302')!.links).toEqual([
      { relation: 'linked_to', targetName: 'NORTHSTAR BANK OF ISLE', targetId: 'us_non_sdn:7303' },
    ]);
  });
});

describe('OFAC set without sdn.csv', () => {
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
    expect(load.entities.map((e) => e.sourceId)).toEqual(['4105', '4201', '4202']); // distinct ent_num in alt.csv
    expect(load.entities.every((e) => e.schema === 'unknown')).toBe(true);
    expect(load.entities.some((e) => e.names.some((n) => n.kind === 'primary'))).toBe(false);
    expect(load.entities.find((e) => e.sourceId === '4105')!.names).toEqual([{ full: 'AERO-ISLA VERDE', kind: 'strong' }]);
    // Addresses and remarks of those entities are kept; those of others are not rejects in a partial set.
    expect(load.entities.find((e) => e.sourceId === '4201')!.addresses[0]).toMatchObject({ city: 'Limassol', country: 'CY' });
    expect(load.entities.find((e) => e.sourceId === '4202')).toMatchObject({ birthDates: [{ value: '1977-06-05' }], nationalities: ['DE'] });
    expect(load.rejects).toEqual([]);
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
    await expect(loadOfacSdn({ sdn: path.join(fixtures, 'un/consolidated.xml') })).rejects.toThrow(WrongFileError);
    await expect(loadOfacSdn({ sdn: sdnFiles.sdn, alt: sdnFiles.add })).rejects.toThrow(/add\.csv is not an OFAC aliases/);
  });
});
