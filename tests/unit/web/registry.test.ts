import { GearIcon, GraphIcon } from '@primer/octicons-react';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { AreaManifest } from '../../../src/host/area.ts';
import { CatalogError } from '../../../src/host/catalog.ts';
import type { Grants } from '../../../src/shared/access.ts';
import { buildRegistry, registry } from '../../../src/web/registry.ts';

const page = async () => ({ default: () => null });
const grants = (permissions: string[], features: string[] = []): Grants => ({
  permissions: new Set(permissions),
  features: new Set(features),
});

const tiny = setup({}).createMachine({ id: 'tiny', initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} } });

const settings: AreaManifest = {
  name: 'client-settings',
  title: 'Client settings',
  permissions: ['CLIENT_MANAGE', 'CLIENT_INVITE_USERS', 'SEE_WL'],
  features: { WHITE_LABEL: 'white label' },
  routes: [
    { path: 'account', section: 'account', title: 'Account', crumb: { disabled: true } },
    { path: 'account/users', section: 'account', title: 'Users', access: 'CLIENT_MANAGE', page },
    { path: 'account/users/:id', section: 'account', title: 'User information', access: 'CLIENT_MANAGE', page },
    { path: 'account/users/invite', section: 'account', title: 'Invite', access: 'CLIENT_INVITE_USERS', page },
    { path: 'account/invites', section: 'account', title: 'Invites', access: 'CLIENT_INVITE_USERS', page },
    { path: 'account/roles', section: 'account', title: 'Roles', access: 'CLIENT_MANAGE' },
    { path: 'account/roles/form/:id', section: 'account', title: 'Role', access: 'CLIENT_MANAGE', crumb: { onlyWithChild: true }, page },
    { path: 'account/wl', section: 'account', title: 'White label', crumb: { onlyWithChild: true }, page, access: 'SEE_WL' },
    { path: 'account/wl/custom_domain', section: 'account', title: 'Custom domain', access: 'SEE_WL', feature: 'WHITE_LABEL', page },
    { path: 'transaction', section: 'transaction', title: 'Transaction monitoring', redirect: 'transaction/monitoring' },
    { path: 'transaction/monitoring', section: 'transaction', title: 'Transactions', access: ['SEE_TM', 'SEE_CASE_RELATED_TRANSACTIONS'], page },
    { path: 'transaction/monitoring/:id', section: 'transaction', title: 'Transaction information', access: 'SEE_TM', page },
    { path: 'onboarding', section: 'onboarding', title: 'Onboarding', global: true, page },
  ],
  menu: {
    groups: [
      { id: 'client_settings', title: 'Client Settings', order: 90, icon: GearIcon },
      { id: 'client_settings/users', title: 'Users', order: 10 },
    ],
    entries: [
      { group: 'client_settings/users', title: 'Users', to: 'account/users', order: 10, tabBar: 'account' },
      { group: 'client_settings/users', title: 'Invites', to: 'account/invites', order: 20, tabBar: 'account' },
      { group: 'client_settings', title: 'Roles', to: 'account/roles', order: 30, tabBar: 'account' },
      { group: 'client_settings', title: 'White Label', to: 'account/wl/custom_domain', order: 60 },
      { group: 'client_settings', title: 'Help Guide', to: 'help', external: 'https://help.example.org', order: 100 },
      { group: 'transaction_monitoring', title: 'Transaction List', to: 'transaction/monitoring', order: 30 },
    ],
  },
  machines: [{ id: 'tiny', description: 'A tiny machine', machine: tiny }],
  redirects: [
    { from: '', to: 'account/users' },
    { from: 'tm/monitoring/:id', to: 'transaction/monitoring/:id' },
    { from: 'account/users/legacy/:id', to: 'account/users/:id' },
    { from: 'instant_checkups/*', to: 'checkup/instant_checkups/*' },
  ],
};

const tm: AreaManifest = {
  name: 'transaction-monitoring',
  title: 'Transaction monitoring',
  permissions: ['SEE_TM', 'SEE_CASE_RELATED_TRANSACTIONS'],
  menu: { groups: [{ id: 'transaction_monitoring', title: 'Transaction Monitoring', order: 60, icon: GraphIcon }] },
};
const reg = buildRegistry([settings, tm]);

describe('route table', () => {
  it('splits client routes from root-level routes and marks routes without a page unavailable', () => {
    expect(reg.globalRoutes.map((r) => r.path)).toEqual(['onboarding']);
    expect(reg.routes.find((r) => r.path === 'account/roles')?.available).toBe(false);
    expect(reg.routes.find((r) => r.path === 'transaction')?.available).toBe(true);
    expect(reg.globalRouteFor('/onboarding')?.route.title).toBe('Onboarding');
  });

  it('matches parameters, preferring static segments', () => {
    const byId = reg.routeFor('account/users/42');
    expect(byId.kind === 'route' && byId.route.title).toBe('User information');
    expect(byId.kind === 'route' && byId.params).toEqual({ id: '42' });
    const invite = reg.routeFor('/account/users/invite/');
    expect(invite.kind === 'route' && invite.route.title).toBe('Invite');
  });

  it('follows index redirects and legacy redirects with their parameters', () => {
    expect(reg.routeFor('transaction')).toEqual({ kind: 'redirect', to: 'transaction/monitoring' });
    expect(reg.routeFor('')).toEqual({ kind: 'redirect', to: 'account/users' });
    expect(reg.routeFor('tm/monitoring/7')).toEqual({ kind: 'redirect', to: 'transaction/monitoring/7' });
    expect(reg.routeFor('instant_checkups/comply_advantage_aml/form/9'))
      .toEqual({ kind: 'redirect', to: 'checkup/instant_checkups/comply_advantage_aml/form/9' });
  });

  it('answers nothing for unknown paths and the unavailable route for pageless ones', () => {
    expect(reg.routeFor('nowhere/at/all')).toEqual({ kind: 'none' });
    const roles = reg.routeFor('account/roles');
    expect(roles.kind).toBe('route');
    expect(roles.kind === 'route' && roles.route.available).toBe(false);
  });

  it('guards with permissions (any of a list) and features', () => {
    const tm = reg.routes.find((r) => r.path === 'transaction/monitoring')!;
    expect(reg.canSee(tm, grants(['SEE_CASE_RELATED_TRANSACTIONS']))).toBe(true);
    expect(reg.canSee(tm, grants(['CLIENT_MANAGE']))).toBe(false);
    const wl = reg.routes.find((r) => r.path === 'account/wl/custom_domain')!;
    expect(reg.canSee(wl, grants(['SEE_WL']))).toBe(false);
    expect(reg.canSee(wl, grants(['SEE_WL'], ['WHITE_LABEL']))).toBe(true);
  });

  it('lists machines in area order, each with its area', () => {
    const withCore = buildRegistry([{ name: 'core', title: 'Shell', machines: [{ id: 'core-one', description: 'core', machine: tiny }] }, settings, tm]);
    expect(withCore.machines.map((m) => [m.id, m.area])).toEqual([['core-one', 'core'], ['tiny', 'client-settings']]);
  });

  it('refuses declarations that do not agree, naming each problem', () => {
    const bad: AreaManifest = {
      name: 'bad', title: 'Bad', permissions: ['CLIENT_MANAGE'],
      routes: [{ path: 'x', section: 'x', title: 'X', access: 'NOT_DECLARED' as never, page }],
      menu: { entries: [{ group: 'nowhere', title: 'X', to: 'x', order: 1 }] },
    };
    let err: unknown;
    try { buildRegistry([settings, tm, bad]); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(CatalogError);
    expect((err as CatalogError).problems).toEqual(expect.arrayContaining([
      'permission CLIENT_MANAGE is declared by client-settings and bad',
      "bad route x: permission NOT_DECLARED is declared by no area",
      'bad menu entry X: group nowhere is declared by no area',
    ]));
  });
});

describe('menu visibility', () => {
  it('shows only entries whose route has a page and passes the guard', () => {
    const menu = reg.visibleMenu(grants(['CLIENT_MANAGE']));
    expect(menu.map((g) => g.id)).toEqual(['client_settings']);
    const settingsGroup = menu[0];
    const titles = settingsGroup.children.map((c) => c.title);
    // Roles has no page: never in the menu; Invites needs CLIENT_INVITE_USERS.
    expect(titles).toEqual(['Users', 'Help Guide']);
    const users = settingsGroup.children[0];
    expect(users.kind === 'group' && users.children.map((c) => c.title)).toEqual(['Users']);
  });

  it('hides a group without a visible child and links a header to its first visible child', () => {
    const none = reg.visibleMenu(grants([]));
    // Only the external Help Guide (no access rule) is left in Client Settings.
    expect(none.map((g) => g.id)).toEqual(['client_settings']);
    expect(none[0].to).toBe('https://help.example.org');
    const inviter = reg.visibleMenu(grants(['CLIENT_INVITE_USERS']));
    const usersGroup = inviter[0].children[0];
    expect(usersGroup.kind === 'group' && usersGroup.to).toBe('account/invites');
    expect(inviter[0].to).toBe('account/invites');
  });

  it('shows the transaction monitoring group only with a matching permission', () => {
    expect(reg.visibleMenu(grants(['SEE_TM'])).map((g) => g.id)).toEqual(['transaction_monitoring', 'client_settings']);
  });

  it('gates entries by feature', () => {
    const withoutWl = reg.visibleMenu(grants(['SEE_WL']));
    expect(withoutWl[0].children.map((c) => c.title)).toEqual(['Help Guide']);
    const withWl = reg.visibleMenu(grants(['SEE_WL'], ['WHITE_LABEL']));
    expect(withWl[0].children.map((c) => c.title)).toEqual(['White Label', 'Help Guide']);
  });

  it('opens the groups that hold the current route', () => {
    const menu = reg.visibleMenu(grants(['CLIENT_MANAGE', 'CLIENT_INVITE_USERS', 'SEE_TM']));
    expect(reg.openGroupsFor('account/users/5', menu).sort()).toEqual(['client_settings', 'client_settings/users']);
    expect(reg.openGroupsFor('transaction/monitoring', menu)).toEqual(['transaction_monitoring']);
    expect(reg.openGroupsFor('profile', menu)).toEqual([]);
  });
});

describe('tab bars', () => {
  it('shows the visible siblings of the current page', () => {
    const bar = reg.tabBarFor('account/users/12', grants(['CLIENT_MANAGE', 'CLIENT_INVITE_USERS']));
    expect(bar?.id).toBe('account');
    // Roles has no page, so it is not a tab.
    expect(bar?.entries.map((e) => e.title)).toEqual(['Users', 'Invites']);
    expect(reg.tabBarFor('transaction/monitoring', grants(['SEE_TM']))).toBeNull();
  });
});

describe('breadcrumbs', () => {
  it('uses route titles, leaves the current crumb unlinked and honours the flags', () => {
    expect(reg.breadcrumbs('account/users/42')).toEqual([
      { title: 'Account', to: null }, // disabled
      { title: 'Users', to: 'account/users' },
      { title: 'User information', to: null }, // current page
    ]);
    // onlyWithChild: shown when a deeper crumb exists, dropped when it is the last one.
    expect(reg.breadcrumbs('account/wl/custom_domain').map((c) => c.title)).toEqual(['Account', 'White label', 'Custom domain']);
    expect(reg.breadcrumbs('account/wl').map((c) => c.title)).toEqual(['Account']);
  });
});

describe('the registry of this build', () => {
  const admin = grants(['ADMIN']);
  it('registers the client chooser at the root and the machine inspector for administrators', () => {
    expect(registry.globalRouteFor('define_client')?.route.title).toBe('Choose a client');
    const inspector = registry.routeFor('admin/machines');
    expect(inspector.kind === 'route' && inspector.route.title).toBe('Machine inspector');
    expect(inspector.kind === 'route' && registry.canSee(inspector.route, admin)).toBe(true);
    expect(inspector.kind === 'route' && registry.canSee(inspector.route, grants(['CLIENT_MANAGE']))).toBe(false);
  });

  it('lists the core machines', () => {
    const ids = registry.machines.map((m) => m.id);
    for (const id of ['session', 'realtime-connection', 'realtime-subscription', 'timeout-dialog', 'notification-stack', 'filter-templates']) {
      expect(ids).toContain(id);
    }
  });

  it('never puts a route without a page in the menu', () => {
    const everything = grants(['ADMIN', ...registry.routes.flatMap((r) => (typeof r.access === 'string' ? [r.access] : []))]);
    const walk = (nodes: ReturnType<typeof registry.visibleMenu>[number]['children']): string[] =>
      nodes.flatMap((n) => (n.kind === 'group' ? walk(n.children) : n.external ? [] : [n.to]));
    for (const to of walk(registry.visibleMenu(everything).flatMap((g) => g.children))) {
      const r = registry.routeFor(to);
      expect(r.kind === 'redirect' || (r.kind === 'route' && r.route.available), to).toBe(true);
    }
  });
});
