// admin/users/:id: one user for administrators — details (editable, with a new password
// when the embedded issuer keeps passwords), the administrator flag, the active state and
// the user's memberships. An administrator cannot revoke their own flag or deactivate
// themselves, and the last active administrator keeps both (the server says why).
import { ArrowLeftIcon, PencilIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useState } from 'react';
import styled from 'styled-components';
import { nullable, object, optional } from 'superstruct';
import { Link } from 'wouter';
import {
  AlertFallback, ApiError, confirm, ConfirmClosed, DetailView, type FieldDef, formatDateTime, notify, type PageProps, patch, post, ResourceForm, useClient, useClientHref,
} from '../../../src/host/web.ts';
import { MIN_PASSWORD, optionalPassword, optionalPhone, userUpdateBody } from '../schemas.ts';
import { ADMIN, refreshUsers, useIdentityMode, useUserDetail, type AdminUserDetail } from './admin-api.ts';
import { ActiveBadge, Actions, Badge, groupNames, Header, Page, roleTitle, Section } from './parts.tsx';

interface UserValues { email: string; full_name: string; phone: string; password: string }

const inner = userUpdateBody.schema.user.schema;
const schema = object({
  email: inner.email,
  full_name: inner.full_name,
  phone: optional(nullable(optionalPhone())),
  // Blank keeps the current password.
  password: optional(optionalPassword()),
});

const Table = styled.table`
  width: 100%; border-collapse: collapse; font-size: 13px;
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid var(--borderColor-muted, #e5e9ed); }
  th { font-weight: 600; color: var(--fgColor-muted, #59636e); }
`;

/** The server's reason for refusing a flag change (the last administrator …), else the error toast. */
function refusal(e: unknown) {
  if (e instanceof ConfirmClosed) return;
  const reason = e instanceof ApiError ? Object.values(e.errors)[0] : undefined;
  if (reason) notify.warning(reason);
  else notify.error(e);
}

function Details({ user, passwords }: { user: AdminUserDetail; passwords: boolean }) {
  const [editing, setEditing] = useState(false);
  const fields: FieldDef<UserValues>[] = [
    { name: 'email', label: 'Email', kind: 'email', required: true },
    { name: 'full_name', label: 'Full name', required: true },
    { name: 'phone', label: 'Phone', kind: 'tel' },
    ...(passwords ? [{ name: 'password' as const, label: 'New password', kind: 'password' as const,
      hint: `Leave empty to keep the current one. At least ${MIN_PASSWORD} characters` }] : []),
  ];
  return (
    <Section title="Details" id="user-details"
      actions={!editing ? <Button size="small" leadingVisual={PencilIcon} onClick={() => setEditing(true)}>Edit</Button> : null}>
      {editing ? (
        <ResourceForm<UserValues>
          schema={schema}
          fields={fields}
          defaultValues={{ email: user.email, full_name: user.full_name, phone: user.phone ?? '', password: '' }}
          onCancel={() => setEditing(false)}
          onSubmit={async (v) => {
            await patch(ADMIN.user(user.id), {
              user: { email: v.email.trim(), full_name: v.full_name.trim(), phone: v.phone, ...(passwords && v.password ? { password: v.password } : {}) },
            });
            refreshUsers();
            setEditing(false);
          }}
        />
      ) : (
        <DetailView fields={[
          { label: 'Email', value: user.email },
          { label: 'Full name', value: user.full_name },
          { label: 'Phone', value: user.phone },
          { label: 'Password', value: user.has_password ? 'Set' : 'None (signs in at the identity provider)', visible: passwords || user.has_password },
          { label: 'Created', value: formatDateTime(user.created_at) },
        ]} />
      )}
    </Section>
  );
}

function Access({ user }: { user: AdminUserDetail }) {
  const { me } = useClient();
  const self = me.id === user.id;
  const [busy, setBusy] = useState(false);

  async function act(action: string, opts: { title: string; content: string; confirmLabel: string; danger?: boolean }, done: string) {
    setBusy(true);
    try {
      if ((await confirm(opts)) !== 'confirm') return;
      await post(ADMIN.userAction(user.id, action));
      refreshUsers();
      notify.success(done);
    } catch (e) {
      refusal(e);
    } finally {
      setBusy(false);
    }
  }

  const name = user.full_name || user.email;
  return (
    <Section title="Access" id="user-access"
      note={self ? 'This is your own account: you cannot revoke your own administrator flag or deactivate yourself.' : undefined}>
      <DetailView fields={[
        { label: 'Administrator', value: user.is_admin ? <Badge $tone="accent">Administrator</Badge> : 'No' },
        { label: 'Status', value: <ActiveBadge active={user.is_active} /> },
      ]} />
      <div style={{ height: 12 }} />
      <Actions>
        {user.is_admin ? (
          <Button disabled={busy || self} title={self ? 'You cannot revoke your own administrator flag' : undefined}
            onClick={() => void act('revoke_admin', { title: 'Revoke administrator', content: `${name} will lose the administrator tools at once.`, confirmLabel: 'Yes, revoke', danger: true }, 'The administrator flag has been revoked')}>
            Revoke administrator
          </Button>
        ) : (
          <Button disabled={busy}
            onClick={() => void act('grant_admin', { title: 'Make administrator', content: `${name} will get every administrator tool, for all clients.`, confirmLabel: 'Yes, grant' }, 'The administrator flag has been granted')}>
            Make administrator
          </Button>
        )}
        {user.is_active ? (
          <Button variant="danger" disabled={busy || self} title={self ? 'You cannot deactivate your own account' : undefined}
            onClick={() => void act('deactivate', { title: 'Deactivate user', content: `${name} will be signed out everywhere at once and cannot sign in until reactivated.`, confirmLabel: 'Yes, deactivate', danger: true }, 'The user has been deactivated')}>
            Deactivate
          </Button>
        ) : (
          <Button disabled={busy}
            onClick={() => void act('reactivate', { title: 'Reactivate user', content: `${name} will be able to sign in again.`, confirmLabel: 'Yes, reactivate' }, 'The user has been reactivated')}>
            Reactivate
          </Button>
        )}
      </Actions>
    </Section>
  );
}

function Memberships({ user }: { user: AdminUserDetail }) {
  const href = useClientHref();
  return (
    <Section title="Memberships" id="user-memberships" note="Add or change memberships on the client's page.">
      {user.memberships.length === 0 ? <p className="note">Not a member of any client.</p> : (
        <Table>
          <thead><tr><th>Client</th><th>Role</th><th>Permission groups</th><th>Status</th><th>Since</th></tr></thead>
          <tbody>
            {user.memberships.map((m) => (
              <tr key={m.id}>
                <td><Link href={href(`admin/clients/${m.client.id}`)}>{m.client.name}</Link></td>
                <td>{roleTitle(m.role)}</td>
                <td>{groupNames(m.permission_groups) || '—'}</td>
                <td><ActiveBadge active={m.is_active} /></td>
                <td>{formatDateTime(m.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}

export default function UserPage({ params }: PageProps) {
  const href = useClientHref();
  const { data: user, error, loading } = useUserDetail(params.id);
  const identity = useIdentityMode();
  return (
    <Page>
      <Header>
        <Link href={href('admin/users')} aria-label="All users"><ArrowLeftIcon /></Link>
        <h1>{user ? user.full_name || user.email : 'User'}</h1>
      </Header>
      {error && !user ? <AlertFallback error={error} /> : null}
      {loading && !user ? <DetailView loading fields={[{ label: 'Email' }, { label: 'Full name' }, { label: 'Phone' }]} /> : null}
      {user ? (
        <>
          <Details user={user} passwords={identity.data?.passwords ?? false} />
          <Access user={user} />
          <Memberships user={user} />
        </>
      ) : null}
    </Page>
  );
}
