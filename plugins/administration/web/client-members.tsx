// The members of a client: the list, adding an existing user by email (role and
// permission groups), inviting someone without an account (the client's own invitation,
// accepted at /onboarding), changing a member's role and groups, and deactivating or
// reactivating a membership.
import { Button } from '@primer/react';
import { useState } from 'react';
import { array, object, optional, string } from 'superstruct';
import {
  type Column, confirm, ConfirmClosed, DataTable, type FieldDef, formatDate, formatDateTime, notify, patch, post, ResourceForm,
} from '../../../src/host/web.ts';
import { memberFields } from '../schemas.ts';
import { MEMBER_ROLES } from '../../../src/shared/schemas/membership.ts';
import { ADMIN, refreshClient, usePermissionGroups, type AdminClientDetail, type AdminInviteRow, type AdminMemberRow } from './admin-api.ts';
import { Actions, ActiveBadge, Badge, groupNames, roleTitle, Section } from './parts.tsx';

interface MemberValues { email: string; role: string; permission_group_ids: string[] }
interface EditValues { role: string; permission_group_ids: string[] }

const roleOptions = MEMBER_ROLES.map((r) => ({ value: r, label: roleTitle(r) }));
const addSchema = object({ ...memberFields.schema, permission_group_ids: optional(array(string())) });
const editSchema = object({ role: memberFields.schema.role, permission_group_ids: optional(array(string())) });

const INVITE_TONES = { pending: 'accent', accepted: 'success', expired: 'attention', revoked: 'neutral' } as const;

export function ClientMembers({ client }: { client: AdminClientDetail }) {
  const groups = usePermissionGroups(client.id);
  const [mode, setMode] = useState<'add' | 'invite' | null>(null);
  const [editing, setEditing] = useState<AdminMemberRow | null>(null);
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  const groupHint = 'Leave empty for the role’s default group (Owners, Compliance officers or Analysts)';

  const addFields: FieldDef<MemberValues>[] = [
    { name: 'email', label: 'Email', kind: 'email', required: true,
      hint: mode === 'add' ? 'The email of an existing user. For someone without an account, invite them instead' : 'The invitation link is mailed here and works for 7 days' },
    { name: 'role', label: 'Role', kind: 'select', required: true, options: roleOptions },
    { name: 'permission_group_ids', label: 'Permission groups', kind: 'multi-select', options: groupOptions, hint: groupHint },
  ];
  const editFields: FieldDef<EditValues>[] = [
    { name: 'role', label: 'Role', kind: 'select', required: true, options: roleOptions },
    { name: 'permission_group_ids', label: 'Permission groups', kind: 'multi-select', options: groupOptions },
  ];

  async function setActive(m: AdminMemberRow, active: boolean) {
    try {
      const answer = await confirm({
        title: active ? 'Reactivate membership' : 'Deactivate membership',
        content: active
          ? `${m.full_name || m.email} will have access to ${client.name} again.`
          : `${m.full_name || m.email} will lose access to ${client.name} at once. The membership can be reactivated later.`,
        confirmLabel: active ? 'Yes, reactivate' : 'Yes, deactivate',
        danger: !active,
      });
      if (answer !== 'confirm') return;
      await patch(ADMIN.clientPart(client.id, `members/${m.id}`), { member: { is_active: active } });
      refreshClient(client.id);
      setEditing(null);
      notify.success(active ? 'The membership has been reactivated' : 'The membership has been deactivated');
    } catch (e) {
      if (!(e instanceof ConfirmClosed)) notify.error(e);
    }
  }

  const memberColumns: Column<AdminMemberRow>[] = [
    { key: 'full_name', header: 'Name', sortField: 'full_name', render: (m) => m.full_name || '—' },
    { key: 'email', header: 'Email', sortField: 'email' },
    { key: 'role', header: 'Role', sortField: 'role', render: (m) => roleTitle(m.role) },
    { key: 'permission_groups', header: 'Permission groups', render: (m) => groupNames(m.permission_groups) || '—' },
    { key: 'is_active', header: 'Status', sortField: 'is_active', render: (m) => (
      <Actions>
        <ActiveBadge active={m.is_active} />
        {!m.user_is_active ? <Badge $tone="danger">User deactivated</Badge> : null}
      </Actions>
    ) },
    { key: 'created_at', header: 'Added', sortField: 'created_at', render: (m) => formatDateTime(m.created_at), hiddenByDefault: true },
  ];

  const inviteColumns: Column<AdminInviteRow>[] = [
    { key: 'email', header: 'Email', sortField: 'email' },
    { key: 'role', header: 'Role', sortField: 'role', render: (i) => roleTitle(i.role) },
    { key: 'groups', header: 'Permission groups', render: (i) => groupNames(i.groups) || '—' },
    { key: 'status', header: 'Status', sortField: 'status', render: (i) => <Badge $tone={INVITE_TONES[i.status]}>{i.status}</Badge> },
    { key: 'expires_at', header: 'Expires', sortField: 'expires_at', render: (i) => formatDate(i.expires_at) },
    { key: 'invited_by', header: 'Invited by', render: (i) => i.invited_by?.full_name ?? '—' },
  ];

  return (
    <>
      <Section title="Members" id="client-members"
        note="Click a member to change their role or groups, or to deactivate the membership."
        actions={mode === null ? (
          <Actions>
            <Button onClick={() => { setMode('add'); setEditing(null); }}>Add existing user</Button>
            <Button onClick={() => { setMode('invite'); setEditing(null); }}>Invite by email</Button>
          </Actions>
        ) : null}>
        {mode !== null ? (
          <div style={{ marginBottom: 16 }}>
            <h3 style={{ fontSize: 14 }}>{mode === 'add' ? 'Add an existing user' : 'Invite by email'}</h3>
            <ResourceForm<MemberValues>
              key={mode}
              schema={addSchema}
              fields={addFields}
              defaultValues={{ email: '', role: 'analyst', permission_group_ids: [] }}
              submitLabel={mode === 'add' ? 'Add member' : 'Send invitation'}
              successMessage={mode === 'add' ? 'The user has been added' : 'The invitation has been sent'}
              onCancel={() => setMode(null)}
              onSubmit={async (v) => {
                const ids = v.permission_group_ids?.length ? v.permission_group_ids : undefined;
                const entry = { email: v.email.trim(), role: v.role, permission_group_ids: ids };
                if (mode === 'add') await post(ADMIN.clientPart(client.id, 'members'), { member: entry });
                else await post(ADMIN.clientPart(client.id, 'invites'), { invite: entry });
                refreshClient(client.id);
                setMode(null);
              }}
            />
          </div>
        ) : null}
        {editing ? (
          <div style={{ marginBottom: 16 }}>
            <h3 style={{ fontSize: 14 }}>{editing.full_name || editing.email}</h3>
            <ResourceForm<EditValues>
              key={editing.id}
              schema={editSchema}
              fields={editFields}
              defaultValues={{ role: editing.role, permission_group_ids: editing.permission_groups.map((g) => g.id) }}
              onCancel={() => setEditing(null)}
              onSubmit={async (v) => {
                await patch(ADMIN.clientPart(client.id, `members/${editing.id}`),
                  { member: { role: v.role, permission_group_ids: v.permission_group_ids ?? [] } });
                refreshClient(client.id);
                setEditing(null);
              }}
            />
            <div style={{ marginTop: 12 }}>
              {editing.is_active
                ? <Button variant="danger" onClick={() => void setActive(editing, false)}>Deactivate membership</Button>
                : <Button onClick={() => void setActive(editing, true)}>Reactivate membership</Button>}
            </div>
          </div>
        ) : null}
        <DataTable<AdminMemberRow>
          tableKey="admin-client-members"
          endpoint={ADMIN.clientPart(client.id, 'members')}
          columns={memberColumns}
          filters={[
            { key: 'role', label: 'Role', kind: 'multi-select', options: roleOptions },
            { key: 'is_active', label: 'Active', kind: 'boolean' },
          ]}
          search
          onRowClick={(m) => { setEditing(m); setMode(null); }}
          emptySubtitle="Add an existing user or invite someone by email"
        />
      </Section>
      <Section title="Invitations" id="client-invites"
        note="Invitations of this client, whoever sent them. The client's managers can resend or revoke them on their Invites page.">
        <DataTable<AdminInviteRow>
          tableKey="admin-client-invites"
          endpoint={ADMIN.clientPart(client.id, 'invites')}
          columns={inviteColumns}
          emptySubtitle="No invitations yet"
        />
      </Section>
    </>
  );
}
