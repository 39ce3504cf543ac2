// The side-menu groups of spec 2.5. Areas contribute entries to these groups from their
// manifests; the groups themselves live here because several areas share one group
// (Case Management holds pages of case-management, verifications and profiles), so no
// single area owns them. Sub-groups use 'parent/child' ids.
//
// Order: within one parent, sub-groups and entries share one ordering, so a sub-group's
// `order` places it among the entries of its parent (Transaction Monitoring: Investigations,
// Alerts, Transaction List, Rules, FinCEN SAR, Settings, Risk Scores).
// Icons are octicon names (kebab case, as in @primer/octicons-react's `VerifiedIcon` →
// 'verified'); only top-level groups carry one, for the minimised icon rail.
import type { MenuGroupDef } from './plugin.ts';

export const CORE_MENU_GROUPS: MenuGroupDef[] = [
  { id: 'verifications', title: 'Verifications', order: 10, icon: 'verified' },

  { id: 'case_management', title: 'Case Management', order: 20, icon: 'briefcase' },

  { id: 'data_structuring', title: 'Data Structuring', order: 30, icon: 'database' },

  { id: 'flow_builders', title: 'Flow Builders', order: 40, icon: 'workflow' },

  { id: 'form_mappings', title: 'Form Mappings', order: 50, icon: 'git-merge' },

  { id: 'transaction_monitoring', title: 'Transaction Monitoring', order: 60, icon: 'graph' },
  { id: 'transaction_monitoring/investigations', title: 'Investigations', order: 10 },
  { id: 'transaction_monitoring/alerts', title: 'Alerts', order: 20 },
  // Entries at 30–50 (Transaction List, Rules, FinCEN SAR), then Settings, then Risk Scores at 70.
  { id: 'transaction_monitoring/settings', title: 'Settings', order: 60 },

  { id: 'compliance_toolset', title: 'Compliance Toolset', order: 70, icon: 'shield-check' },
  { id: 'compliance_toolset/search_history', title: 'Search History', order: 10 },
  { id: 'compliance_toolset/screenings', title: 'Screenings', order: 20 },
  { id: 'compliance_toolset/tools', title: 'Tools', order: 30 },
  // Last in Tools, after Customer Documents (order 90).
  { id: 'compliance_toolset/tools/emails', title: 'Emails', order: 100 },

  { id: 'customisation', title: 'Customisation', order: 80, icon: 'paintbrush' },
  // Between AML Search Profiles (90) and User Groups (110).
  { id: 'customisation/reminders', title: 'Reminders', order: 100 },

  { id: 'client_settings', title: 'Client Settings', order: 90, icon: 'gear' },
  { id: 'client_settings/users', title: 'Users', order: 10 },
  // After Data Profile Templates (40), before White Label (60).
  { id: 'client_settings/sharing_connections', title: 'Sharing Connections', order: 50 },

  { id: 'administrator_tools', title: 'Administrator Tools', order: 100, icon: 'tools' },
  // After Users (10) and Clients (20).
  { id: 'administrator_tools/checkup_service', title: 'Checkup service', order: 30 },
  // After Field Templates (40) and Regions (50).
  { id: 'administrator_tools/pricing', title: 'Pricing', order: 60 },
];

/** The tab bars of spec 2.5: pages whose menu entries carry one of these show it. */
export const TAB_BARS = ['account', 'blacklist', 'case_management', 'tm_settings'] as const;
export type TabBarId = (typeof TAB_BARS)[number];
