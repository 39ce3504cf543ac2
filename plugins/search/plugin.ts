// Global search (spec 2.4, 2.5 Compliance Toolset › Search History, 2.6 search/*): the top
// bar's search box, the history of searches and the results of one. The counts come from
// the areas that own the data (their manifests' `search` counters), each through its own
// list endpoint, so a count is what the list behind it shows.
import { defineArea, type CodesOf, type KeysOf } from '../../src/host/area.ts';

const permissions = ['SEE_GLOBAL_SEARCH_HISTORY'] as const;
const features = { GLOBAL_SEARCH: 'global search' } as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
  interface FeatureRegistry extends KeysOf<typeof features> {}
}

const section = 'search';

export default defineArea({
  name: 'search',
  title: 'Search',
  permissions,
  features,
  guards: {
    search: { feature: 'GLOBAL_SEARCH' },
    history: { access: 'SEE_GLOBAL_SEARCH_HISTORY', feature: 'GLOBAL_SEARCH' },
  },
  routes: [
    { path: 'search', section, title: 'Search', redirect: 'search/search_entries', crumb: { onlyWithChild: true }, guard: 'search' },
    { path: 'search/search_entries', section, title: 'Search History', guard: 'history', page: () => import('./web/history-page.tsx') },
    // Results of the member's own search: the counts were taken with what they may see.
    { path: 'search/search_results/:id', section, title: 'Search results', guard: 'search', page: () => import('./web/results-page.tsx') },
  ],
  menu: {
    groups: [{ id: 'compliance_toolset/search_history', title: 'Search History', order: 10 }],
    entries: [
      { group: 'compliance_toolset/search_history', title: 'Search History', to: 'search/search_entries', order: 10 },
    ],
  },
  search: [{ key: 'search_entries', title: 'Search history', endpoint: 'search/global_search_entries', to: 'search/search_entries', guard: 'history' }],
  lists: ['global_search_entries'],
  // Spec 2.4: the box shows for everyone; without the feature it is disabled with a hint.
  shell: { topBar: [{ id: 'global-search', order: 10, placement: 'start', component: () => import('./web/global-search.tsx') }] },
});
