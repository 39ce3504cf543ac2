// The prohibited-countries check: the subject's countries (nationality, residence,
// addresses; ISO 3166-1 alpha-2) against the built-in list of comprehensively sanctioned
// jurisdictions (../countries.ts). One hit per prohibited country, score 1: a country code
// either is on the list or is not. No provider, no database: run() is pure.
import { define, object, type Infer } from 'superstruct';
import { defineServerPlugin } from '../../../src/host/server.ts';
import { text } from '../../../src/shared/schemas/common.ts';
import area from '../plugin.ts';
import { COUNTRY_CODES, LIST_DATE, LIST_SOURCE, PROHIBITED } from '../countries.ts';
import { prohibitedCountriesKind } from '../kind.ts';

export const MAX_COUNTRIES = 20;
const KNOWN = new Set(COUNTRY_CODES);

/** 1 to 20 country codes, upper or lower case; the message names the first unknown one. */
const countries = define<string[]>('countries', (v) => {
  if (!Array.isArray(v) || v.some((c) => typeof c !== 'string')) return 'must be a list of country codes (ISO 3166-1 alpha-2)';
  if (v.length === 0) return 'is a required field';
  if (v.length > MAX_COUNTRIES) return `must hold at most ${MAX_COUNTRIES} countries`;
  const bad = (v as string[]).find((c) => !KNOWN.has(c.trim().toUpperCase()));
  return bad === undefined || `holds ${JSON.stringify(bad.slice(0, 12))}, which is not an ISO 3166-1 alpha-2 country code`;
});

export const prohibitedCountriesInput = object({ name: text({ max: 200 }), countries });
export type ProhibitedCountriesInput = Infer<typeof prohibitedCountriesInput>;

export function checkCountries(input: ProhibitedCountriesInput) {
  const asked = [...new Set(input.countries.map((c) => c.trim().toUpperCase()))];
  const found = PROHIBITED.filter((p) => asked.includes(p.country));
  const hits = found.map((p) => ({
    name: p.name,
    score: 1,
    source: `${LIST_SOURCE} (list of ${LIST_DATE})`,
    reference: p.cfr,
    details: { country: p.country, program: p.program, regulations: p.regulations, list_date: LIST_DATE },
  }));
  const of = `${asked.length} ${asked.length === 1 ? 'country' : 'countries'}`;
  const summary = found.length === 0
    ? `None of the ${of} screened is prohibited`
    : `${found.length} of the ${of} screened ${found.length === 1 ? 'is' : 'are'} prohibited: ${found.map((p) => p.name).join(', ')}`;
  return { hits, summary };
}

export default defineServerPlugin(area, {
  contributes: {
    'screenings.kinds': [{
      ...prohibitedCountriesKind,
      input: prohibitedCountriesInput,
      run: async (_ctx, input: ProhibitedCountriesInput) => checkCountries(input),
    }],
  },
});
