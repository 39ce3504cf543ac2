// Global search (spec 2.4, 2.5 Compliance Toolset › Search History, 2.6 search/*): the
// history of global searches and the results of one. Pages come with this area's issue;
// until then every route is registered without a page (not available, 404).
import { definePlugin } from '../../src/host/plugin.ts';

const section = 'search';
const feature = 'GLOBAL_SEARCH';

export default definePlugin({
  name: 'search',
  title: 'Search',
  routes: [
    { path: 'search', section, title: 'Search', redirect: 'search/search_entries', crumb: { onlyWithChild: true }, feature },
    { path: 'search/search_entries', section, title: 'Search History', access: 'SEE_GLOBAL_SEARCH_HISTORY', feature },
    // Results of the member's own search: the counts per area are already filtered by what
    // they may see, so the page needs no code of its own.
    { path: 'search/search_results/:id', section, title: 'Search results', feature },
  ],
  menu: {
    entries: [
      { group: 'compliance_toolset/search_history', title: 'Search History', to: 'search/search_entries', order: 10 },
    ],
  },
  permissions: ['SEE_GLOBAL_SEARCH_HISTORY'],
  features: ['GLOBAL_SEARCH'],
});
