// account/roles: the client's roles (permission groups) with how many codes each grants
// and how many members hold it; a row opens the editor, "New role" starts an empty one.
import { Button } from '@primer/react';
import { PlusIcon } from '@primer/octicons-react';
import { useLocation } from 'wouter';
import { type Column, DataTable, formatDateTime, type PageProps, useClient, useClientHref } from '../../../src/host/web.ts';
import type { RoleRow } from '../schemas.ts';
import { endpoints } from './api.ts';
import { PageHeader } from './page-header.tsx';

type Row = RoleRow & Record<string, unknown>;

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortField: 'name' },
  { key: 'key', header: 'Key', hiddenByDefault: true },
  { key: 'codes_count', header: 'Permissions', sortField: 'codes_count' },
  { key: 'members_count', header: 'Members', sortField: 'members_count' },
  { key: 'created_at', header: 'Created', sortField: 'created_at', render: (r) => formatDateTime(r.created_at), hiddenByDefault: true },
  { key: 'updated_at', header: 'Updated', render: (r) => formatDateTime(r.updated_at), hiddenByDefault: true },
];

export default function RolesPage(_props: PageProps) {
  const { clientId } = useClient();
  const href = useClientHref();
  const [, navigate] = useLocation();
  return (
    <div>
      <PageHeader title="Roles"
        actions={<Button variant="primary" leadingVisual={PlusIcon} onClick={() => navigate(href('account/roles/form/new'))}>New role</Button>}>
        A role is a named set of permissions. Members get what their roles grant, on the Users page.
      </PageHeader>
      <DataTable<Row>
        tableKey="client_settings_roles"
        endpoint={endpoints.roles(clientId)}
        columns={columns}
        search
        onRowClick={(r) => navigate(href(`account/roles/form/${r.id}`))}
        emptySubtitle="Create a role to grant permissions to members"
      />
    </div>
  );
}
