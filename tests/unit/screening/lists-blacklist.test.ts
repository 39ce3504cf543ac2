import { describe, expect, it } from 'vitest';
import { type BlacklistRecord, loadBlacklist } from '../../../src/screening/lists/blacklist.ts';

describe('client blacklists', () => {
  const records: BlacklistRecord[] = [
    {
      kind: 'person',
      id: 'p1',
      firstName: 'Maria',
      middleName: 'Luisa',
      lastName: 'Gomez',
      dob: '1980-03-04',
      nationality: 'Colombian',
      documents: [{ type: 'Passport', number: 'AB123456', country: 'Colombia' }],
      aliases: ['Malu Gomez'],
      reason: 'Fraud',
    },
    { kind: 'business', id: 'b1', name: 'Shady Imports Ltd', registrationNumber: '0123456', country: 'GB' },
    { kind: 'person', id: 'p1', firstName: 'Again', lastName: 'Same Id' },
    { kind: 'person', id: 'p2', firstName: '', lastName: '' },
    { kind: 'business', id: '', name: 'No Id' },
  ];

  it('builds list blacklist:<client> with people and businesses', () => {
    const load = loadBlacklist('acme', records);
    expect(load.list).toBe('blacklist:acme');
    expect(load.entities.map((e) => e.id)).toEqual(['blacklist:acme:p1', 'blacklist:acme:b1']);
    const p = load.entities[0]!;
    expect(p.schema).toBe('person');
    expect(p.names).toEqual([
      { full: 'Maria Luisa Gomez', kind: 'primary', given: 'Maria Luisa', family: 'Gomez' },
      { full: 'Malu Gomez', kind: 'strong' },
    ]);
    expect(p.birthDates).toEqual([{ value: '1980-03-04' }]);
    expect(p.nationalities).toEqual(['CO']);
    expect(p.identifiers).toEqual([{ type: 'passport', value: 'AB123456', country: 'CO' }]);
    expect(p.extra?.reason).toBe('Fraud');
    const b = load.entities[1]!;
    expect(b.schema).toBe('organisation');
    expect(b.identifiers).toEqual([{ type: 'registration', value: '0123456', country: 'GB' }]);
    expect(b.countries).toEqual(['GB']);
    expect(load.names).toBe(3);
  });

  it('rejects records that cannot be screened, by their position', () => {
    const load = loadBlacklist('acme', records);
    expect(load.rejects.map((r) => [r.line, r.reason])).toEqual([
      [3, 'duplicate id p1'],
      [4, 'p2: no first or last name'],
      [5, 'no id'],
    ]);
  });

  it('versions the list by its content unless told', () => {
    const a = loadBlacklist('acme', records);
    const b = loadBlacklist('acme', records.slice(0, 2));
    expect(a.listVersion).toMatch(/^sha256:/);
    expect(a.listVersion).not.toBe(b.listVersion);
    expect(loadBlacklist('acme', records, { version: '42' }).listVersion).toBe('42');
  });
});
