// account/users: the client's members (spec 2.5, 2.6). Search by name or email, filter by
// role, status and permission group, sort, page; a row opens the member.
import { Button } from '@primer/react';
import { PersonAddIcon } from '@primer/octicons-react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import {
  type Column, DataTable, type FilterDef, formatDateTime, type PageProps, useClient, useClientHref,
} from '../../../src/host/web.ts';
import type { MemberRow } from '../schemas.ts';
import { endpoints } from './api.ts';
import { MEMBER_STATUS_OPTIONS, ROLE_OPTIONS, roleTitle } from './labels.ts';
import { PageHeader } from './page-header.tsx';
import { StatusLabel } from './status-label.tsx';
import { useAllRoles } from './use-roles.ts';

type Row = MemberRow & Record<string, unknown>;

const columns: Column<Row>[] = [
  { key: 'full_name', header: 'Name', sortField: 'full_name', render: (u) => (u.is_self ? `${u.full_name} (you)` : u.full_name) },
  { key: 'email', header: 'Email', sortField: 'email' },
  { key: 'role', header: 'Role', sortField: 'role', render: (u) => roleTitle(u.role) },
  { key: 'groups', header: 'Permission groups', render: (u) => u.groups.map((g) => g.name).join(', ') || '—' },
  { key: 'status', header: 'Status', sortField: 'status', render: (u) => <StatusLabel status={u.status} /> },
  { key: 'last_sign_in_at', header: 'Last sign-in', sortField: 'last_sign_in_at', render: (u) => (u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : '—') },
  { key: 'created_at', header: 'Member since', sortField: 'created_at', render: (u) => formatDateTime(u.created_at), hiddenByDefault: true },
  { key: 'phone', header: 'Phone', hiddenByDefault: true },
];

export default function UsersPage(_props: PageProps) {
  const { clientId, grants } = useClient();
  const href = useClientHref();
  const [, navigate] = useLocation();
  const roles = useAllRoles(clientId);
  const filters = useMemo<FilterDef[]>(() => [
    { key: 'role', label: 'Role', kind: 'multi-select', options: ROLE_OPTIONS },
    { key: 'status', label: 'Status', kind: 'multi-select', options: MEMBER_STATUS_OPTIONS },
    { key: 'group', label: 'Permission group', kind: 'multi-select', options: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })) },
    { key: 'created_at', label: 'Member since', kind: 'date-range' },
  ], [roles.data]);
  const canInvite = grants.permissions.has('CLIENT_MANAGE') || grants.permissions.has('CLIENT_INVITE_USERS');

  return (
    <div>
      <PageHeader title="Users"
        actions={canInvite ? <Button leadingVisual={PersonAddIcon} onClick={() => navigate(href('account/invites'))}>Invite user</Button> : null}>
        Everyone who can open this client, with their role and permission groups.
      </PageHeader>
      <DataTable<Row>
        tableKey="client_settings_users"
        endpoint={endpoints.users(clientId)}
        columns={columns}
        filters={filters}
        search
        onRowClick={(u) => navigate(href(`account/users/${u.id}`))}
        emptySubtitle="Invite a colleague to get started"
      />
    </div>
  );
}
