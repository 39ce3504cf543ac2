// The core shell's own routes: the client chooser at /define_client (root level) and the
// machine inspector for administrators and QA teams. Every other shell screen (top bar,
// menu, error screens) is part of the host, not a route.
import { definePlugin } from '../../src/host/plugin.ts';

export default definePlugin({
  name: 'core-shell',
  title: 'Shell',
  routes: [
    {
      path: 'define_client',
      section: 'define_client',
      title: 'Choose a client',
      global: true,
      page: () => import('../../src/web/pages/define-client.tsx'),
    },
    {
      path: 'admin/machines',
      section: 'admin',
      title: 'Machine inspector',
      access: 'ADMIN',
      page: () => import('../../src/web/pages/machine-inspector.tsx'),
    },
  ],
  menu: {
    entries: [
      // Last in Administrator Tools, after the pricing pages.
      { group: 'administrator_tools', title: 'Machine inspector', to: 'admin/machines', order: 90 },
    ],
  },
  permissions: [],
});
