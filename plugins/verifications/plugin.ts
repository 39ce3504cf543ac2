// Verifications (spec 2.5 Case Management entries, 2.6 verification/*): verification
// submissions, identity verifications, periodic reviews (EDD reports), data profiles,
// ownership-structure charts and additional data requests. Pages come with this area's
// issue; until then every route is registered without a page (not available, 404).
import { defineArea, type CodesOf, type KeysOf } from '../../src/host/area.ts';

const permissions = [
  'SEE_SUBMISSIONS_LIST', 'SEE_SUBMISSION', 'SEE_SUBMISSION_CONFIDENTIAL',
  'SUBMISSIONS_SEE_OTHERS', 'SUBMISSIONS_UPDATE_OTHERS', 'CM_IDENTITY_VERIFICATIONS',
  'MANAGE_EDD_REPORTS', 'MANAGE_ADDITIONAL_DATA_REQUESTS', 'VIEW_DATA_PROFILE', 'SEE_CHARTS',
] as const;
const features = {
  EDD_REPORTS: 'EDD reports',
  ADDITIONAL_DATA_REQUESTS: 'additional data requests',
} as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
  interface FeatureRegistry extends KeysOf<typeof features> {}
}

const section = 'verification';

// "A verification permission set (exact set not shown)": the list opens to whoever may list
// submissions or see other members' ones; one submission to whoever may see it or others'.
const VERIFICATION_LIST = ['SEE_SUBMISSIONS_LIST', 'SUBMISSIONS_SEE_OTHERS'] as const;
const VERIFICATION = ['SEE_SUBMISSION', 'SUBMISSIONS_SEE_OTHERS'] as const;
const IDENTITY = ['CM_IDENTITY_VERIFICATIONS', 'MANAGE_CM_CASES', 'SEE_APPROVED_CM_CASES'] as const;

export default defineArea({
  name: 'verifications',
  title: 'Verifications',
  permissions,
  features,
  routes: [
    { path: 'verification/verifications', section, title: 'Verifications', access: VERIFICATION_LIST },
    { path: 'verification/verifications/:id', section, title: 'Verification', access: VERIFICATION },

    // Identity verifications are the results of identity-verification providers.
    { path: 'verification/identity_verifications', section, title: 'Identity Verifications',
      access: IDENTITY, feature: 'IDV_PROVIDERS' },
    { path: 'verification/identity_verifications/:id', section, title: 'Identity verification',
      access: IDENTITY, feature: 'IDV_PROVIDERS' },

    { path: 'verification/edd_reports', section, title: 'Periodic Review',
      access: 'MANAGE_EDD_REPORTS', feature: 'EDD_REPORTS' },
    { path: 'verification/edd_reports/:id', section, title: 'Periodic Review report',
      access: 'MANAGE_EDD_REPORTS', feature: 'EDD_REPORTS' },

    // 'form' before ':data_request_id' so the static path wins where order matters.
    { path: 'verification/additional_data_requests/form', section, title: 'New data request',
      access: 'MANAGE_ADDITIONAL_DATA_REQUESTS', feature: 'ADDITIONAL_DATA_REQUESTS' },
    { path: 'verification/additional_data_requests/:data_request_id', section, title: 'Additional data request',
      access: 'MANAGE_ADDITIONAL_DATA_REQUESTS', feature: 'ADDITIONAL_DATA_REQUESTS' },

    { path: 'verification/data_profiles', section, title: 'Data Profiles', access: 'VIEW_DATA_PROFILE' },
    { path: 'verification/data_profiles/view/:id', section, title: 'Data profile view', access: 'VIEW_DATA_PROFILE' },
    { path: 'verification/data_profiles/:id', section, title: 'Data profile', access: 'VIEW_DATA_PROFILE' },

    { path: 'verification/ownership_structures', section, title: 'Ownership Structures', access: 'SEE_CHARTS' },
    { path: 'verification/ownership_structures/:id', section, title: 'Ownership structure', access: 'SEE_CHARTS' },
  ],
  menu: {
    // Case Management order of spec 2.5: Cases 10, Received Cases 20 (case-management),
    // Verifications 30, Periodic review 40, Profiles 50 (profiles), then these.
    entries: [
      { group: 'case_management', title: 'Verifications', to: 'verification/verifications', order: 30 },
      { group: 'case_management', title: 'Periodic review', to: 'verification/edd_reports', order: 40 },
      { group: 'case_management', title: 'Identity Verifications', to: 'verification/identity_verifications', order: 60 },
      { group: 'case_management', title: 'Data Profiles', to: 'verification/data_profiles', order: 70 },
      { group: 'case_management', title: 'Ownership Structures', to: 'verification/ownership_structures', order: 80 },
    ],
  },
  redirects: [
    { from: 'registers/applications/:id', to: 'verification/verifications/:id' },
  ],
});
