// Entities built in tests, so that the matcher's tests do not depend on list parsers.
import type { Entity, EntityName, Schema } from '../../../src/screening/model.ts';

type NameSpec = string | Partial<EntityName> & { full: string };

export function entity(id: string, schema: Schema, names: NameSpec[], extra: Partial<Entity> = {}): Entity {
  const list = extra.list ?? 'test_list';
  return {
    id: `${list}:${id}`,
    list,
    listVersion: extra.listVersion ?? 'v1',
    sourceId: id,
    schema,
    names: names.map((n, i) => (typeof n === 'string' ? { full: n, kind: i === 0 ? 'primary' : 'strong' } : { kind: i === 0 ? 'primary' : 'strong', ...n })),
    birthDates: [],
    birthPlaces: [],
    nationalities: [],
    countries: [],
    addresses: [],
    identifiers: [],
    programmes: [],
    links: [],
    ...extra,
  };
}

import { prng } from '../../support/prng.ts';
export { prng };

const GIVEN = ['Mohammad', 'Ali', 'Hassan', 'Omar', 'Yusuf', 'Ibrahim', 'Khalid', 'Ahmad', 'Mahmoud', 'Karim', 'Tariq', 'Samir'];
const FAMILY = ['Rezaei', 'Karimi', 'Hosseini', 'Ahmadi', 'Moradi', 'Jafari', 'Sadeghi', 'Rahimi', 'Heidari', 'Ghasemi',
  'Nazari', 'Rostami', 'Azizi', 'Bagheri', 'Zamani', 'Mirzaei', 'Yazdani', 'Shirazi', 'Tehrani', 'Kazemi'];

/** A crowd of listed people sharing common given names, so that token rarity means something. */
export function crowd(n: number, seed = 1): Entity[] {
  const r = prng(seed);
  const out: Entity[] = [];
  for (let i = 0; i < n; i++) {
    const pick = <T>(a: T[]): T => a[Math.floor(r() * a.length)];
    out.push(entity(`p${i}`, 'person', [`${pick(FAMILY).toUpperCase()}-${pick(FAMILY).toUpperCase()}, ${pick(GIVEN)} ${pick(GIVEN)}`], { list: 'crowd' }));
  }
  return out;
}
