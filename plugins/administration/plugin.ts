// Administrator tools (spec 2.5 Administrator Tools, 2.6 admin/*): platform users, clients
// and their form templates, the screening (checkup) service configuration, field
// templates, regions and pricing. Every page needs the administrator flag (spec 6). Users
// and clients have pages (with a detail page each, which the spec leaves open); the other
// routes are registered without a page until theirs are built. The machine inspector
// (admin/machines) is the shell's page; its menu entry sits in this area's group.
import { ToolsIcon } from '@primer/octicons-react';
import { ADMIN, defineArea } from '../../src/host/area.ts';

const section = 'admin';
const access = ADMIN;

export default defineArea({
  name: 'administration',
  title: 'Administrator Tools',
  routes: [
    { path: 'admin/users', section, title: 'Users', access, page: () => import('./web/users-page.tsx') },
    { path: 'admin/users/:id', section, title: 'User', access, page: () => import('./web/user-page.tsx') },
    { path: 'admin/clients', section, title: 'Clients', access, page: () => import('./web/clients-page.tsx') },
    { path: 'admin/clients/:id', section, title: 'Client', access, page: () => import('./web/client-page.tsx') },
    { path: 'admin/clients/:id/form_templates', section, title: 'Form templates', access },

    { path: 'admin/checkup_service/providers', section, title: 'Providers', access },
    { path: 'admin/checkup_service/checkup_kinds', section, title: 'Checkup Kinds', access },
    { path: 'admin/checkup_service/clients_providers', section, title: 'Clients Providers', access },
    { path: 'admin/checkup_service/checkup_kinds_clients', section, title: 'Checkup Kinds Clients', access },

    { path: 'admin/field_templates', section, title: 'Field Templates', access },
    { path: 'admin/regions', section, title: 'Regions', access },

    { path: 'admin/pricing', section, title: 'Pricing', redirect: 'admin/pricing/plans', crumb: { onlyWithChild: true }, access },
    { path: 'admin/pricing/plans', section, title: 'Plans', access },
    { path: 'admin/pricing/plans/form/:id', section, title: 'Plan', access },
    { path: 'admin/pricing/features', section, title: 'Features', access },
    { path: 'admin/pricing/sections', section, title: 'Sections', access },
  ],
  // A new deployment's first administrator creates the first client on the client chooser.
  shell: { noClient: [{ id: 'first-client', order: 10, access, component: () => import('./web/first-client.tsx') }] },
  menu: {
    groups: [
      { id: 'administrator_tools', title: 'Administrator Tools', order: 100, icon: ToolsIcon },
      { id: 'administrator_tools/checkup_service', title: 'Checkup service', order: 30 },
      { id: 'administrator_tools/pricing', title: 'Pricing', order: 60 },
    ],
    entries: [
      { group: 'administrator_tools', title: 'Users', to: 'admin/users', order: 10 },
      { group: 'administrator_tools', title: 'Clients', to: 'admin/clients', order: 20 },
      { group: 'administrator_tools/checkup_service', title: 'Providers', to: 'admin/checkup_service/providers', order: 10 },
      { group: 'administrator_tools/checkup_service', title: 'Checkup Kinds', to: 'admin/checkup_service/checkup_kinds', order: 20 },
      { group: 'administrator_tools/checkup_service', title: 'Clients Providers', to: 'admin/checkup_service/clients_providers', order: 30 },
      { group: 'administrator_tools/checkup_service', title: 'Checkup Kinds Clients', to: 'admin/checkup_service/checkup_kinds_clients', order: 40 },
      { group: 'administrator_tools', title: 'Field Templates', to: 'admin/field_templates', order: 40 },
      { group: 'administrator_tools', title: 'Regions', to: 'admin/regions', order: 50 },
      { group: 'administrator_tools/pricing', title: 'Plans', to: 'admin/pricing/plans', order: 10 },
      { group: 'administrator_tools/pricing', title: 'Features', to: 'admin/pricing/features', order: 20 },
      { group: 'administrator_tools/pricing', title: 'Sections', to: 'admin/pricing/sections', order: 30 },
      // The identity provider's own tools (the embedded issuer by default).
      // Last in Administrator Tools, after the pricing pages.
      { group: 'administrator_tools', title: 'Machine inspector', to: 'admin/machines', order: 90 },
      { group: 'administrator_tools', title: 'Authentication Tools', to: 'config:auth_tools_url', external: 'config:auth_tools_url', order: 70, access },
    ],
  },
  // ADMIN is a flag on the user, not a permission code, so no codes are listed.
});
