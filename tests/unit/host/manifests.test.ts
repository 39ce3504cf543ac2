// The area manifests against spec 2.5–2.7 and 6: every route of the spec is registered
// once, with the spec's permission checks and feature flags; the menu links only registered
// routes, in the spec's order; legacy addresses land on registered routes.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import manifests from 'virtual:plugins';
import type { MenuEntryDef, MenuGroupDef, RouteDef } from '../../../src/host/area.ts';
import { buildCatalog } from '../../../src/host/catalog.ts';
import { hasAccess, isAllowed, type AccessCheck } from '../../../src/shared/access.ts';
import { coreArea } from '../../../src/web/core-area.ts';

const root = path.resolve(import.meta.dirname, '../../..');

const AREAS = [
  'administration', 'builders', 'case-management', 'client-settings', 'communication',
  'customisation', 'dashboards', 'data-structuring', 'notifications', 'profiles', 'screenings',
  'search', 'transaction-monitoring', 'verifications',
];

/** The four tab bars of spec 2.5. */
const TAB_BARS = ['account', 'blacklist', 'case_management', 'tm_settings'] as const;

// Everything the shell derives: the catalog of the shell's own routes and every area (its
// construction already refuses undeclared codes, features, groups and guard names).
const catalog = buildCatalog([coreArea, ...manifests]);
const routes: (RouteDef & { plugin: string })[] = catalog.routes.map((r) => ({ ...r, plugin: r.area }));
const entries: MenuEntryDef[] = catalog.menuEntries;
const groups: MenuGroupDef[] = catalog.menuGroups;
const redirects = catalog.redirects;

const segments = (p: string) => p.split('/').filter(Boolean);

function match(pattern: string, p: string): Record<string, string> | null {
  const pat = segments(pattern);
  const seg = segments(p);
  const params: Record<string, string> = {};
  for (let i = 0; i < pat.length; i++) {
    if (pat[i] === '*') return params;
    if (i >= seg.length) return null;
    if (pat[i].startsWith(':')) params[pat[i].slice(1)] = seg[i];
    else if (pat[i] !== seg[i]) return null;
  }
  return pat.length === seg.length ? params : null;
}

/** The route a concrete path lands on, following index redirects; static segments win. */
function land(p: string, hops = 0): RouteDef | null {
  const candidates = routes.filter((r) => match(r.path, p));
  if (candidates.length === 0) return null;
  const score = (r: RouteDef) => segments(r.path).filter((s) => !s.startsWith(':') && s !== '*').length;
  const best = candidates.sort((a, b) => score(b) - score(a))[0];
  if (best.redirect !== undefined) return hops < 5 ? land(best.redirect, hops + 1) : null;
  return best;
}

function route(p: string): RouteDef {
  const r = routes.find((x) => x.path === p);
  if (!r) throw new Error(`route ${p} is not registered`);
  return r;
}

function codesOf(check: AccessCheck | undefined): string[] {
  if (check === undefined) return [];
  if (typeof check === 'string') return [check];
  if (Array.isArray(check)) return check.flatMap(codesOf);
  return (check as { of: readonly AccessCheck[] }).of.flatMap(codesOf);
}

const can = (p: string, ...codes: string[]) => hasAccess(route(p).access, new Set(codes));
const featuresOf = (r: RouteDef): string[] =>
  r.feature === undefined ? [] : typeof r.feature === 'string' ? [r.feature] : [...r.feature];

/**
 * The spec's entries of a group, in the spec's order, then whatever other manifests add to
 * it (the core shell's machine inspector in Administrator Tools): read from every
 * manifest, so a new page after the spec's list keeps the spec's order intact.
 */
function specOrderThenAdditions(groupId: string, spec: readonly string[]): string[] {
  const additions = menuOf(groupId).filter((title) => !spec.includes(title));
  return [...spec, ...additions];
}

/** Children titles of a menu group, groups and entries ordered together as the menu shows them. */
function menuOf(groupId: string): string[] {
  const kids = [
    ...groups.filter((g) => g.id.startsWith(`${groupId}/`) && !g.id.slice(groupId.length + 1).includes('/')),
    ...entries.filter((e) => e.group === groupId),
  ];
  return kids.sort((a, b) => a.order - b.order).map((k) => k.title);
}

describe('area manifests', () => {
  it('every area of the spec is a plugin folder whose manifest carries the folder name', () => {
    // virtual:plugins lists the manifests in sorted folder order.
    const folders = readdirSync(path.join(root, 'plugins'))
      .filter((d) => existsSync(path.join(root, 'plugins', d, 'plugin.ts'))).sort();
    expect(folders).toEqual(expect.arrayContaining(AREAS));
    expect(manifests.map((m) => m.name)).toEqual(folders);
  });

  it('registers no path twice', () => {
    const seen = new Map<string, string>();
    const dupes: string[] = [];
    for (const r of routes) {
      const key = segments(r.path).join('/');
      if (seen.has(key)) dupes.push(`${key} (${seen.get(key)}, ${r.plugin})`);
      seen.set(key, r.plugin);
    }
    expect(dupes).toEqual([]);
  });

  it('gives every route the section of its first segment and a breadcrumb title', () => {
    for (const r of routes.filter((x) => !x.global)) {
      expect(r.section, r.path).toBe(segments(r.path)[0]);
      expect(r.title.trim(), r.path).not.toBe('');
    }
  });

  it('declares every permission code and feature once, in the area that owns it', () => {
    const codes = catalog.permissions.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain('ADMIN');
    // Spec 6's codes all exist (the roles editor offers them).
    for (const c of ['CLIENT_MANAGE', 'SEE_TM', 'MANAGE_CM_CASES', 'OFAC', 'REMINDER_SETTINGS', 'SEE_GLOBAL_SEARCH_HISTORY']) expect(codes).toContain(c);
    expect(catalog.permissions.find((p) => p.code === 'CLIENT_MANAGE')?.area).toBe('client-settings');
    expect(catalog.features.map((f) => f.code)).toEqual(expect.arrayContaining(['GLOBAL_SEARCH', 'TRANSACTION_MONITORING', 'OFAC', 'WHITE_LABEL']));
    expect(catalog.features).toHaveLength(22);
  });

  it('links every menu entry to a registered page route of a known group and tab bar', () => {
    const groupIds = new Set(groups.map((g) => g.id));
    for (const e of entries) {
      expect(groupIds.has(e.group), `${e.title}: group ${e.group}`).toBe(true);
      if (e.tabBar) expect(TAB_BARS as readonly string[], e.title).toContain(e.tabBar);
      if (e.external) continue;
      const r = routes.find((x) => x.path === e.to);
      expect(r, `${e.title}: ${e.to}`).toBeDefined();
      expect(r!.redirect, e.to).toBeUndefined();
    }
    for (const g of groups.filter((x) => x.id.includes('/'))) {
      expect(groupIds.has(g.id.slice(0, g.id.lastIndexOf('/'))), g.id).toBe(true);
    }
  });

  it('registers every path of spec 2.5 and 2.6', () => {
    const missing = SPEC_PATHS.filter((p) => !routes.some((r) => r.path === p));
    expect(missing).toEqual([]);
  });

  it('sends every legacy address of spec 2.7 to a registered route', () => {
    for (const [from, landsOn] of LEGACY) {
      const red = redirects
        .map((x) => ({ x, params: match(x.from, from) }))
        .find(({ params }) => params !== null);
      expect(red, from).toBeDefined();
      const target = segments(red!.x.to)
        .map((s) => (s.startsWith(':') ? red!.params![s.slice(1)] : s)).join('/');
      expect(target, from).toBe(landsOn);
      expect(land(target), `${from} → ${target}`).not.toBeNull();
    }
    for (const red of redirects) {
      const sample = segments(red.to).map((s) => (s.startsWith(':') ? '7' : s)).join('/');
      expect(land(sample), `${red.from} → ${red.to}`).not.toBeNull();
    }
  });

  it('redirects the section indexes of spec 2.6', () => {
    expect(route('transaction').redirect).toBe('transaction/monitoring');
    expect(route('builder').redirect).toBe('builder/forms');
    expect(route('admin/pricing').redirect).toBe('admin/pricing/plans');
    expect(route('search').redirect).toBe('search/search_entries');
    expect(route('notifications').redirect).toBe('notification/notifications');
  });

});

describe('permission checks of spec 2.6 and 6', () => {
  it('transaction/providers needs MANAGE_TM', () => {
    expect(can('transaction/providers', 'MANAGE_TM')).toBe(true);
    expect(can('transaction/providers', 'SEE_TM')).toBe(false);
    expect(can('transaction/queues', 'SEE_TM')).toBe(true);
  });

  it('transaction pages need the page list inside the section list', () => {
    expect(can('transaction/monitoring/:id', 'SEE_CASE_RELATED_TRANSACTIONS')).toBe(true);
    expect(can('transaction/monitoring', 'MANAGE_PROFILE')).toBe(false);
    expect(can('transaction/entity/:id', 'MANAGE_PROFILE')).toBe(true);
    expect(can('transaction/instrument/:id', 'CLIENT_MANAGE')).toBe(true);
    expect(can('transaction/entity/:id', 'SEE_DASHBOARD')).toBe(false);
    expect(can('transaction/my_alerts/:id', 'SEE_SCREENING_ALERTS')).toBe(true);
    expect(can('transaction/my_cases', 'SEE_CASE_RELATED_TRANSACTIONS')).toBe(false);
    expect(can('transaction/investigations', 'SEE_CASE_RELATED_TRANSACTIONS')).toBe(true);
    expect(can('transaction/matrices/:id', 'MANAGE_TM_SCORING_RULES')).toBe(true);
    expect(can('transaction/matrices', 'MANAGE_TM')).toBe(false);
    expect(can('transaction/sar/:id/*', 'FILL_SAR_REPORT')).toBe(true);
    expect(can('transaction/rules', 'SEE_TM')).toBe(false);
    for (const r of routes.filter((x) => x.section === 'transaction')) {
      expect(hasAccess(r.access, new Set(['SEE_SUBMISSION', 'SEE_DASHBOARD'])), r.path).toBe(false);
    }
  });

  it('verification/data_mapping needs MANAGE_DATA_PROFILE and FORMS_CREATE together', () => {
    for (const p of ['verification/data_mapping', 'verification/data_structure/form', 'verification/unmapped_data/:id']) {
      expect(can(p, 'MANAGE_DATA_PROFILE', 'FORMS_CREATE'), p).toBe(true);
      expect(can(p, 'MANAGE_DATA_PROFILE'), p).toBe(false);
      expect(can(p, 'FORMS_CREATE'), p).toBe(false);
    }
  });

  it('dashboards need their own codes', () => {
    expect(can('statistic/metrics', 'SEE_TM_DASHBOARD')).toBe(true);
    expect(can('statistic/metrics', 'SEE_DASHBOARD')).toBe(false);
    expect(can('statistic/transactions', 'SEE_TM_DASHBOARD')).toBe(true);
    expect(can('statistic/compliance_dashboard', 'SEE_DASHBOARD')).toBe(true);
    expect(can('statistic/verification_dashboard', 'SEE_DASHBOARD')).toBe(false);
    expect(can('statistic/submissions/:verification_submission_id', 'SEE_SUBMISSIONS_STATISTICS')).toBe(true);
  });

  it('sharing/* needs MANAGE_DATA_SHARING and the data-sharing feature', () => {
    const sharing = routes.filter((r) => r.section === 'sharing');
    expect(sharing.length).toBe(6);
    for (const r of sharing) {
      expect(hasAccess(r.access, new Set(['MANAGE_DATA_SHARING'])), r.path).toBe(true);
      expect(hasAccess(r.access, new Set(['CLIENT_MANAGE', 'SEE_SHARED_CASES'])), r.path).toBe(false);
      expect(featuresOf(r), r.path).toContain('DATA_SHARING');
    }
  });

  it('verification pages follow their lists of spec 2.6', () => {
    expect(can('verification/identity_verifications/:id', 'SEE_APPROVED_CM_CASES')).toBe(true);
    expect(can('verification/identity_verifications', 'SEE_CM_CASES')).toBe(false);
    expect(can('verification/edd_reports', 'MANAGE_EDD_REPORTS')).toBe(true);
    expect(can('verification/customer_messages', 'SEE_CUSTOMER_MESSAGES')).toBe(true);
    expect(can('verification/email_templates', 'SEE_CUSTOMER_MESSAGES')).toBe(false);
    expect(can('verification/reminder_templates', 'REMINDER_SETTINGS')).toBe(true);
    expect(can('verification/reminder_templates', 'MANAGE_REMINDERS')).toBe(false);
    expect(can('verification/data_profiles/view/:id', 'VIEW_DATA_PROFILE')).toBe(true);
    expect(can('verification/ownership_structures/:id', 'SEE_CHARTS')).toBe(true);
    expect(can('verification/additional_data_requests/form', 'MANAGE_ADDITIONAL_DATA_REQUESTS')).toBe(true);
    expect(can('verification/cases', 'SEE_DASHBOARD')).toBe(false);
  });

  it('administrator tools need the administrator flag', () => {
    for (const r of routes.filter((x) => x.section === 'admin' && x.plugin === 'administration')) {
      expect(hasAccess(r.access, new Set(['ADMIN'])), r.path).toBe(true);
      expect(hasAccess(r.access, new Set(['CLIENT_MANAGE'])), r.path).toBe(false);
    }
  });
});

describe('feature flags of spec 6', () => {
  const grants = (features: string[], ...codes: string[]) => ({
    permissions: new Set<string>(codes), features: new Set<string>(features),
  });

  it('gates the whole transaction section by transaction monitoring', () => {
    for (const r of routes.filter((x) => x.section === 'transaction')) {
      expect(featuresOf(r), r.path).toContain('TRANSACTION_MONITORING');
    }
    expect(isAllowed(grants([], 'SEE_TM'), route('transaction/monitoring'))).toBe(false);
    expect(isAllowed(grants(['TRANSACTION_MONITORING'], 'SEE_TM'), route('transaction/monitoring'))).toBe(true);
  });

  it('gates modules by their flags', () => {
    expect(featuresOf(route('builder/verification_flows/form'))).toContain('VERIFICATION_FLOW');
    expect(featuresOf(route('builder/verification_flows/form/:id'))).not.toContain('VERIFICATION_FLOW');
    expect(featuresOf(route('verification/edd_reports'))).toContain('EDD_REPORTS');
    expect(featuresOf(route('checkup/ofac_list'))).toContain('OFAC');
    expect(featuresOf(route('checkup/instant_checkups/ofac/ofac_info/:hit_id'))).toContain('OFAC');
    expect(featuresOf(route('checkup/fincen_lists'))).toContain('FINCEN');
    expect(featuresOf(route('profile/blacklist'))).toContain('BLACKLISTED_PROFILES');
    expect(featuresOf(route('checkup/translations'))).toContain('TRANSLATIONS');
    expect(featuresOf(route('customisation/user_groups'))).toContain('CUSTOMIZATION_TOOLS');
    expect(featuresOf(route('account/wl/custom_domain'))).toContain('WHITE_LABEL');
    expect(featuresOf(route('checkup/instant_checkups/elliptic_wallet'))).toContain('WALLET_SCREENING');
    expect(featuresOf(route('verification/additional_data_requests/:data_request_id'))).toContain('ADDITIONAL_DATA_REQUESTS');
    expect(isAllowed(grants(['FLOW_BUILDER'], 'FORMS_CREATE'), route('builder/verification_flows/form'))).toBe(false);
  });
});

describe('breadcrumb titles of spec 2.6', () => {
  it.each([
    ['account/users/:id', 'User information'],
    ['sharing/case_projections/:id', 'Received case'],
    ['sharing/outgoing/:id', 'Invite Details'],
    ['sharing/incoming/:id', 'Connection Details'],
    ['transaction/monitoring/:id', 'Transaction information'],
    ['transaction/investigations', 'All investigations'],
    ['transaction/my_cases', 'My investigations'],
    ['transaction/entity/:id', 'Client information'],
    ['transaction/instrument/:id', 'Account information'],
    ['transaction/matrices', 'Risk Scores'],
    ['transaction/matrices/:id', 'Edit Risk Score'],
    ['transaction/sar', 'FinCen SAR filings'],
    ['verification/edd_reports', 'Periodic Review'],
    ['verification/unmapped_data/:id', 'Historical Verification flow'],
    ['account/data_profile_templates/form', 'New template'],
    ['builder/forms/verifications', 'Results for the name'],
    ['transaction/monitoring', 'Transactions'],
  ])('%s is titled "%s"', (p, title) => {
    expect(route(p).title).toBe(title);
  });
});

describe('side menu of spec 2.5', () => {
  it('has the top-level groups in order, each with an icon', () => {
    const top = groups.filter((g) => !g.id.includes('/')).sort((a, b) => a.order - b.order);
    expect(top.map((g) => g.title)).toEqual([
      'Verifications', 'Case Management', 'Data Structuring', 'Flow Builders', 'Form Mappings',
      'Transaction Monitoring', 'Compliance Toolset', 'Customisation', 'Client Settings', 'Administrator Tools',
    ]);
    for (const g of top) expect(g.icon, g.id).toBeTruthy();
  });

  it('orders the entries of each group as the spec lists them', () => {
    expect(menuOf('case_management')).toEqual(specOrderThenAdditions('case_management', [
      'Cases', 'Received Cases', 'Verifications', 'Periodic review', 'Profiles',
      'Identity Verifications', 'Data Profiles', 'Ownership Structures',
    ]));
    expect(menuOf('transaction_monitoring')).toEqual(specOrderThenAdditions('transaction_monitoring', [
      'Investigations', 'Alerts', 'Transaction List', 'Rules', 'FinCEN SAR', 'Settings', 'Risk Scores',
    ]));
    expect(menuOf('transaction_monitoring/settings')).toEqual(specOrderThenAdditions('transaction_monitoring/settings', [
      'Narrative Templates', 'Queues', 'Providers', 'Tags', 'Dispositions', 'Blacklist Groups',
    ]));
    expect(menuOf('compliance_toolset')).toEqual(specOrderThenAdditions('compliance_toolset', ['Search History', 'Screenings', 'Tools']));
    expect(menuOf('compliance_toolset/tools')).toEqual(specOrderThenAdditions('compliance_toolset/tools', [
      'Dictionaries', 'Blacklist Profiles', 'Blacklist Device (IP)', 'Country Restrictions',
      'FinCEN mass screenings', 'OFAC list', 'Translations', 'Stop Words', 'Customer Documents', 'Emails',
    ]));
    expect(menuOf('compliance_toolset/screenings').slice(0, 2)).toEqual(['Screening Kinds', 'Screening Management']);
    expect(menuOf('compliance_toolset/screenings')).toEqual(expect.arrayContaining([
      'AML for Individual', 'AML for Business', 'FinCEN 314(A) Individual', 'FinCEN 314(A) Business',
      'Company Registries', 'Cryptocurrency Toolset',
    ]));
    expect(menuOf('customisation')).toEqual(specOrderThenAdditions('customisation', [
      'Case Queues', 'Blacklist Reasons', 'Blacklist Categories', 'Screening Resolutions',
      'Rejection Reasons', 'Risk Scoring Templates', 'Tags', 'Custom Case Statuses',
      'AML Search Profiles', 'Reminders', 'User Groups',
    ]));
    expect(menuOf('client_settings')).toEqual(specOrderThenAdditions('client_settings', [
      'Users', 'Roles', 'Data Retention', 'Data Profile Templates', 'Sharing Connections',
      'White Label', 'Billing and Subscription', 'Help Guide',
    ]));
    expect(menuOf('client_settings/sharing_connections')).toEqual(specOrderThenAdditions('client_settings/sharing_connections', ['Accepted Connections', 'Invites']));
    expect(menuOf('form_mappings')).toHaveLength(11);
    expect(menuOf('administrator_tools')).toEqual(specOrderThenAdditions('administrator_tools', [
      'Users', 'Clients', 'Checkup service', 'Field Templates', 'Regions', 'Pricing', 'Authentication Tools',
    ]));
  });

  it('fills the four tab bars with sibling pages', () => {
    for (const bar of TAB_BARS) {
      expect(entries.filter((e) => e.tabBar === bar).length, bar).toBeGreaterThanOrEqual(2);
    }
    expect(entries.filter((e) => e.tabBar === 'tm_settings').map((e) => e.to)).toContain('transaction/providers');
    expect(entries.filter((e) => e.tabBar === 'blacklist').map((e) => e.to)).toEqual(
      expect.arrayContaining(['profile/blacklist', 'account/blacklist_reasons', 'account/blacklist_categories']));
  });

  it('has the two external links', () => {
    const external = entries.filter((e) => e.external);
    expect(external.map((e) => e.title).sort()).toEqual(['Authentication Tools', 'Help Guide']);
    expect(hasAccess(external.find((e) => e.title === 'Authentication Tools')!.access, new Set(['CLIENT_MANAGE']))).toBe(false);
  });
});

// Spec 2.7, with one concrete address each: [legacy address, where it must land].
const LEGACY: [string, string][] = [
  ['', 'profile'],
  ['management/balance', 'account/balance'],
  ['management/balance/form', 'pricing/subscription'],
  ['instant_checkups/clients_checkups', 'checkup/instant_checkups/all'],
  ['instant_checkups/clients_checkups/form/3', 'checkup/instant_checkups/all/form/3'],
  ['instant_checkups/clients_checkups/info/h1', 'checkup/instant_checkups/all/info/h1'],
  ['instant_checkups/comply_advantage_aml', 'checkup/instant_checkups/comply_advantage_aml'],
  ['instant_checkups/comply_advantage_aml/form/3', 'checkup/instant_checkups/comply_advantage_aml/form/3'],
  ['instant_checkups/comply_advantage_aml/info/h1', 'checkup/instant_checkups/comply_advantage_aml/info/h1'],
  ['instant_checkups/comply_advantage_aml_business', 'checkup/instant_checkups/comply_advantage_aml_business'],
  ['instant_checkups/comply_advantage_aml_business/form/3', 'checkup/instant_checkups/comply_advantage_aml_business/form/3'],
  ['instant_checkups/comply_advantage_aml_business/info/h1', 'checkup/instant_checkups/comply_advantage_aml_business/info/h1'],
  ['tm/monitoring/5', 'transaction/monitoring/5'],
  ['tm/cases/5', 'transaction/investigations/form/5'],
  ['cm/5', 'verification/cases/5'],
  ['registers/applications/5', 'verification/verifications/5'],
];

// Every path named by spec 2.5 and 2.6, relative to /{client_id} ({x} written ':x').
const KINDS = [
  'comply_advantage_aml', 'comply_advantage_aml_business', 'ofac', 'fincen_person', 'fincen_business',
  'blacklisted_profiles_person', 'blacklisted_profiles_business', 'shuftipro_kyb', 'elliptic_wallet',
  'shuftipro_aml', 'shuftipro_aml_business',
];
const FORM_MAPPINGS = [
  'mappings', 'exports', 'addresses', 'account_statuses', 'companies', 'idv_results', 'onboarding_flows',
  'periodic_reviews', 'persons', 'risk_assessments', 'screening_checks',
];
const SPEC_PATHS = [
  // sharing/
  'sharing/case_projections', 'sharing/case_projections/:id', 'sharing/outgoing', 'sharing/outgoing/:id',
  'sharing/incoming', 'sharing/incoming/:id',
  // statistic/
  'statistic/dashboard', 'statistic/compliance_dashboard', 'statistic/verification_dashboard',
  'statistic/transactions', 'statistic/metrics', 'statistic/submissions',
  'statistic/submissions/:verification_submission_id',
  // transaction/
  'transaction', 'transaction/monitoring', 'transaction/monitoring/:id', 'transaction/screening_alerts',
  'transaction/screening_alerts/:id', 'transaction/monitoring_alerts', 'transaction/monitoring_alerts/:id',
  'transaction/my_alerts', 'transaction/my_alerts/:id', 'transaction/alerts_queues', 'transaction/alerts_queues/:id',
  'transaction/investigations', 'transaction/investigations/form/:id', 'transaction/my_cases',
  'transaction/cases_queues', 'transaction/cases_queues/form/:id', 'transaction/queues',
  'transaction/narrative_templates', 'transaction/tags', 'transaction/dispositions',
  'transaction/blacklist_groups', 'transaction/providers', 'transaction/entity/:id',
  'transaction/instrument/:id', 'transaction/rules', 'transaction/rules/:id', 'transaction/rulesets',
  'transaction/matrices', 'transaction/matrices/:id', 'transaction/sar', 'transaction/sar/:id/*',
  // verification/
  'verification/cases', 'verification/cases/:id', 'verification/edd_reports', 'verification/edd_reports/:id',
  'verification/identity_verifications', 'verification/identity_verifications/:id',
  'verification/verifications', 'verification/verifications/:id', 'verification/email_templates',
  'verification/customer_messages', 'verification/additional_data_requests/form',
  'verification/additional_data_requests/:data_request_id', 'verification/customer_documents',
  'verification/customer_documents/:id', 'verification/reminder_settings', 'verification/reminder_templates',
  'verification/data_profiles', 'verification/data_profiles/view/:id', 'verification/data_profiles/:id',
  'verification/data_structure', 'verification/data_structure/:id', 'verification/data_structure/form',
  'verification/unmapped_data', 'verification/unmapped_data/:id', 'verification/data_mapping',
  'verification/data_mapping/form', 'verification/data_mapping/:id', 'verification/ownership_structures',
  'verification/ownership_structures/:id',
  // account/
  'account/invites', 'account/blacklist_reasons', 'account/blacklist_categories', 'account/users',
  'account/users/:id', 'account/roles', 'account/roles/form/:id', 'account/form_tags',
  'account/risk_scoring_templates', 'account/resolutions', 'account/case_rejection_reasons',
  'account/data/retention_plans', 'account/data/retention_plans/:id', 'account/data_profile_templates',
  'account/data_profile_templates/form', 'account/data_profile_templates/:data_profile_template_id',
  'account/wl/custom_domain', 'account/wl/custom_domain/:id',
  // admin/
  'admin/users', 'admin/clients', 'admin/clients/:id/form_templates', 'admin/field_templates',
  'admin/checkup_service/providers', 'admin/checkup_service/checkup_kinds',
  'admin/checkup_service/clients_providers', 'admin/checkup_service/checkup_kinds_clients', 'admin/regions',
  'admin/pricing', 'admin/pricing/plans', 'admin/pricing/plans/form/:id', 'admin/pricing/features',
  'admin/pricing/sections',
  // builder/
  'builder', 'builder/forms', 'builder/forms/verifications', 'builder/forms/form', 'builder/forms/form/:id',
  'builder/historical_forms/:id', 'builder/verification_flows', 'builder/verification_flows/form',
  'builder/verification_flows/form/:id',
  'builder/verification_flows/form/:id/verifications/:customer_verification_id', 'builder/client_dictionaries',
  ...FORM_MAPPINGS.map((m) => `builder/form_mappings/${m}`),
  // checkup/
  'checkup/translations', 'checkup/stop_words', 'checkup/prohibited_countries', 'checkup/restricted_countries',
  'checkup/case_queues', 'checkup/case_queues/:id', 'checkup/blacklisted_device_infos', 'checkup/checkups_kinds',
  'checkup/ofac_list', 'checkup/ofac_list/:id', 'checkup/fincen_lists',
  'checkup/fincen_lists/mass_screenings_by_fincen_id/:fincen_list_id',
  'checkup/fincen_lists/mass_screenings_by_fincen_id/:fincen_list_id/mass_screenings/:mass_screen_id',
  'checkup/fincen_lists/mass_screenings_by_fincen_id/:fincen_list_id/mass_screenings/:mass_screen_id/screening/:mass_screen_details_id',
  'checkup/instant_checkups/all', 'checkup/instant_checkups/comply_advantage_aml_common/form/:id',
  ...KINDS.flatMap((k) => [
    `checkup/instant_checkups/${k}`, `checkup/instant_checkups/${k}/form/:id`,
    `checkup/instant_checkups/${k}/${k === 'ofac' ? 'ofac_info' : 'info'}/:hit_id`,
  ]),
  'checkup/instant_checkups/veriff_identity_verification/form/:id', 'checkup/instant_checkups/maxmind_geo_ip/form/:id',
  // customisation/, notifications, pricing/, profile/, search/
  'customisation/case_status_presets', 'customisation/aml_search_profiles', 'customisation/user_groups',
  'notifications', 'notification/notifications', 'pricing/subscription', 'pricing/plans',
  'profile', 'profile/profiles', 'profile/profiles/:id', 'profile/blacklist', 'profile/export_requests',
  'search', 'search/search_entries', 'search/search_results/:id',
];
