// The prohibited-countries screening (spec 3: "{product} prohibited countries"), a kind of
// the screenings area in a folder of its own: this manifest contributes the kind's browser
// half to `screenings.kinds`, from which the screenings area makes its list, form, detail
// and hit pages and its menu entry; server/index.ts contributes the check itself.
import { defineArea } from '../../src/host/area.ts';
import { prohibitedCountriesKind } from './kind.ts';

export default defineArea({
  name: 'screening-prohibited-countries',
  title: 'Prohibited countries screening',
  requires: ['screenings'],
  contributes: { 'screenings.kinds': [prohibitedCountriesKind] },
});
