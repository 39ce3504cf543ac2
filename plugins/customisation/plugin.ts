// Customisation (spec 2.5 Customisation, 2.6 customisation/* and the account/* lists it
// holds): blacklist reasons and categories, screening resolutions, rejection reasons, risk
// scoring templates, tags, custom case statuses, AML search profiles and user groups.
// Case Queues (screenings) and Reminders (communication) sit in the same menu group.
// Pages come with this area's issue; until then every route is registered without a page.
import { PaintbrushIcon } from '@primer/octicons-react';
import { defineArea, type CodesOf, type KeysOf } from '../../src/host/area.ts';

const permissions = [
  'MANAGE_USER_GROUPS', 'MANAGE_BLACKLIST_CATEGORIES', 'MANAGE_RESOLUTION_ITEMS',
  'MANAGE_CASE_REJECTION_REASONS', 'MANAGE_ADDITIONAL_RISK_SCORING_TEMPLATES',
  'MANAGE_CM_CUSTOM_STATUS', 'MANAGE_AML_SEARCH_PROFILES',
] as const;
const features = {
  CUSTOMIZATION_TOOLS: 'customization tools',
} as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
  interface FeatureRegistry extends KeysOf<typeof features> {}
}

export default defineArea({
  name: 'customisation',
  title: 'Customisation',
  permissions,
  features,
  defaultGroups: {
    officer: [
      'MANAGE_BLACKLIST_CATEGORIES', 'MANAGE_RESOLUTION_ITEMS', 'MANAGE_CASE_REJECTION_REASONS',
      'MANAGE_ADDITIONAL_RISK_SCORING_TEMPLATES', 'MANAGE_CM_CUSTOM_STATUS', 'MANAGE_AML_SEARCH_PROFILES',
    ],
  },
  routes: [
    // Reasons and categories label blacklisted profiles; one code manages both lists.
    { path: 'account/blacklist_reasons', section: 'account', title: 'Blacklist Reasons',
      access: 'MANAGE_BLACKLIST_CATEGORIES', feature: 'BLACKLISTED_PROFILES' },
    { path: 'account/blacklist_categories', section: 'account', title: 'Blacklist Categories',
      access: 'MANAGE_BLACKLIST_CATEGORIES', feature: 'BLACKLISTED_PROFILES' },
    { path: 'account/resolutions', section: 'account', title: 'Screening Resolutions', access: 'MANAGE_RESOLUTION_ITEMS' },
    { path: 'account/case_rejection_reasons', section: 'account', title: 'Rejection Reasons',
      access: 'MANAGE_CASE_REJECTION_REASONS' },
    { path: 'account/risk_scoring_templates', section: 'account', title: 'Risk Scoring Templates',
      access: 'MANAGE_ADDITIONAL_RISK_SCORING_TEMPLATES', feature: 'CASE_RISK_SCORING' },
    // Spec 6: CLIENT_MANAGE covers tags.
    { path: 'account/form_tags', section: 'account', title: 'Tags', access: 'CLIENT_MANAGE' },

    { path: 'customisation/case_status_presets', section: 'customisation', title: 'Custom Case Statuses',
      access: 'MANAGE_CM_CUSTOM_STATUS', feature: 'CUSTOMIZATION_TOOLS' },
    // Search profiles tune the AML providers' matching, so both modules must be on.
    { path: 'customisation/aml_search_profiles', section: 'customisation', title: 'AML Search Profiles',
      access: 'MANAGE_AML_SEARCH_PROFILES', feature: ['CUSTOMIZATION_TOOLS', 'AML_PROVIDERS'] },
    { path: 'customisation/user_groups', section: 'customisation', title: 'User Groups',
      access: 'MANAGE_USER_GROUPS', feature: 'CUSTOMIZATION_TOOLS' },
  ],
  menu: {
    groups: [
      { id: 'customisation', title: 'Customisation', order: 80, icon: PaintbrushIcon },
    ],
    // Spec 2.5 order: Case Queues 10 (screenings), these, Reminders 100 (group), User Groups.
    entries: [
      { group: 'customisation', title: 'Blacklist Reasons', to: 'account/blacklist_reasons', order: 20, tabBar: 'blacklist' },
      { group: 'customisation', title: 'Blacklist Categories', to: 'account/blacklist_categories', order: 30, tabBar: 'blacklist' },
      { group: 'customisation', title: 'Screening Resolutions', to: 'account/resolutions', order: 40 },
      { group: 'customisation', title: 'Rejection Reasons', to: 'account/case_rejection_reasons', order: 50 },
      { group: 'customisation', title: 'Risk Scoring Templates', to: 'account/risk_scoring_templates', order: 60 },
      { group: 'customisation', title: 'Tags', to: 'account/form_tags', order: 70 },
      { group: 'customisation', title: 'Custom Case Statuses', to: 'customisation/case_status_presets', order: 80 },
      { group: 'customisation', title: 'AML Search Profiles', to: 'customisation/aml_search_profiles', order: 90 },
      { group: 'customisation', title: 'User Groups', to: 'customisation/user_groups', order: 110 },
    ],
  },
});
