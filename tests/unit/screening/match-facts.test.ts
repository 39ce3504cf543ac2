// Secondary facts: each moves the score up or down with a reason; identifiers decide alone.
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/screening/index.ts';
import { entity } from './match-fixtures.ts';

const index = buildIndex([
  entity('1', 'person', ['KARIMI, Hassan Reza'], {
    birthDates: [{ value: '1970-03-12' }], nationalities: ['IR'],
    identifiers: [{ type: 'passport', value: 'K1234567', country: 'IR' }],
  }),
  entity('2', 'person', ['NOVAK, Petra'], { birthDates: [{ from: 1960, to: 1962 }], countries: ['CZ'] }),
  entity('3', 'organisation', ['SHADOW LEDGER EXCHANGE'], {
    identifiers: [{ type: 'crypto', value: '0x7F367cC41522cE07553e823bf3be79A889DEbe1B', currency: 'ETH' }],
  }),
  entity('4', 'organisation', ['HASSAN REZA KARIMI TRADING']),
]);

const search = (q: Parameters<typeof index.search>[0]) => index.search(q, { threshold: 0.3 });
const find = (q: Parameters<typeof index.search>[0], id: string) => search(q).find((m) => m.entityId === `test_list:${id}`)!;

describe('date of birth', () => {
  const base = find({ name: 'Hassan Karimi' }, '1');

  it('an exact date raises the score and says why', () => {
    const hit = find({ name: 'Hassan Karimi', birthDate: '1970-03-12' }, '1');
    expect(hit.score).toBeGreaterThan(base.score);
    expect(hit.explanation.facts).toContainEqual(expect.objectContaining({ fact: 'birthDate', detail: expect.stringMatching(/matches/) }));
  });

  it('the same year raises it less, a near year lowers it a little, another year a lot', () => {
    const year = find({ name: 'Hassan Karimi', birthDate: '1970' }, '1');
    const near = find({ name: 'Hassan Karimi', birthDate: '1971-05-01' }, '1');
    const far = find({ name: 'Hassan Karimi', birthDate: '1985-01-01' }, '1');
    const exact = find({ name: 'Hassan Karimi', birthDate: '12.03.1970' }, '1');
    expect(exact.score).toBeGreaterThan(year.score);
    expect(year.score).toBeGreaterThan(base.score);
    expect(near.score).toBeLessThan(base.score);
    expect(far.score).toBeLessThan(near.score);
    expect(far.explanation.facts[0].detail).toMatch(/different year of birth/);
  });

  it('reads a published range of years', () => {
    const inside = find({ name: 'Petra Novak', birthDate: '1961' }, '2');
    const outside = find({ name: 'Petra Novak', birthDate: '1975' }, '2');
    expect(inside.explanation.facts[0].detail).toMatch(/within the published range/);
    expect(outside.score).toBeLessThan(inside.score);
  });
});

describe('country and schema', () => {
  it('a matching nationality raises the score, another one lowers it', () => {
    const base = find({ name: 'Hassan Karimi' }, '1');
    const same = find({ name: 'Hassan Karimi', countries: ['Iran'] }, '1');
    const other = find({ name: 'Hassan Karimi', countries: ['FR'] }, '1');
    expect(same.score).toBeGreaterThan(base.score);
    expect(same.explanation.facts).toContainEqual(expect.objectContaining({ fact: 'country', detail: 'nationality matches (IR)' }));
    expect(other.score).toBeLessThan(base.score);
    expect(other.explanation.facts[0].detail).toMatch(/nationality differs/);
  });

  it('a person searched against a listed company loses score, with the reason', () => {
    const person = find({ name: 'Hassan Reza Karimi', schema: 'person' }, '4');
    const unknown = find({ name: 'Hassan Reza Karimi' }, '4');
    expect(person.score).toBeLessThan(unknown.score);
    expect(person.explanation.facts).toContainEqual(expect.objectContaining({ fact: 'schema', detail: 'person searched, organisation listed' }));
  });
});

describe('identifiers', () => {
  it('an exact passport number is decisive whatever the name', () => {
    const [hit] = index.search({ name: 'H. R. Kareemy', identifiers: [{ type: 'passport', value: 'k 123 4567' }] });
    expect(hit.entityId).toBe('test_list:1');
    expect(hit.score).toBe(1);
    expect(hit.explanation.facts[0]).toMatchObject({ fact: 'identifier', detail: 'passport matches (K1234567)' });
  });

  it('a wallet address is decisive, even with no name at all', () => {
    const [hit] = index.search({ name: '', identifiers: ['0x7f367cc41522ce07553e823bf3be79a889debe1b'] });
    expect(hit.entityId).toBe('test_list:3');
    expect(hit.score).toBe(1);
    expect(hit.explanation.facts[0].detail).toMatch(/ETH wallet address matches/);
  });

  it('a different number of the same document lowers the score', () => {
    const base = find({ name: 'Hassan Karimi' }, '1');
    const other = find({ name: 'Hassan Karimi', identifiers: [{ type: 'passport', value: 'X9999999', country: 'IR' }] }, '1');
    expect(other.score).toBeLessThan(base.score);
    expect(other.explanation.facts).toContainEqual(expect.objectContaining({ detail: 'passport number differs' }));
  });
});
