// Communication (spec 2.5 Tools › Customer Documents and Emails, Customisation › Reminders;
// 2.6 verification/*): messages to customers, email templates, requested customer documents
// and reminders. Pages come with this area's issue; until then every route is registered
// without a page (not available, 404).
import { defineArea, type CodesOf } from '../../src/host/area.ts';

const permissions = [
  'SEE_CUSTOMER_MESSAGES', 'MANAGE_CUSTOMER_MESSAGES', 'MANAGE_EMAIL_TEMPLATES',
  'MANAGE_CUSTOMER_DOCUMENTS', 'REMINDER_SETTINGS', 'MANAGE_REMINDERS',
] as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
}

const section = 'verification';

export default defineArea({
  name: 'communication',
  title: 'Communication',
  permissions,
  routes: [
    { path: 'verification/customer_messages', section, title: 'Customer Messages',
      access: ['SEE_CUSTOMER_MESSAGES', 'MANAGE_CUSTOMER_MESSAGES'] },
    { path: 'verification/email_templates', section, title: 'Email Templates', access: 'MANAGE_EMAIL_TEMPLATES' },
    { path: 'verification/customer_documents', section, title: 'Customer Documents', access: 'MANAGE_CUSTOMER_DOCUMENTS' },
    { path: 'verification/customer_documents/:id', section, title: 'Customer document', access: 'MANAGE_CUSTOMER_DOCUMENTS' },
    // Spec 6: reminder pages need REMINDER_SETTINGS; writing templates needs MANAGE_REMINDERS
    // (and creating one the customization-tools feature), checked by the page and the API.
    { path: 'verification/reminder_settings', section, title: 'Reminder Settings', access: 'REMINDER_SETTINGS' },
    { path: 'verification/reminder_templates', section, title: 'Reminder Templates', access: 'REMINDER_SETTINGS' },
  ],
  menu: {
    groups: [
      { id: 'compliance_toolset/tools/emails', title: 'Emails', order: 100 },
      { id: 'customisation/reminders', title: 'Reminders', order: 100 },
    ],
    entries: [
      { group: 'compliance_toolset/tools', title: 'Customer Documents', to: 'verification/customer_documents', order: 90 },
      { group: 'compliance_toolset/tools/emails', title: 'Customer Messages', to: 'verification/customer_messages', order: 10 },
      { group: 'compliance_toolset/tools/emails', title: 'Email Templates', to: 'verification/email_templates', order: 20 },
      { group: 'customisation/reminders', title: 'Reminder Settings', to: 'verification/reminder_settings', order: 10 },
      { group: 'customisation/reminders', title: 'Reminder Templates', to: 'verification/reminder_templates', order: 20 },
    ],
  },
});
