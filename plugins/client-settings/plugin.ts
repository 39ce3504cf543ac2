// Client settings (spec 2.5 Client Settings, 2.6 account/*, sharing/incoming|outgoing,
// pricing/*): users, invites, roles, data retention, data profile templates, sharing
// connections, white label, billing and subscription. Users, invites, roles and data
// retention have pages (built on the shell's list/detail/form toolkit), as has the
// root-level /onboarding where an invitation is accepted; the other routes are registered
// and wait for theirs.
import { definePlugin } from '../../src/host/plugin.ts';

const WL = ['SEE_WL', 'MANAGE_WL', 'CLIENT_MANAGE'] as const;
const SHARING = { access: 'MANAGE_DATA_SHARING', feature: 'DATA_SHARING' } as const;

export default definePlugin({
  name: 'client-settings',
  title: 'Client Settings',
  routes: [
    // Root level (spec 2.1): the invitation link of the mail, for people with or without a session.
    { path: 'onboarding', section: 'onboarding', title: 'Invitation', global: true,
      page: () => import('./web/onboarding-page.tsx') },

    // Spec 6: CLIENT_MANAGE covers users, roles, data profile templates and white label.
    { path: 'account/users', section: 'account', title: 'Users', access: 'CLIENT_MANAGE',
      page: () => import('./web/users-page.tsx') },
    { path: 'account/users/:id', section: 'account', title: 'User information', access: 'CLIENT_MANAGE',
      page: () => import('./web/user-page.tsx') },
    { path: 'account/invites', section: 'account', title: 'Invites', access: ['CLIENT_INVITE_USERS', 'CLIENT_MANAGE'],
      page: () => import('./web/invites-page.tsx') },
    { path: 'account/roles', section: 'account', title: 'Roles', access: 'CLIENT_MANAGE',
      page: () => import('./web/roles-page.tsx') },
    { path: 'account/roles/form/:id', section: 'account', title: 'Role', access: 'CLIENT_MANAGE',
      page: () => import('./web/role-form-page.tsx') },

    { path: 'account/data/retention_plans', section: 'account', title: 'Data Retention', access: 'MANAGE_DATA_RETENTION',
      page: () => import('./web/retention-page.tsx') },
    { path: 'account/data/retention_plans/:id', section: 'account', title: 'Retention plan', access: 'MANAGE_DATA_RETENTION',
      page: () => import('./web/retention-entry-page.tsx') },

    { path: 'account/data_profile_templates', section: 'account', title: 'Data Profile Templates', access: 'CLIENT_MANAGE' },
    { path: 'account/data_profile_templates/form', section: 'account', title: 'New template', access: 'CLIENT_MANAGE' },
    { path: 'account/data_profile_templates/:data_profile_template_id', section: 'account',
      title: 'Data profile template', access: 'CLIENT_MANAGE' },

    { path: 'account/wl/custom_domain', section: 'account', title: 'White Label', access: WL, feature: 'WHITE_LABEL' },
    { path: 'account/wl/custom_domain/:id', section: 'account', title: 'Custom domain', access: WL, feature: 'WHITE_LABEL' },

    // The legacy management/balance lands here (spec 2.7); the balance is shown and topped
    // up on Billing and Subscription, which the balance widget opens too.
    { path: 'account/balance', section: 'account', title: 'Balance', redirect: 'pricing/subscription',
      access: ['SEE_BALANCE', 'REFILL_BALANCE', 'MANAGE_CLIENT_SUBSCRIPTIONS'] },

    { path: 'sharing/incoming', section: 'sharing', title: 'Accepted Connections', ...SHARING },
    { path: 'sharing/incoming/:id', section: 'sharing', title: 'Connection Details', ...SHARING },
    { path: 'sharing/outgoing', section: 'sharing', title: 'Invites', ...SHARING },
    { path: 'sharing/outgoing/:id', section: 'sharing', title: 'Invite Details', ...SHARING },

    { path: 'pricing/subscription', section: 'pricing', title: 'Billing and Subscription',
      access: ['SEE_BALANCE', 'REFILL_BALANCE', 'MANAGE_CLIENT_SUBSCRIPTIONS'] },
    { path: 'pricing/plans', section: 'pricing', title: 'Plans', access: 'MANAGE_CLIENT_SUBSCRIPTIONS' },
  ],
  menu: {
    entries: [
      { group: 'client_settings/users', title: 'Users', to: 'account/users', order: 10, tabBar: 'account' },
      { group: 'client_settings/users', title: 'Invites', to: 'account/invites', order: 20, tabBar: 'account' },
      { group: 'client_settings', title: 'Roles', to: 'account/roles', order: 20, tabBar: 'account' },
      { group: 'client_settings', title: 'Data Retention', to: 'account/data/retention_plans', order: 30 },
      { group: 'client_settings', title: 'Data Profile Templates', to: 'account/data_profile_templates', order: 40 },
      { group: 'client_settings/sharing_connections', title: 'Accepted Connections', to: 'sharing/incoming', order: 10 },
      { group: 'client_settings/sharing_connections', title: 'Invites', to: 'sharing/outgoing', order: 20 },
      { group: 'client_settings', title: 'White Label', to: 'account/wl/custom_domain', order: 60 },
      { group: 'client_settings', title: 'Billing and Subscription', to: 'pricing/subscription', order: 70 },
      // The guide's address is the deployment's (HELP_URL); hidden while unset.
      { group: 'client_settings', title: 'Help Guide', to: 'config:help_url', external: 'config:help_url', order: 80 },
    ],
  },
  permissions: [
    'CLIENT_MANAGE', 'CLIENT_INVITE_USERS', 'SEE_BALANCE', 'REFILL_BALANCE', 'MANAGE_DATA_SHARING',
    'MANAGE_DATA_RETENTION', 'MANAGE_CLIENT_SUBSCRIPTIONS', 'SEE_WL', 'MANAGE_WL',
  ],
  features: ['DATA_SHARING', 'WHITE_LABEL'],
  redirects: [
    { from: 'management/balance', to: 'account/balance' },
    { from: 'management/balance/form', to: 'pricing/subscription' },
  ],
});
