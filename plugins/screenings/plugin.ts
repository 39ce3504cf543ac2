// Screenings (spec 2.5 Compliance Toolset › Screenings and Tools, Customisation › Case
// Queues; 2.6 checkup/*): instant screenings of every kind with their detail and hit pages,
// FinCEN mass screenings, the OFAC list, stop words, translations, country restrictions,
// blacklisted devices, the screening kinds and case queues. Pages come with this area's
// issue; until then every route is registered without a page (not available, 404).
import { ShieldCheckIcon } from '@primer/octicons-react';
import {
  defineArea, type AccessCheck, type CodesOf, type FeatureCode, type KeysOf, type MenuEntryDef, type RouteDef,
} from '../../src/host/area.ts';

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

interface Kind {
  slug: string;
  /** Menu title (spec 2.5) and list-page breadcrumb. */
  title: string;
  access: AccessCheck;
  feature?: FeatureCode;
  /** Hit detail segment: 'info', or 'ofac_info' for OFAC (spec 2.6). */
  hit: string;
  /** Menu order in Compliance Toolset › Screenings; none: not in the menu. */
  order?: number;
}

// Every screening kind with its own list, form/{id} detail and hit detail. AML_INDIVIDUAL
// and AML_BUSINESS are the generic AML codes, accepted beside the provider-specific ones.
const KINDS: Kind[] = [
  { slug: 'comply_advantage_aml', title: 'AML for Individual', order: 30, hit: 'info',
    access: ['CA_AML_INDIVIDUAL', 'AML_INDIVIDUAL'], feature: 'AML_PROVIDERS' },
  { slug: 'comply_advantage_aml_business', title: 'AML for Business', order: 40, hit: 'info',
    access: ['CA_AML_BUSINESS', 'AML_BUSINESS'], feature: 'AML_PROVIDERS' },
  { slug: 'ofac', title: 'OFAC', order: 50, hit: 'ofac_info', access: 'OFAC', feature: 'OFAC' },
  { slug: 'fincen_person', title: 'FinCEN 314(A) Individual', order: 60, hit: 'info',
    access: 'FINCEN_INDIVIDUAL', feature: 'FINCEN' },
  { slug: 'fincen_business', title: 'FinCEN 314(A) Business', order: 70, hit: 'info',
    access: 'FINCEN_BUSINESS', feature: 'FINCEN' },
  { slug: 'blacklisted_profiles_person', title: 'Blacklist Individual', order: 80, hit: 'info',
    access: 'BLACKLIST_INDIVIDUAL', feature: 'BLACKLISTED_PROFILES' },
  { slug: 'blacklisted_profiles_business', title: 'Blacklist Business', order: 90, hit: 'info',
    access: 'BLACKLIST_BUSINESS', feature: 'BLACKLISTED_PROFILES' },
  // No feature flag of spec 6 names company registries; the permission alone gates them.
  { slug: 'shuftipro_kyb', title: 'Company Registries', order: 100, hit: 'info', access: 'BUS_REGISTRY' },
  { slug: 'elliptic_wallet', title: 'Cryptocurrency Toolset', order: 110, hit: 'info',
    access: 'ELLIPTIC', feature: 'WALLET_SCREENING' },
  // "AML individual and business through a second provider".
  { slug: 'shuftipro_aml', title: 'AML for Individual (Shufti Pro)', order: 120, hit: 'info',
    access: ['SEE_SHUFTIPRO_AML_INDIVIDUAL', 'AML_INDIVIDUAL'], feature: 'AML_PROVIDERS' },
  { slug: 'shuftipro_aml_business', title: 'AML for Business (Shufti Pro)', order: 130, hit: 'info',
    access: ['SEE_SHUFTIPRO_AML_BUSINESS', 'AML_BUSINESS'], feature: 'AML_PROVIDERS' },
];

// "Screening Management" lists every screening the member may see, of any kind, plus the
// screenings other clients shared.
const ANY_SCREENING: AccessCheck = [
  'CHECKUPS_PERFORM_INSTANT', 'SEE_SHARED_CHECKUPS',
  ...KINDS.flatMap((k) => (typeof k.access === 'string' ? [k.access] : (k.access as readonly AccessCheck[]))),
];

function kindRoutes(k: Kind): RouteDef[] {
  const base = `${INSTANT}/${k.slug}`;
  const rule = { section, access: k.access, ...(k.feature ? { feature: k.feature } : {}) };
  return [
    { path: base, title: k.title, ...rule },
    { path: `${base}/form/:id`, title: 'Screening details', ...rule },
    { path: `${base}/${k.hit}/:hit_id`, title: 'Hit details', ...rule },
  ];
}

const kindEntries: MenuEntryDef[] = KINDS.filter((k) => k.order !== undefined).map((k) => ({
  group: 'compliance_toolset/screenings', title: k.title, to: `${INSTANT}/${k.slug}`, order: k.order!,
}));

const FINCEN_LISTS = 'checkup/fincen_lists';
const MASS_BY_LIST = `${FINCEN_LISTS}/mass_screenings_by_fincen_id/:fincen_list_id`;
const MASS = `${MASS_BY_LIST}/mass_screenings/:mass_screen_id`;

export default defineArea({
  name: 'screenings',
  title: 'Screenings',
  permissions,
  features,
  routes: [
    { path: 'checkup/checkups_kinds', section, title: 'Screening Kinds', access: 'CHECKUPS_PERFORM_INSTANT' },

    // 'all' is the list of every kind: it too has a detail and a hit page, whose content
    // depends on the kind of the screening shown (the legacy clients_checkups list).
    { path: `${INSTANT}/all`, section, title: 'Screening Management', access: ANY_SCREENING },
    { path: `${INSTANT}/all/form/:id`, section, title: 'Screening details', access: ANY_SCREENING },
    { path: `${INSTANT}/all/info/:hit_id`, section, title: 'Hit details', access: ANY_SCREENING },
    ...KINDS.flatMap(kindRoutes),
    // Shared detail of both ComplyAdvantage AML kinds (no list page of its own).
    { path: `${INSTANT}/comply_advantage_aml_common/form/:id`, section, title: 'Screening details',
      access: ['CA_AML_INDIVIDUAL', 'CA_AML_BUSINESS', 'AML_INDIVIDUAL', 'AML_BUSINESS'], feature: 'AML_PROVIDERS' },
    { path: `${INSTANT}/comply_advantage_aml_common/info/:hit_id`, section, title: 'Hit details',
      access: ['CA_AML_INDIVIDUAL', 'CA_AML_BUSINESS', 'AML_INDIVIDUAL', 'AML_BUSINESS'], feature: 'AML_PROVIDERS' },
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
      { id: 'compliance_toolset/screenings', title: 'Screenings', order: 20 },
      { id: 'compliance_toolset/tools', title: 'Tools', order: 30 },
    ],
    entries: [
      { group: 'compliance_toolset/screenings', title: 'Screening Kinds', to: 'checkup/checkups_kinds', order: 10 },
      { group: 'compliance_toolset/screenings', title: 'Screening Management', to: `${INSTANT}/all`, order: 20 },
      ...kindEntries,

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
    },
  },
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
