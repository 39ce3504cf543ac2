// Case management (spec 2.5 Case Management, 2.6 verification/cases, sharing/case_projections):
// cases and the cases other clients shared with this one. Pages come with this area's
// issue; until then every route is registered without a page (not available, 404).
// Verifications, periodic reviews, identity verifications, data profiles and ownership
// structures sit in the same menu group but belong to the verifications area; profiles to
// the profiles area.
import { BriefcaseIcon } from '@primer/octicons-react';
import { defineArea, type CacheKey, type CodesOf, type KeysOf, type RealtimeMessage } from '../../src/host/area.ts';

const permissions = [
  'SEE_CM_CASES', 'SEE_CM_CASES_LIST', 'MANAGE_CM_CASES', 'SEE_APPROVED_CM_CASES',
  'SEE_SHARED_CASES', 'MANAGE_CASE_QUEUES', 'MANAGE_CASE_SUMMARIES', 'APPROVE_CM_CASES',
  'REJECT_CM_CASES', 'PRE_REJECT_CM_CASES', 'SHARE_CM_CASES', 'MANAGE_CM_COMMENTS',
  'MANAGE_SUPPORTING_DOCUMENTS', 'MANAGE_REQUESTS_FOR_INFORMATION', 'USE_AI', 'SEE_AI',
  'MANAGE_AI', 'MANAGE_CM_TAGS', 'MANAGE_REQUIRED_ACTIONS',
] as const;
const features = {
  CASE_RISK_SCORING: 'case risk scoring',
  AI_SERVICES: 'AI services',
} as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
  interface FeatureRegistry extends KeysOf<typeof features> {}
}

// "A case-management permission set (exact set not shown)": the list opens to whoever may
// list, work on, or see approved cases; a case opens to whoever may see, work on, or see
// approved cases (the API narrows SEE_APPROVED_CM_CASES to approved ones).
const CASE_LIST = ['SEE_CM_CASES_LIST', 'MANAGE_CM_CASES', 'SEE_APPROVED_CM_CASES'] as const;
const CASE = ['SEE_CM_CASES', 'MANAGE_CM_CASES', 'SEE_APPROVED_CM_CASES'] as const;

const caseRefresh = (msg: RealtimeMessage, clientId: string): CacheKey[] => {
  if (msg.obj_id === undefined || msg.obj_id === null) return [];
  const id = String(msg.obj_id);
  return [msg.obj_type === 'EddReport' ? ['clients', clientId, 'edd_reports', id] : ['clients', clientId, 'cases', id]];
};
const caseLink = (msg: RealtimeMessage): string | null =>
  msg.obj_id == null ? null : msg.obj_type === 'EddReport' ? `verification/edd_reports/${msg.obj_id}` : `verification/cases/${msg.obj_id}`;

export default defineArea({
  name: 'case-management',
  title: 'Case Management',
  permissions,
  features,
  routes: [
    { path: 'verification/cases', section: 'verification', title: 'Cases', access: CASE_LIST },
    { path: 'verification/cases/:id', section: 'verification', title: 'Case', access: CASE },
    // Received cases are shared through sharing connections: the sharing/* rule applies.
    { path: 'sharing/case_projections', section: 'sharing', title: 'Received Cases',
      access: 'MANAGE_DATA_SHARING', feature: 'DATA_SHARING' },
    { path: 'sharing/case_projections/:id', section: 'sharing', title: 'Received case',
      access: 'MANAGE_DATA_SHARING', feature: 'DATA_SHARING' },
  ],
  menu: {
    groups: [
      { id: 'case_management', title: 'Case Management', order: 20, icon: BriefcaseIcon },
    ],
    entries: [
      { group: 'case_management', title: 'Cases', to: 'verification/cases', order: 10, tabBar: 'case_management' },
      { group: 'case_management', title: 'Received Cases', to: 'sharing/case_projections', order: 20, tabBar: 'case_management' },
    ],
  },
  // Spec 3 and 4: realtime messages about cases (and periodic-review reports) refresh the
  // one named, when it is already cached.
  notifications: {
    case_status_changes: { title: 'A case status has changed', refresh: caseRefresh, link: caseLink },
    assignments: { title: 'You have a new assignment', refresh: caseRefresh, link: caseLink },
  },
  redirects: [
    { from: 'cm/:id', to: 'verification/cases/:id' },
  ],
});
