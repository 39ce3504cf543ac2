// Dashboards (spec 2.5 "Verifications: Dashboard", 2.6 statistic/*): the client, compliance,
// verification and transaction dashboards, metrics and submission statistics. Pages come
// with this area's issue; until then every route is registered without a page (404).
import { VerifiedIcon } from '@primer/octicons-react';
import { defineArea, type CodesOf } from '../../src/host/area.ts';

const permissions = [
  'SEE_DASHBOARD', 'SEE_DASHBOARD_VERIFICATION', 'SEE_SUBMISSIONS_STATISTICS', 'SEE_TM_DASHBOARD',
] as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
}

const section = 'statistic';

export default defineArea({
  name: 'dashboards',
  title: 'Dashboards',
  permissions,
  routes: [
    { path: 'statistic/dashboard', section, title: 'Dashboard', access: 'SEE_DASHBOARD' },
    { path: 'statistic/compliance_dashboard', section, title: 'Compliance Dashboard', access: 'SEE_DASHBOARD' },
    { path: 'statistic/verification_dashboard', section, title: 'Verification Dashboard', access: 'SEE_DASHBOARD_VERIFICATION' },
    // Both chart monitored transactions, so they also need the monitoring module.
    { path: 'statistic/metrics', section, title: 'Metrics', access: 'SEE_TM_DASHBOARD', feature: 'TRANSACTION_MONITORING' },
    { path: 'statistic/transactions', section, title: 'Transactions Dashboard', access: 'SEE_TM_DASHBOARD', feature: 'TRANSACTION_MONITORING' },
    { path: 'statistic/submissions', section, title: 'Submissions', access: 'SEE_SUBMISSIONS_STATISTICS' },
    { path: 'statistic/submissions/:verification_submission_id', section, title: 'Submission', access: 'SEE_SUBMISSIONS_STATISTICS' },
  ],
  menu: {
    groups: [
      { id: 'verifications', title: 'Verifications', order: 10, icon: VerifiedIcon },
    ],
    // Spec 2.5 lists one "Dashboard" item covering six pages. Each page has its own
    // permission, so each gets an entry: the group header then opens the first dashboard
    // the user may see, and nobody is sent to a dashboard they cannot open.
    entries: [
      { group: 'verifications', title: 'Dashboard', to: 'statistic/dashboard', order: 10 },
      { group: 'verifications', title: 'Compliance Dashboard', to: 'statistic/compliance_dashboard', order: 20 },
      { group: 'verifications', title: 'Verification Dashboard', to: 'statistic/verification_dashboard', order: 30 },
      { group: 'verifications', title: 'Metrics', to: 'statistic/metrics', order: 40 },
      { group: 'verifications', title: 'Submissions', to: 'statistic/submissions', order: 50 },
      { group: 'verifications', title: 'Transactions Dashboard', to: 'statistic/transactions', order: 60 },
    ],
  },
});
