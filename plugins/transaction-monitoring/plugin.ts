// Transaction monitoring (spec 2.5, 2.6 transaction/*): transactions, investigations,
// alerts, rules, risk-score matrices, SAR filings and settings. Pages come with this area's
// issue; until then every route is registered without a page (not available, 404).
import { GraphIcon } from '@primer/octicons-react';
import { allOf, defineArea, type AccessCheck, type CodesOf, type KeysOf } from '../../src/host/area.ts';
import { tmCaseStatusMachine } from './machines/tm-case-status.ts';

const permissions = [
  'SEE_TM', 'MANAGE_TM', 'SEE_TM_CASES', 'MANAGE_TM_CASES', 'MANAGE_TM_SCORING_RULES',
  'SEE_MONITORING_ALERTS', 'SEE_SCREENING_ALERTS', 'SEE_CASE_RELATED_TRANSACTIONS',
  'FILL_SAR_REPORT', 'MANAGE_SAR_REPORT',
] as const;
const features = {
  TRANSACTION_MONITORING: 'transaction monitoring',
  TRANSACTION_RISK_SCORE: 'transaction risk score',
} as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
  interface FeatureRegistry extends KeysOf<typeof features> {}
}

// The section-wide check of spec 2.6: any one of these opens transaction/*.
const TM_SECTION = [
  'SEE_TM', 'MANAGE_TM', 'CLIENT_MANAGE', 'SUBMISSIONS_SEE_OTHERS', 'SEE_TM_CASES',
  'MANAGE_TM_CASES', 'MANAGE_PROFILE', 'SEE_MONITORING_ALERTS', 'SEE_SCREENING_ALERTS',
  'MANAGE_TM_SCORING_RULES', 'SEE_CASE_RELATED_TRANSACTIONS', 'FILL_SAR_REPORT',
  'MANAGE_SAR_REPORT',
] as const;

// Each page's own check sits inside the section check, so the guard reads exactly as the
// spec: the section list AND the page's list.
const tm = (check: AccessCheck): AccessCheck => allOf(TM_SECTION, check);

const TRANSACTIONS = tm(['SEE_TM', 'SEE_CASE_RELATED_TRANSACTIONS']);
const SCREENING_ALERTS = tm(['SEE_SCREENING_ALERTS', 'SEE_CASE_RELATED_TRANSACTIONS']);
const MONITORING_ALERTS = tm(['SEE_MONITORING_ALERTS', 'SEE_CASE_RELATED_TRANSACTIONS']);
const ANY_ALERTS = tm(['SEE_MONITORING_ALERTS', 'SEE_SCREENING_ALERTS']);
const INVESTIGATIONS = tm(['SEE_CASE_RELATED_TRANSACTIONS', 'SEE_TM']);
const SEE_TM = tm('SEE_TM');
const MANAGE_TM = tm('MANAGE_TM');
const SCORING = tm('MANAGE_TM_SCORING_RULES');
const SAR = tm(['FILL_SAR_REPORT', 'MANAGE_SAR_REPORT']);

const section = 'transaction';
const feature = 'TRANSACTION_MONITORING';

export default defineArea({
  name: 'transaction-monitoring',
  title: 'Transaction Monitoring',
  permissions,
  features,
  routes: [
    { path: 'transaction', section, title: 'Transaction Monitoring', redirect: 'transaction/monitoring',
      crumb: { onlyWithChild: true }, access: TM_SECTION, feature },

    { path: 'transaction/monitoring', section, title: 'Transactions', access: TRANSACTIONS, feature },
    { path: 'transaction/monitoring/:id', section, title: 'Transaction information', access: TRANSACTIONS, feature },

    { path: 'transaction/screening_alerts', section, title: 'Screening Alerts', access: SCREENING_ALERTS, feature },
    { path: 'transaction/screening_alerts/:id', section, title: 'Screening alert', access: SCREENING_ALERTS, feature },
    { path: 'transaction/monitoring_alerts', section, title: 'Monitoring Alerts', access: MONITORING_ALERTS, feature },
    { path: 'transaction/monitoring_alerts/:id', section, title: 'Monitoring alert', access: MONITORING_ALERTS, feature },
    // The spec lists only the {id} pages of my_alerts and alerts_queues; the menu links
    // the lists, so they are registered with the same check.
    { path: 'transaction/my_alerts', section, title: 'My Alerts', access: ANY_ALERTS, feature },
    { path: 'transaction/my_alerts/:id', section, title: 'Alert', access: ANY_ALERTS, feature },
    { path: 'transaction/alerts_queues', section, title: 'Alert Queues', access: ANY_ALERTS, feature },
    { path: 'transaction/alerts_queues/:id', section, title: 'Alert queue', access: ANY_ALERTS, feature },

    { path: 'transaction/investigations', section, title: 'All investigations', access: INVESTIGATIONS, feature },
    { path: 'transaction/investigations/form/:id', section, title: 'Investigation', access: INVESTIGATIONS, feature },
    { path: 'transaction/my_cases', section, title: 'My investigations', access: SEE_TM, feature },
    { path: 'transaction/cases_queues', section, title: 'Investigation Queues', access: SEE_TM, feature },
    { path: 'transaction/cases_queues/form/:id', section, title: 'Investigation queue', access: SEE_TM, feature },

    // Settings (tab bar tm_settings).
    { path: 'transaction/narrative_templates', section, title: 'Narrative Templates', access: SEE_TM, feature },
    { path: 'transaction/queues', section, title: 'Queues', access: SEE_TM, feature },
    { path: 'transaction/providers', section, title: 'Providers', access: MANAGE_TM, feature },
    { path: 'transaction/tags', section, title: 'Tags', access: SEE_TM, feature },
    { path: 'transaction/dispositions', section, title: 'Dispositions', access: SEE_TM, feature },
    { path: 'transaction/blacklist_groups', section, title: 'Blacklist Groups', access: SEE_TM, feature },

    { path: 'transaction/entity/:id', section, title: 'Client information', access: TM_SECTION, feature },
    { path: 'transaction/instrument/:id', section, title: 'Account information', access: TM_SECTION, feature },

    { path: 'transaction/rules', section, title: 'Rules', access: MANAGE_TM, feature },
    { path: 'transaction/rules/:id', section, title: 'Rule', access: MANAGE_TM, feature },
    // The spec shows no page for rulesets: it stays registered and not available.
    { path: 'transaction/rulesets', section, title: 'Rulesets', access: MANAGE_TM, feature },

    // Risk-score matrices are the "transaction risk score" module inside monitoring.
    { path: 'transaction/matrices', section, title: 'Risk Scores', access: SCORING,
      feature: ['TRANSACTION_MONITORING', 'TRANSACTION_RISK_SCORE'] },
    { path: 'transaction/matrices/:id', section, title: 'Edit Risk Score', access: SCORING,
      feature: ['TRANSACTION_MONITORING', 'TRANSACTION_RISK_SCORE'] },

    { path: 'transaction/sar', section, title: 'FinCen SAR filings', access: SAR, feature },
    // sar/{id}/* of the spec: the filing and its sub-pages (the '*' may be empty).
    { path: 'transaction/sar/:id/*', section, title: 'FinCen SAR filing', access: SAR, feature },
  ],
  menu: {
    groups: [
      { id: 'transaction_monitoring', title: 'Transaction Monitoring', order: 60, icon: GraphIcon },
      { id: 'transaction_monitoring/investigations', title: 'Investigations', order: 10 },
      { id: 'transaction_monitoring/alerts', title: 'Alerts', order: 20 },
      { id: 'transaction_monitoring/settings', title: 'Settings', order: 60 },
    ],
    entries: [
      { group: 'transaction_monitoring/investigations', title: 'All Investigations', to: 'transaction/investigations', order: 10 },
      { group: 'transaction_monitoring/investigations', title: 'My Investigations', to: 'transaction/my_cases', order: 20 },
      { group: 'transaction_monitoring/investigations', title: 'Investigation Queues', to: 'transaction/cases_queues', order: 30 },

      { group: 'transaction_monitoring/alerts', title: 'Screening Alerts', to: 'transaction/screening_alerts', order: 10 },
      { group: 'transaction_monitoring/alerts', title: 'Monitoring Alerts', to: 'transaction/monitoring_alerts', order: 20 },
      { group: 'transaction_monitoring/alerts', title: 'My Alerts', to: 'transaction/my_alerts', order: 30 },
      { group: 'transaction_monitoring/alerts', title: 'Alert Queues', to: 'transaction/alerts_queues', order: 40 },

      { group: 'transaction_monitoring', title: 'Transaction List', to: 'transaction/monitoring', order: 30 },
      { group: 'transaction_monitoring', title: 'Rules', to: 'transaction/rules', order: 40 },
      { group: 'transaction_monitoring', title: 'FinCEN SAR', to: 'transaction/sar', order: 50 },

      { group: 'transaction_monitoring/settings', title: 'Narrative Templates', to: 'transaction/narrative_templates', order: 10, tabBar: 'tm_settings' },
      { group: 'transaction_monitoring/settings', title: 'Queues', to: 'transaction/queues', order: 20, tabBar: 'tm_settings' },
      { group: 'transaction_monitoring/settings', title: 'Providers', to: 'transaction/providers', order: 30, tabBar: 'tm_settings' },
      { group: 'transaction_monitoring/settings', title: 'Tags', to: 'transaction/tags', order: 40, tabBar: 'tm_settings' },
      { group: 'transaction_monitoring/settings', title: 'Dispositions', to: 'transaction/dispositions', order: 50, tabBar: 'tm_settings' },
      { group: 'transaction_monitoring/settings', title: 'Blacklist Groups', to: 'transaction/blacklist_groups', order: 60, tabBar: 'tm_settings' },

      { group: 'transaction_monitoring', title: 'Risk Scores', to: 'transaction/matrices', order: 70 },
    ],
  },
  machines: [{
    id: 'transaction-monitoring.case-status',
    description: 'Transaction-monitoring case status: pre-open, open, pre-closed, closed.',
    machine: tmCaseStatusMachine,
  }],
  redirects: [
    { from: 'tm/monitoring/:id', to: 'transaction/monitoring/:id' },
    { from: 'tm/cases/:id', to: 'transaction/investigations/form/:id' },
  ],
});
