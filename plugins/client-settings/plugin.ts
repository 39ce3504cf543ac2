// Client settings (spec 2.5 Client Settings, 2.6 account/*, sharing/incoming|outgoing,
// pricing/*): users, invites, roles, data retention, data profile templates, sharing
// connections, white label, billing and subscription. Users, invites, roles and data
// retention have pages (built on the shell's list/detail/form toolkit), as has the
// root-level /onboarding where an invitation is accepted; the other routes are registered
// and wait for theirs.
import { GearIcon } from '@primer/octicons-react';
import { defineArea, type CodesOf, type KeysOf } from '../../src/host/area.ts';
import { INVITE_MACHINE_ID, inviteMachine } from './machines/invite.ts';

const permissions = [
  'CLIENT_MANAGE', 'CLIENT_INVITE_USERS', 'SEE_BALANCE', 'REFILL_BALANCE', 'MANAGE_DATA_SHARING',
  'MANAGE_DATA_RETENTION', 'MANAGE_CLIENT_SUBSCRIPTIONS', 'SEE_WL', 'MANAGE_WL',
] as const;
const features = { DATA_SHARING: 'data sharing', WHITE_LABEL: 'white label' } as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
  interface FeatureRegistry extends KeysOf<typeof features> {}
}

const WL = ['SEE_WL', 'MANAGE_WL', 'CLIENT_MANAGE'] as const;
const SHARING = { access: 'MANAGE_DATA_SHARING', feature: 'DATA_SHARING' } as const;

export default defineArea({
  name: 'client-settings',
  title: 'Client Settings',
  permissions,
  features,
  // Billing, subscriptions and white-label changes stay with the owners; analysts see neither.
  defaultGroups: {
    officer: ['CLIENT_MANAGE', 'CLIENT_INVITE_USERS', 'SEE_BALANCE', 'MANAGE_DATA_SHARING', 'MANAGE_DATA_RETENTION', 'SEE_WL'],
    analyst: [],
  },
  // Spec 6: CLIENT_MANAGE covers users, roles, data profile templates and white label.
  guards: {
    manage: { access: 'CLIENT_MANAGE' },
    invite: { access: ['CLIENT_INVITE_USERS', 'CLIENT_MANAGE'] },
    retention: { access: 'MANAGE_DATA_RETENTION' },
    billing: { access: ['SEE_BALANCE', 'REFILL_BALANCE', 'MANAGE_CLIENT_SUBSCRIPTIONS'] },
    balance: { access: 'SEE_BALANCE' },
  },
  routes: [
    // Root level (spec 2.1): the invitation link of the mail, for people with or without a session.
    { path: 'onboarding', section: 'onboarding', title: 'Invitation', global: true,
      page: () => import('./web/onboarding-page.tsx') },

    { path: 'account/users', section: 'account', title: 'Users', guard: 'manage',
      page: () => import('./web/users-page.tsx') },
    { path: 'account/users/:id', section: 'account', title: 'User information', guard: 'manage',
      page: () => import('./web/user-page.tsx') },
    { path: 'account/invites', section: 'account', title: 'Invites', guard: 'invite',
      page: () => import('./web/invites-page.tsx') },
    { path: 'account/roles', section: 'account', title: 'Roles', guard: 'manage',
      page: () => import('./web/roles-page.tsx') },
    { path: 'account/roles/form/:id', section: 'account', title: 'Role', guard: 'manage',
      page: () => import('./web/role-form-page.tsx') },

    { path: 'account/data/retention_plans', section: 'account', title: 'Data Retention', guard: 'retention',
      page: () => import('./web/retention-page.tsx') },
    { path: 'account/data/retention_plans/:id', section: 'account', title: 'Retention plan', guard: 'retention',
      page: () => import('./web/retention-entry-page.tsx') },

    { path: 'account/data_profile_templates', section: 'account', title: 'Data Profile Templates', guard: 'manage' },
    { path: 'account/data_profile_templates/form', section: 'account', title: 'New template', guard: 'manage' },
    { path: 'account/data_profile_templates/:data_profile_template_id', section: 'account',
      title: 'Data profile template', guard: 'manage' },

    { path: 'account/wl/custom_domain', section: 'account', title: 'White Label', access: WL, feature: 'WHITE_LABEL' },
    { path: 'account/wl/custom_domain/:id', section: 'account', title: 'Custom domain', access: WL, feature: 'WHITE_LABEL' },

    // The legacy management/balance lands here (spec 2.7); the balance is shown and topped
    // up on Billing and Subscription, which the balance widget opens too.
    { path: 'account/balance', section: 'account', title: 'Balance', redirect: 'pricing/subscription', guard: 'billing' },

    { path: 'sharing/incoming', section: 'sharing', title: 'Accepted Connections', ...SHARING },
    { path: 'sharing/incoming/:id', section: 'sharing', title: 'Connection Details', ...SHARING },
    { path: 'sharing/outgoing', section: 'sharing', title: 'Invites', ...SHARING },
    { path: 'sharing/outgoing/:id', section: 'sharing', title: 'Invite Details', ...SHARING },

    { path: 'pricing/subscription', section: 'pricing', title: 'Billing and Subscription', guard: 'billing' },
    { path: 'pricing/plans', section: 'pricing', title: 'Plans', access: 'MANAGE_CLIENT_SUBSCRIPTIONS' },
  ],
  menu: {
    groups: [
      { id: 'client_settings', title: 'Client Settings', order: 90, icon: GearIcon },
      { id: 'client_settings/users', title: 'Users', order: 10 },
      // After Data Profile Templates (40), before White Label (60).
      { id: 'client_settings/sharing_connections', title: 'Sharing Connections', order: 50 },
    ],
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
  machines: [{
    id: INVITE_MACHINE_ID,
    description: 'Invitation: pending until accepted, revoked or expired (seven days); resent links start again.',
    machine: inviteMachine,
    stored: { objectType: 'invites', refresh: (clientId) => [['clients', clientId, 'invites']] },
  }],
  notifications: {
    invite_accepted: {
      title: 'Your invitation was accepted',
      refresh: (_msg, clientId) => [['clients', clientId, 'users'], ['clients', clientId, 'invites']],
      link: (msg) => (msg.obj_id ? `account/users/${msg.obj_id}` : 'account/users'),
    },
  },
  search: [{ key: 'users', title: 'Users', endpoint: 'users', to: 'account/users', guard: 'manage' }],
  lists: ['audit_log'],
  toasts: { retentionUpdated: 'System data retention period has been updated' },
  shell: {
    // Spec 2.4: the balance widget, and the retention dialog while nothing was chosen.
    topBar: [{ id: 'balance', order: 20, placement: 'end', guard: 'balance', component: () => import('./web/balance-widget.tsx') }],
    overlays: [{ id: 'data-retention', order: 10, guard: 'retention', component: () => import('./web/retention-gate.tsx') }],
  },
  redirects: [
    { from: 'management/balance', to: 'account/balance' },
    { from: 'management/balance/form', to: 'pricing/subscription' },
  ],
});
