// The prohibited-countries screening as the screenings area sees it: its code, title, guard
// and input form. Written once here; the manifest contributes it to `screenings.kinds` and
// the server half (server/index.ts) spreads it, so the pages and the API share one rule.
//
// Guard: CHECKUPS_PERFORM_INSTANT (spec 6: performing instant screenings), not
// MANAGE_PROHIBITED_COUNTRIES, which spec 2.6 gives to the page that manages the client's
// list of prohibited countries (checkup/prohibited_countries): running a check is not
// changing the list, and an analyst who screens should not need the right to edit it.
// The client needs the PROHIBITED_COUNTRIES feature, as for every page of this module.
import type { ExtensionPointRegistry } from '../../src/host/registries.ts';
import { COUNTRY_CODES, LIST_DATE, PROHIBITED } from './countries.ts';

type ScreeningKind = ExtensionPointRegistry['screenings.kinds']['web'];

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const countryOptions = COUNTRY_CODES
  .map((code) => ({ value: code, label: `${code === 'XK' ? 'Kosovo' : names.of(code) ?? code} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));

const listed = PROHIBITED.map((p) => p.name).join(', ');
const listDate = new Date(`${LIST_DATE}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const prohibitedCountriesKind = {
  code: 'prohibited_countries',
  title: 'Prohibited countries',
  access: 'CHECKUPS_PERFORM_INSTANT',
  feature: 'PROHIBITED_COUNTRIES',
  // After the spec's kinds (30 … 130) in Compliance Toolset › Screenings.
  order: 140,
  subject: 'any',
  description: `Checks the countries of a person or business against the jurisdictions under comprehensive OFAC sanctions `
    + `(${listed}; list of ${listDate}). Sanctioned regions such as Crimea, Donetsk and Luhansk have no country code and are not checked.`,
  fields: [
    { name: 'name', label: 'Name', required: true, hint: 'The person or business screened' },
    { name: 'countries', label: 'Countries', kind: 'multi-select', required: true, options: countryOptions,
      hint: 'Nationality, residence and address countries (up to 20). Hold Ctrl, or ⌘ on a Mac, to choose several.' },
  ],
} as const satisfies ScreeningKind;
