// Builders (spec 2.5 Flow Builders, Form Mappings and Tools › Dictionaries; 2.6 builder/*):
// forms, verification flows, form mappings and client dictionaries. Pages come with this
// area's issue; until then every route is registered without a page (not available, 404).
import { GitMergeIcon, WorkflowIcon } from '@primer/octicons-react';
import { allOf, defineArea, type CodesOf, type KeysOf } from '../../src/host/area.ts';

const permissions = [
  'FORMS_CREATE', 'FORMS_UPDATE', 'FORMS_PUBLISH', 'FORMS_MAPPINGS', 'MANAGE_DICTIONARIES',
] as const;
const features = {
  VERIFICATION_FLOW: 'verification flow',
  FORM_BUILDER: 'form builder',
  FLOW_BUILDER: 'flow builder',
} as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
  interface FeatureRegistry extends KeysOf<typeof features> {}
}

const section = 'builder';

// The spec gives no codes for builder pages; these follow the forms codes of spec 6.
const FORMS = ['FORMS_CREATE', 'FORMS_UPDATE', 'FORMS_PUBLISH'] as const;
const EDIT = ['FORMS_UPDATE', 'FORMS_PUBLISH'] as const;
// Lists of submissions reached from a form or flow also need the right to see submissions.
const FORM_RESULTS = allOf(FORMS, ['SEE_SUBMISSIONS_LIST', 'SUBMISSIONS_SEE_OTHERS']);
const FLOW_SUBMISSION = allOf(FORMS, ['SEE_SUBMISSION', 'SUBMISSIONS_SEE_OTHERS']);

// The eleven form-mapping pages, in the order of spec 2.5.
const MAPPINGS: [string, string][] = [
  ['mappings', 'Mappings'],
  ['exports', 'Exports'],
  ['addresses', 'Addresses'],
  ['account_statuses', 'Account Statuses'],
  ['companies', 'Companies'],
  ['idv_results', 'IDV Results'],
  ['onboarding_flows', 'Onboarding Flows'],
  ['periodic_reviews', 'Periodic Reviews'],
  ['persons', 'Persons'],
  ['risk_assessments', 'Risk Assessments'],
  ['screening_checks', 'Screening Checks'],
];

export default defineArea({
  name: 'builders',
  title: 'Builders',
  permissions,
  features,
  // The workflow API (verification flows are statecharts run by the core's engine).
  guards: {
    flowsRead: { access: ['FORMS_CREATE', 'FORMS_UPDATE', 'FORMS_PUBLISH'], feature: 'FLOW_BUILDER' },
    flowsWrite: { access: ['FORMS_CREATE', 'FORMS_UPDATE'], feature: 'FLOW_BUILDER' },
    flowsPublish: { access: 'FORMS_PUBLISH', feature: 'FLOW_BUILDER' },
    flowRuns: { access: ['FORMS_PUBLISH', 'MANAGE_CM_CASES'], feature: 'VERIFICATION_FLOW' },
  },
  routes: [
    { path: 'builder', section, title: 'Builders', redirect: 'builder/forms', crumb: { onlyWithChild: true } },

    { path: 'builder/forms', section, title: 'Forms', access: FORMS, feature: 'FORM_BUILDER' },
    // ?form=&name= select the form; the page titles itself "Results for the name".
    { path: 'builder/forms/verifications', section, title: 'Results for the name', access: FORM_RESULTS, feature: 'FORM_BUILDER' },
    { path: 'builder/forms/form', section, title: 'New form', access: 'FORMS_CREATE', feature: 'FORM_BUILDER' },
    { path: 'builder/forms/form/:id', section, title: 'Edit form', access: EDIT, feature: 'FORM_BUILDER' },
    { path: 'builder/historical_forms/:id', section, title: 'Historical form', access: FORMS, feature: 'FORM_BUILDER' },

    { path: 'builder/verification_flows', section, title: 'Verification Flows', access: FORMS, feature: 'FLOW_BUILDER' },
    // Spec 6: creating a verification flow is gated by a feature flag of its own.
    { path: 'builder/verification_flows/form', section, title: 'New verification flow',
      access: 'FORMS_CREATE', feature: ['FLOW_BUILDER', 'VERIFICATION_FLOW'] },
    { path: 'builder/verification_flows/form/:id', section, title: 'Edit verification flow', access: EDIT, feature: 'FLOW_BUILDER' },
    { path: 'builder/verification_flows/form/:id/verifications/:customer_verification_id', section,
      title: 'Flow verification', access: FLOW_SUBMISSION, feature: 'FLOW_BUILDER' },

    { path: 'builder/client_dictionaries', section, title: 'Dictionaries', access: 'MANAGE_DICTIONARIES' },

    ...MAPPINGS.map(([slug, title]) => ({
      path: `builder/form_mappings/${slug}`, section, title, access: 'FORMS_MAPPINGS' as const, feature: 'FORM_BUILDER' as const,
    })),
  ],
  menu: {
    groups: [
      { id: 'flow_builders', title: 'Flow Builders', order: 40, icon: WorkflowIcon },
      { id: 'form_mappings', title: 'Form Mappings', order: 50, icon: GitMergeIcon },
    ],
    entries: [
      { group: 'flow_builders', title: 'Verification Flows', to: 'builder/verification_flows', order: 10 },
      { group: 'flow_builders', title: 'Forms', to: 'builder/forms', order: 20 },
      ...MAPPINGS.map(([slug, title], i) => ({
        group: 'form_mappings', title, to: `builder/form_mappings/${slug}`, order: (i + 1) * 10,
      })),
      { group: 'compliance_toolset/tools', title: 'Dictionaries', to: 'builder/client_dictionaries', order: 10 },
    ],
  },
});
