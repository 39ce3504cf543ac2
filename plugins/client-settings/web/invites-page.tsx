// account/invites: invite a colleague by email with a role and permission groups, and the
// invitations sent so far with their status; a pending or expired one can be sent again
// (a new link, valid seven days) or revoked. Per-field messages come from the server too
// (already a member, already invited).
import { Button } from '@primer/react';
import { useMemo, useState } from 'react';
import { array, enums, object, optional, string } from 'superstruct';
import {
  type Column, confirm, ConfirmClosed, DataTable, email, type FieldDef, type FilterDef, formatDateTime, get, invalidate, notify, type PageProps, post, required, ResourceForm, useClient, useQuery,
} from '../../../src/host/web.ts';
import { INVITE_TTL_DAYS, type InviteRow } from '../schemas.ts';
import { MEMBER_ROLES } from '../../../src/shared/schemas/membership.ts';
import { endpoints, keys } from './api.ts';
import { labelFieldErrors, reportFailure } from './failures.ts';
import { INVITE_STATUS_OPTIONS, ROLE_OPTIONS, roleTitle } from './labels.ts';
import { PageHeader, Section } from './page-header.tsx';
import { StatusLabel } from './status-label.tsx';

type Row = InviteRow & Record<string, unknown>;
interface InviteValues { email: string; role: string; permission_group_ids?: string[] }

const schema = object({
  email: required(email()),
  role: required(enums(MEMBER_ROLES as unknown as string[])),
  permission_group_ids: optional(array(string())),
});

const filters: FilterDef[] = [
  { key: 'status', label: 'Status', kind: 'multi-select', options: INVITE_STATUS_OPTIONS },
  { key: 'role', label: 'Role', kind: 'multi-select', options: ROLE_OPTIONS },
  { key: 'created_at', label: 'Sent', kind: 'date-range' },
];

async function act(clientId: string, invite: InviteRow, action: 'resend' | 'revoke') {
  try {
    const answer = await confirm(action === 'revoke'
      ? { title: 'Revoke this invitation?', content: `The link sent to ${invite.email} will stop working.`, confirmLabel: 'Yes, revoke', danger: true }
      : { title: 'Send the invitation again?', content: `${invite.email} gets a new link, valid ${INVITE_TTL_DAYS} days. The previous link stops working.`, confirmLabel: 'Yes, send' });
    if (answer !== 'confirm') return;
  } catch (e) {
    if (e instanceof ConfirmClosed) return;
    throw e;
  }
  try {
    await post(endpoints.invite(clientId, invite.id, action));
    notify.success();
    invalidate(keys.invites(clientId));
  } catch (e) {
    reportFailure(e);
  }
}

export default function InvitesPage(_props: PageProps) {
  const { clientId } = useClient();
  const [formKey, setFormKey] = useState(0);
  const groups = useQuery(['clients', clientId, 'invites', 'permission_groups'],
    () => get<{ id: string; name: string; grantable: boolean }[]>(endpoints.inviteGroups(clientId)).then((r) => r.data));

  const fields = useMemo<FieldDef<InviteValues>[]>(() => [
    { name: 'email', label: 'Email', kind: 'email', required: true, placeholder: 'colleague@example.com' },
    { name: 'role', label: 'Role', kind: 'select', required: true, options: ROLE_OPTIONS },
    { name: 'permission_group_ids', label: 'Permission groups', kind: 'multi-select',
      // Groups granting more than the inviter holds are refused by the server: not offered.
      options: (groups.data ?? []).filter((g) => g.grantable).map((g) => ({ value: g.id, label: g.name })),
      hint: 'What the new member may do. Hold Ctrl (⌘ on a Mac) to pick several.' },
  ], [groups.data]);

  const columns = useMemo<Column<Row>[]>(() => [
    { key: 'email', header: 'Email', sortField: 'email' },
    { key: 'role', header: 'Role', sortField: 'role', render: (i) => roleTitle(i.role) },
    { key: 'groups', header: 'Permission groups', render: (i) => i.groups.map((g) => g.name).join(', ') || '—' },
    { key: 'status', header: 'Status', sortField: 'status', render: (i) => <StatusLabel status={i.status} /> },
    { key: 'invited_by', header: 'Invited by', render: (i) => i.invited_by?.full_name ?? '—' },
    { key: 'created_at', header: 'Sent', sortField: 'created_at', render: (i) => formatDateTime(i.created_at) },
    { key: 'expires_at', header: 'Expires', sortField: 'expires_at', render: (i) => (i.status === 'pending' || i.status === 'expired' ? formatDateTime(i.expires_at) : '—') },
    { key: 'actions', header: '', render: (i) => (i.status === 'pending' || i.status === 'expired' ? (
      <span style={{ display: 'inline-flex', gap: 6 }} onClick={(e) => e.stopPropagation()}>
        <Button size="small" onClick={() => void act(clientId, i, 'resend')}>Resend</Button>
        <Button size="small" variant="danger" onClick={() => void act(clientId, i, 'revoke')}>Revoke</Button>
      </span>
    ) : null) },
  ], [clientId]);

  return (
    <div>
      <PageHeader title="Invites">
        An invitation is an email with a personal link, valid {INVITE_TTL_DAYS} days. The colleague chooses a password (or signs in) and joins this client with the role and groups you pick.
      </PageHeader>
      <Section aria-labelledby="invite-form">
        <h2 id="invite-form">Invite a user</h2>
        <ResourceForm<InviteValues>
          key={formKey}
          schema={schema}
          fields={fields}
          defaultValues={{ email: '', role: 'member', permission_group_ids: [] }}
          submitLabel="Send invitation"
          onSubmit={async (v) => {
            try {
              await post(endpoints.invites(clientId), { invite: { email: v.email.trim(), role: v.role, permission_group_ids: v.permission_group_ids ?? [] } });
            } catch (e) {
              throw labelFieldErrors(e, { email: 'Email', role: 'Role', permission_group_ids: 'Permission groups' });
            }
            invalidate(keys.invites(clientId));
            // A fresh, empty form for the next colleague (after the success toast).
            setTimeout(() => setFormKey((k) => k + 1), 0);
          }}
        />
      </Section>
      <Section aria-labelledby="invite-list">
        <h2 id="invite-list">Invitations</h2>
        <DataTable<Row>
          tableKey="client_settings_invites"
          endpoint={endpoints.invites(clientId)}
          columns={columns}
          filters={filters}
          search
          emptySubtitle="No invitation has been sent yet"
        />
      </Section>
    </div>
  );
}
