// admin/users: every user of the platform (email, full name, administrator, active,
// memberships, created) with search, filters and sorting, and a form to create a user.
// With the embedded issuer the form sets the initial password; with an external issuer
// users sign in there and no password is kept here.
import { PlusIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useState } from 'react';
import { boolean, nullable, object, optional } from 'superstruct';
import { useLocation } from 'wouter';
import {
  type Column, DataTable, type FieldDef, formatDateTime, type PageProps, post, ResourceForm, useClientHref,
} from '../../../src/host/web.ts';
import { MIN_PASSWORD, password, userFields } from '../schemas.ts';
import { ADMIN, refreshUsers, useIdentityMode, type AdminUserRow } from './admin-api.ts';
import { ActiveBadge, Badge, Header, Page, Section } from './parts.tsx';

interface NewUserValues { email: string; full_name: string; phone: string; is_admin: boolean; password?: string }

const withPassword = object({ ...userFields.schema, is_admin: optional(boolean()), password: password() });
const withoutPassword = object({ ...userFields.schema, is_admin: optional(boolean()), password: optional(nullable(password())) });

const columns: Column<AdminUserRow>[] = [
  { key: 'email', header: 'Email', sortField: 'email' },
  { key: 'full_name', header: 'Full name', sortField: 'full_name', render: (u) => u.full_name || '—' },
  { key: 'phone', header: 'Phone', render: (u) => u.phone ?? '—', hiddenByDefault: true },
  { key: 'is_admin', header: 'Administrator', render: (u) => (u.is_admin ? <Badge $tone="accent">Administrator</Badge> : '—') },
  { key: 'is_active', header: 'Status', render: (u) => <ActiveBadge active={u.is_active} /> },
  { key: 'memberships_count', header: 'Memberships', sortField: 'memberships_count' },
  { key: 'created_at', header: 'Created', sortField: 'created_at', render: (u) => formatDateTime(u.created_at) },
];

const yesNo = (label: string) => [{ value: 'true', label }, { value: 'false', label: `Not ${label.toLowerCase()}` }];

export default function UsersPage(_props: PageProps) {
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const href = useClientHref();
  const identity = useIdentityMode();
  const passwords = identity.data?.passwords ?? true;

  const fields: FieldDef<NewUserValues>[] = [
    { name: 'email', label: 'Email', kind: 'email', required: true, hint: 'The sign-in identity; unique whatever the letter case' },
    { name: 'full_name', label: 'Full name', required: true },
    { name: 'phone', label: 'Phone', kind: 'tel' },
    ...(passwords ? [{ name: 'password' as const, label: 'Initial password', kind: 'password' as const, required: true,
      hint: `At least ${MIN_PASSWORD} characters. Share it with the user safely; they sign in with it at once` }] : []),
    { name: 'is_admin', label: 'Administrator (all administrator tools)', kind: 'checkbox' },
  ];

  return (
    <Page>
      <Header>
        <h1>Users</h1>
        <span className="spacer" />
        {!creating ? <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setCreating(true)}>New user</Button> : null}
      </Header>
      {creating ? (
        <Section title="New user" id="new-user"
          note={passwords ? undefined : 'Users sign in at the external identity provider with this email; no password is kept here.'}>
          <ResourceForm<NewUserValues>
            key={String(passwords)}
            schema={passwords ? withPassword : withoutPassword}
            fields={fields}
            defaultValues={{ email: '', full_name: '', phone: '', is_admin: false, ...(passwords ? { password: '' } : {}) }}
            submitLabel="Create user"
            successMessage="The user has been created"
            onCancel={() => setCreating(false)}
            onSubmit={async (v) => {
              const r = await post<AdminUserRow>(ADMIN.users, {
                user: { email: v.email.trim(), full_name: v.full_name.trim(), phone: v.phone, is_admin: !!v.is_admin,
                  ...(passwords ? { password: v.password } : {}) },
              });
              refreshUsers();
              setCreating(false);
              navigate(href(`admin/users/${r.data.id}`));
            }}
          />
        </Section>
      ) : null}
      <DataTable<AdminUserRow>
        tableKey="admin-users"
        endpoint={ADMIN.users}
        columns={columns}
        filters={[
          { key: 'is_admin', label: 'Administrator', kind: 'select', options: yesNo('Administrator') },
          { key: 'is_active', label: 'Status', kind: 'select', options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Deactivated' }] },
          { key: 'created_at', label: 'Created', kind: 'date-range' },
        ]}
        search
        onRowClick={(u) => navigate(href(`admin/users/${u.id}`))}
        emptySubtitle="No user matches"
      />
    </Page>
  );
}
