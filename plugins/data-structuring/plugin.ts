// Data structuring (spec 2.5 Data Structuring, 2.6 verification/data_structure,
// data_mapping, unmapped_data): the client's data structure, the mapping of form answers
// onto it, and historical submissions not mapped yet. Pages come with this area's issue;
// until then every route is registered without a page (not available, 404).
import { DatabaseIcon } from '@primer/octicons-react';
import { allOf, defineArea, type CodesOf } from '../../src/host/area.ts';

const permissions = [
  'MANAGE_DATA_PROFILE',
] as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
}

const section = 'verification';
// Spec 2.6: "MANAGE_DATA_PROFILE or FORMS_CREATE, strictly (both required)".
const access = allOf('MANAGE_DATA_PROFILE', 'FORMS_CREATE');

export default defineArea({
  name: 'data-structuring',
  title: 'Data Structuring',
  permissions,
  routes: [
    { path: 'verification/data_structure', section, title: 'Data Structure', access },
    { path: 'verification/data_structure/form', section, title: 'New data structure', access },
    { path: 'verification/data_structure/:id', section, title: 'Data structure', access },
    { path: 'verification/data_mapping', section, title: 'Data Mapping', access },
    { path: 'verification/data_mapping/form', section, title: 'New data mapping', access },
    { path: 'verification/data_mapping/:id', section, title: 'Data mapping', access },
    { path: 'verification/unmapped_data', section, title: 'Unmapped Data', access },
    { path: 'verification/unmapped_data/:id', section, title: 'Historical Verification flow', access },
  ],
  menu: {
    groups: [
      { id: 'data_structuring', title: 'Data Structuring', order: 30, icon: DatabaseIcon },
    ],
    entries: [
      { group: 'data_structuring', title: 'Data Structure', to: 'verification/data_structure', order: 10 },
      { group: 'data_structuring', title: 'Data Mapping', to: 'verification/data_mapping', order: 20 },
      { group: 'data_structuring', title: 'Unmapped Data', to: 'verification/unmapped_data', order: 30 },
    ],
  },
});
