// Screenings (spec 2.5 Compliance Toolset › Screenings and Tools, Customisation › Case
// Queues; 2.6 checkup/*): instant screenings of every kind with their detail and hit pages,
// FinCEN mass screenings, the OFAC list, stop words, translations, country restrictions,
// blacklisted devices, the screening kinds and case queues.
//
// Screening kinds are contributions to this area's extension point `screenings.kinds`
// (kinds.ts): the spec's own kinds are contributed below by this manifest, any other by its
// own folder. Each kind's list, detail and hit routes, its menu entry and the list of every
// screening are derived from the contributions (expandKinds). A kind with an input form
// gets the generic pages (web/); the others, like the remaining checkup/* routes, are
// registered without a page until their issue (not available, 404).
import { ShieldCheckIcon } from '@primer/octicons-react';
import {
  defineArea, type AccessCheck, type CodesOf, type Contribution, type Expansion, type KeysOf, type LazyPage,
  type MenuEntryDef, type RouteDef,
} from '../../src/host/area.ts';
import { KIND_CODE, RESERVED_CODES, type ScreeningKindWeb } from './kinds.ts';

const permissions = [
  'CHECKUPS_PERFORM_INSTANT', 'AML_BUSINESS', 'AML_INDIVIDUAL', 'BUS_REGISTRY', 'ELLIPTIC',
  'UNIT_21_ENTITY', 'UNIT_21_DOC', 'UNIT_21_KYB', 'CA_AML_INDIVIDUAL', 'CA_AML_BUSINESS',
  'FINCEN_LIST', 'FINCEN_INDIVIDUAL', 'FINCEN_BUSINESS', 'BLACKLIST_INDIVIDUAL',
  'BLACKLIST_BUSINESS', 'SEE_SHUFTIPRO_AML_INDIVIDUAL', 'SEE_SHUFTIPRO_AML_BUSINESS', 'OFAC',
  'SEE_SHARED_CHECKUPS', 'MANAGE_RESTRICTED_COUNTRIES', 'MANAGE_PROHIBITED_COUNTRIES',
  'MANAGE_BLACKLISTED_DEVICE_INFO', 'MANAGE_STOP_WORD_FINCEN',
] as const;
const features = {
  TRANSLATIONS: 'translations',
  AML_PROVIDERS: 'AML providers',
  WALLET_SCREENING: 'wallet screening',
  GEO_IP: 'geo-IP',
  FINCEN: 'FinCEN',
  PROHIBITED_COUNTRIES: 'prohibited countries',
  IDV_PROVIDERS: 'identity verification providers',
  OFAC: 'OFAC',
} as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
  interface FeatureRegistry extends KeysOf<typeof features> {}
}

const section = 'checkup';
const INSTANT = 'checkup/instant_checkups';
const SCREENINGS_GROUP = 'compliance_toolset/screenings';

// The spec's kinds (2.5, 2.6), contributed by this area itself. They have no input form
// yet: their routes are registered and wait for their pages. AML_INDIVIDUAL and
// AML_BUSINESS are the generic AML codes, accepted beside the provider-specific ones.
const SPEC_KINDS: ScreeningKindWeb[] = [
  { code: 'comply_advantage_aml', title: 'AML for Individual', order: 30, subject: 'person', providerStatus: true,
    access: ['CA_AML_INDIVIDUAL', 'AML_INDIVIDUAL'], feature: 'AML_PROVIDERS' },
  { code: 'comply_advantage_aml_business', title: 'AML for Business', order: 40, subject: 'business', providerStatus: true,
    access: ['CA_AML_BUSINESS', 'AML_BUSINESS'], feature: 'AML_PROVIDERS' },
  { code: 'ofac', title: 'OFAC', order: 50, hit: 'ofac_info', subject: 'any', providerStatus: true, access: 'OFAC', feature: 'OFAC' },
  { code: 'fincen_person', title: 'FinCEN 314(A) Individual', order: 60, subject: 'person', providerStatus: true,
    access: 'FINCEN_INDIVIDUAL', feature: 'FINCEN' },
  { code: 'fincen_business', title: 'FinCEN 314(A) Business', order: 70, subject: 'business', providerStatus: true,
    access: 'FINCEN_BUSINESS', feature: 'FINCEN' },
  { code: 'blacklisted_profiles_person', title: 'Blacklist Individual', order: 80, subject: 'person',
    access: 'BLACKLIST_INDIVIDUAL', feature: 'BLACKLISTED_PROFILES' },
  { code: 'blacklisted_profiles_business', title: 'Blacklist Business', order: 90, subject: 'business',
    access: 'BLACKLIST_BUSINESS', feature: 'BLACKLISTED_PROFILES' },
  // No feature flag of spec 6 names company registries; the permission alone gates them.
  { code: 'shuftipro_kyb', title: 'Company Registries', order: 100, subject: 'business', providerStatus: true, access: 'BUS_REGISTRY' },
  { code: 'elliptic_wallet', title: 'Cryptocurrency Toolset', order: 110, subject: 'any',
    access: 'ELLIPTIC', feature: 'WALLET_SCREENING' },
  // "AML individual and business through a second provider".
  { code: 'shuftipro_aml', title: 'AML for Individual (Shufti Pro)', order: 120, subject: 'person', providerStatus: true,
    access: ['SEE_SHUFTIPRO_AML_INDIVIDUAL', 'AML_INDIVIDUAL'], feature: 'AML_PROVIDERS' },
  { code: 'shuftipro_aml_business', title: 'AML for Business (Shufti Pro)', order: 130, subject: 'business', providerStatus: true,
    access: ['SEE_SHUFTIPRO_AML_BUSINESS', 'AML_BUSINESS'], feature: 'AML_PROVIDERS' },
];

const flat = (check: AccessCheck): AccessCheck[] => (Array.isArray(check) ? [...(check as readonly AccessCheck[])] : [check]);

/**
 * "Screening Management" lists every screening the member may see, of any kind, plus the
 * screenings other clients shared: any screening code opens it.
 */
export function anyScreening(kinds: readonly Pick<ScreeningKindWeb, 'access'>[]): AccessCheck {
  const codes: AccessCheck[] = ['CHECKUPS_PERFORM_INSTANT', 'SEE_SHARED_CHECKUPS'];
  for (const k of kinds) for (const c of flat(k.access)) if (!codes.some((x) => JSON.stringify(x) === JSON.stringify(c))) codes.push(c);
  return codes;
}

// The generic pages, bound to one kind (or to every kind: null). One module each, loaded
// on first use; the binding is made once per route, so React keeps the page between visits.
const listPage = (code: string | null): LazyPage => () => import('./web/list-page.tsx').then((m) => ({ default: m.listPageFor(code) }));
const detailPage = (code: string | null): LazyPage => () => import('./web/detail-page.tsx').then((m) => ({ default: m.detailPageFor(code) }));
const hitPage = (code: string | null): LazyPage => () => import('./web/hit-page.tsx').then((m) => ({ default: m.hitPageFor(code) }));

/** The problems of a set of contributions: bad or reserved codes, a code contributed twice. */
export function kindProblems(items: readonly Contribution<ScreeningKindWeb>[]): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const { area, item } of items) {
    const code = item?.code;
    if (typeof code !== 'string' || !KIND_CODE.test(code)) {
      problems.push(`${area}: kind code ${JSON.stringify(code)} must be lowercase letters, digits and _ (starting with a letter)`);
      continue;
    }
    if (RESERVED_CODES.includes(code)) problems.push(`${area}: kind code "${code}" is a reserved path of checkup/instant_checkups`);
    if (owner.has(code)) problems.push(`screening kind "${code}" is contributed by both ${owner.get(code)} and ${area}`);
    owner.set(code, area);
    if (!item.title?.trim()) problems.push(`${area}: kind "${code}" has no title`);
    if (item.hit !== undefined && (!KIND_CODE.test(item.hit) || item.hit === 'form')) problems.push(`${area}: kind "${code}": hit segment "${item.hit}" is not a path segment`);
    const names = new Set<string>();
    for (const f of item.fields ?? []) {
      if (names.has(f.name)) problems.push(`${area}: kind "${code}" has two fields named "${f.name}"`);
      names.add(f.name);
    }
  }
  return problems;
}

/**
 * Every contribution becomes the spec's routes (list with its "New screening" form,
 * form/:id detail, <hit>/:hit_id hit detail) under the kind's own guard, and a menu entry
 * at its order; the list of every kind is guarded by any kind's codes.
 */
export function expandKinds(items: readonly Contribution<ScreeningKindWeb>[]): Expansion {
  const problems = kindProblems(items);
  if (problems.length) throw new Error(problems.join('; '));
  const routes: RouteDef[] = [];
  const entries: MenuEntryDef[] = [];
  const all = anyScreening(items.map((c) => c.item));
  const allPages = items.some((c) => c.item.fields?.length);
  const withPages = (code: string | null, on: boolean) => ({
    list: on ? { page: listPage(code) } : {},
    detail: on ? { page: detailPage(code) } : {},
    hit: on ? { page: hitPage(code) } : {},
  });
  const a = withPages(null, allPages);
  routes.push(
    { path: `${INSTANT}/all`, section, title: 'Screening Management', access: all, ...a.list },
    { path: `${INSTANT}/all/form/:id`, section, title: 'Screening details', access: all, ...a.detail },
    { path: `${INSTANT}/all/info/:hit_id`, section, title: 'Hit details', access: all, ...a.hit },
  );
  for (const { item: k } of items) {
    const base = `${INSTANT}/${k.code}`;
    const rule = { section, access: k.access, ...(k.feature ? { feature: k.feature } : {}) };
    const p = withPages(k.code, Boolean(k.fields?.length));
    routes.push(
      { path: base, title: k.title, ...rule, ...p.list },
      { path: `${base}/form/:id`, title: 'Screening details', ...rule, ...p.detail },
      { path: `${base}/${k.hit ?? 'info'}/:hit_id`, title: 'Hit details', ...rule, ...p.hit },
    );
    if (k.order !== undefined) entries.push({ group: SCREENINGS_GROUP, title: k.title, to: base, order: k.order });
  }
  return { routes, menu: { entries } };
}

const FINCEN_LISTS = 'checkup/fincen_lists';
const MASS_BY_LIST = `${FINCEN_LISTS}/mass_screenings_by_fincen_id/:fincen_list_id`;
const MASS = `${MASS_BY_LIST}/mass_screenings/:mass_screen_id`;
const CA_COMMON = ['CA_AML_INDIVIDUAL', 'CA_AML_BUSINESS', 'AML_INDIVIDUAL', 'AML_BUSINESS'] as const;

export default defineArea({
  name: 'screenings',
  title: 'Screenings',
  permissions,
  features,
  guards: {
    // Any screening code: the list of every screening, its API and the global search count.
    anyScreening: { access: anyScreening(SPEC_KINDS) },
  },
  extensionPoints: {
    kinds: {
      description: 'Screening kinds: each contribution gets its list, "New screening" form, detail and hit pages, '
        + 'a menu entry in Compliance Toolset › Screenings, POST /checkups/<code> and the workflow step screenings.<code>.',
      expand: expandKinds,
    },
  },
  contributes: { 'screenings.kinds': SPEC_KINDS },
  routes: [
    { path: 'checkup/checkups_kinds', section, title: 'Screening Kinds', access: 'CHECKUPS_PERFORM_INSTANT' },
    // Shared detail of both ComplyAdvantage AML kinds (no list page of its own).
    { path: `${INSTANT}/comply_advantage_aml_common/form/:id`, section, title: 'Screening details', access: CA_COMMON, feature: 'AML_PROVIDERS' },
    { path: `${INSTANT}/comply_advantage_aml_common/info/:hit_id`, section, title: 'Hit details', access: CA_COMMON, feature: 'AML_PROVIDERS' },
    // Checks run inside verification flows, opened from a case: detail pages only.
    { path: `${INSTANT}/veriff_identity_verification/form/:id`, section, title: 'Identity verification details',
      access: ['CM_IDENTITY_VERIFICATIONS', 'CHECKUPS_PERFORM_INSTANT'], feature: 'IDV_PROVIDERS' },
    { path: `${INSTANT}/maxmind_geo_ip/form/:id`, section, title: 'Geo-IP check details',
      access: 'CHECKUPS_PERFORM_INSTANT', feature: 'GEO_IP' },

    // FinCEN mass screenings: list → mass screenings of one list → one mass screening → one row.
    { path: FINCEN_LISTS, section, title: 'FinCEN mass screenings', access: 'FINCEN_LIST', feature: 'FINCEN' },
    { path: MASS_BY_LIST, section, title: 'Mass screenings', access: 'FINCEN_LIST', feature: 'FINCEN' },
    { path: MASS, section, title: 'Mass screening', access: 'FINCEN_LIST', feature: 'FINCEN' },
    { path: `${MASS}/screening/:mass_screen_details_id`, section, title: 'Screening result', access: 'FINCEN_LIST', feature: 'FINCEN' },

    { path: 'checkup/ofac_list', section, title: 'OFAC list', access: 'OFAC', feature: 'OFAC' },
    { path: 'checkup/ofac_list/:id', section, title: 'OFAC list entry', access: 'OFAC', feature: 'OFAC' },
    // Stop words are removed from names before FinCEN matching.
    { path: 'checkup/stop_words', section, title: 'Stop Words', access: 'MANAGE_STOP_WORD_FINCEN', feature: 'FINCEN' },
    // Spec 6: CLIENT_MANAGE covers translations.
    { path: 'checkup/translations', section, title: 'Translations', access: 'CLIENT_MANAGE', feature: 'TRANSLATIONS' },
    { path: 'checkup/restricted_countries', section, title: 'Country Restrictions',
      access: 'MANAGE_RESTRICTED_COUNTRIES', feature: 'PROHIBITED_COUNTRIES' },
    { path: 'checkup/prohibited_countries', section, title: 'Prohibited Countries',
      access: 'MANAGE_PROHIBITED_COUNTRIES', feature: 'PROHIBITED_COUNTRIES' },
    // Devices are blacklisted by IP, which the geo-IP module resolves.
    { path: 'checkup/blacklisted_device_infos', section, title: 'Blacklist Device (IP)',
      access: 'MANAGE_BLACKLISTED_DEVICE_INFO', feature: 'GEO_IP' },

    // Case queues live under checkup/ in the spec's routes and in Customisation in its menu.
    { path: 'checkup/case_queues', section, title: 'Case Queues', access: 'MANAGE_CASE_QUEUES' },
    { path: 'checkup/case_queues/:id', section, title: 'Case queue', access: 'MANAGE_CASE_QUEUES' },
  ],
  menu: {
    groups: [
      { id: 'compliance_toolset', title: 'Compliance Toolset', order: 70, icon: ShieldCheckIcon },
      { id: SCREENINGS_GROUP, title: 'Screenings', order: 20 },
      { id: 'compliance_toolset/tools', title: 'Tools', order: 30 },
    ],
    entries: [
      { group: SCREENINGS_GROUP, title: 'Screening Kinds', to: 'checkup/checkups_kinds', order: 10 },
      { group: SCREENINGS_GROUP, title: 'Screening Management', to: `${INSTANT}/all`, order: 20 },
      // Then one entry per kind, at its order (expandKinds).

      // Tools: Dictionaries 10 (builders), Blacklist Profiles 20 (profiles), then these;
      // Customer Documents 90 (communication), Emails group 100.
      { group: 'compliance_toolset/tools', title: 'Blacklist Device (IP)', to: 'checkup/blacklisted_device_infos', order: 30 },
      { group: 'compliance_toolset/tools', title: 'Country Restrictions', to: 'checkup/restricted_countries', order: 40 },
      { group: 'compliance_toolset/tools', title: 'FinCEN mass screenings', to: FINCEN_LISTS, order: 50 },
      { group: 'compliance_toolset/tools', title: 'OFAC list', to: 'checkup/ofac_list', order: 60 },
      { group: 'compliance_toolset/tools', title: 'Translations', to: 'checkup/translations', order: 70 },
      { group: 'compliance_toolset/tools', title: 'Stop Words', to: 'checkup/stop_words', order: 80 },

      { group: 'customisation', title: 'Case Queues', to: 'checkup/case_queues', order: 10 },
    ],
  },
  // Spec 3 and 4: a message about a screening refreshes it when it is already cached.
  notifications: {
    checkup: {
      title: 'A screening has been updated',
      refresh: (msg, clientId) => (msg.obj_id == null ? [] : [['clients', clientId, 'checkups', String(msg.obj_id)]]),
      link: (msg) => (msg.obj_id == null ? null : `${INSTANT}/all/form/${msg.obj_id}`),
    },
  },
  // Spec 3 and 7: the global search counts screenings by the screened name.
  search: [{ key: 'checkup', title: 'Screenings', endpoint: 'checkups', to: `${INSTANT}/all`, guard: 'anyScreening' }],
  lists: ['checkups'],
  // Spec 2.7: the old instant_checkups/* paths. clients_checkups was the old name of the
  // list of every kind, now 'all'.
  redirects: [
    ...[['clients_checkups', 'all'], ['comply_advantage_aml', 'comply_advantage_aml'],
      ['comply_advantage_aml_business', 'comply_advantage_aml_business']].flatMap(([from, to]) => [
      { from: `instant_checkups/${from}`, to: `${INSTANT}/${to}` },
      { from: `instant_checkups/${from}/form/:id`, to: `${INSTANT}/${to}/form/:id` },
      { from: `instant_checkups/${from}/info/:hit_id`, to: `${INSTANT}/${to}/info/:hit_id` },
    ]),
  ],
});
