// account/users/:id "User information": who the member is, what they may do, their role
// and permission groups (editable), and deactivation / reactivation. A deactivated member
// can no longer open this client; the server refuses to deactivate yourself or the last
// member who can manage the client, and says so.
import { Button } from '@primer/react';
import { useMemo, useState } from 'react';
import { array, enums, object, string } from 'superstruct';
import {
  AlertFallback, bootstrapKey, confirm, ConfirmClosed, DetailView, type FieldDef, formatDateTime, get, invalidate, notify, type PageProps, patch, post, required, ResourceForm, useClient, useQuery,
} from '../../../src/host/web.ts';
import type { MemberDetail } from '../schemas.ts';
import { MEMBER_ROLES } from '../../../src/shared/schemas/membership.ts';
import { endpoints, keys } from './api.ts';
import { conflictOnField, labelFieldErrors, reportFailure } from './failures.ts';
import { ROLE_OPTIONS, codeLabel, roleTitle } from './labels.ts';
import { PageHeader, Section } from './page-header.tsx';
import { StatusLabel } from './status-label.tsx';
import { useAllRoles } from './use-roles.ts';

interface AccessValues { role: string; permission_group_ids: string[] }

const schema = object({
  role: required(enums(MEMBER_ROLES as unknown as string[])),
  permission_group_ids: array(string()),
});

export default function UserPage({ params }: PageProps) {
  const { clientId } = useClient();
  const member = useQuery(keys.user(clientId, params.id), () => get<MemberDetail>(endpoints.user(clientId, params.id)).then((r) => r.data));
  const roles = useAllRoles(clientId);
  const [busy, setBusy] = useState(false);
  const m = member.data;

  const fields = useMemo<FieldDef<AccessValues>[]>(() => [
    { name: 'role', label: 'Role', kind: 'select', required: true, options: ROLE_OPTIONS },
    { name: 'permission_group_ids', label: 'Permission groups', kind: 'multi-select',
      options: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
      hint: 'What the member may do comes from these groups. Hold Ctrl (⌘ on a Mac) to pick several.' },
  ], [roles.data]);
  const defaults = useMemo(() => ({ role: m?.role ?? '', permission_group_ids: m?.groups.map((g) => g.id) ?? [] }), [m]);

  const refresh = () => {
    invalidate(keys.users(clientId));
    if (m?.is_self) invalidate(bootstrapKey(clientId));
  };

  const setActive = async (active: boolean) => {
    if (!m) return;
    try {
      const answer = await confirm(active
        ? { title: 'Reactivate this member?', content: `${m.full_name} will be able to open this client again.`, confirmLabel: 'Yes, reactivate' }
        : { title: 'Deactivate this member?', content: `${m.full_name} will no longer be able to open this client. You can reactivate them later.`,
          confirmLabel: 'Yes, deactivate', danger: true });
      if (answer !== 'confirm') return;
    } catch (e) {
      if (e instanceof ConfirmClosed) return;
      throw e;
    }
    setBusy(true);
    try {
      await post(`${endpoints.user(clientId, m.id)}/${active ? 'reactivate' : 'deactivate'}`);
      notify.success();
      refresh();
    } catch (e) {
      reportFailure(e);
    } finally {
      setBusy(false);
    }
  };

  if (member.error && !m) return <AlertFallback error={member.error} />;

  return (
    <div>
      <PageHeader title={m?.full_name || 'User information'}
        actions={m && !m.is_self ? (
          m.status === 'active'
            ? <Button variant="danger" disabled={busy} onClick={() => void setActive(false)}>Deactivate</Button>
            : <Button disabled={busy} onClick={() => void setActive(true)}>Reactivate</Button>
        ) : null} />
      <Section aria-labelledby="member-details">
        <h2 id="member-details">User information</h2>
        <DetailView loading={!m} fields={[
          { label: 'Full name', value: m?.full_name },
          { label: 'Email', value: m?.email },
          { label: 'Phone', value: m?.phone },
          { label: 'Role', value: m ? roleTitle(m.role) : null },
          { label: 'Status', value: m ? <StatusLabel status={m.status} /> : null },
          { label: 'Permission groups', value: m?.groups.map((g) => g.name).join(', ') },
          { label: 'Last sign-in', value: m?.last_sign_in_at ? formatDateTime(m.last_sign_in_at) : null },
          { label: 'Member since', value: m ? formatDateTime(m.created_at) : null },
        ]} />
      </Section>
      <Section aria-labelledby="member-access">
        <h2 id="member-access">Role and permission groups</h2>
        {m ? (
          <ResourceForm<AccessValues>
            schema={schema}
            fields={fields}
            defaultValues={defaults}
            messages={{ role: { required: 'Required' } }}
            onSubmit={async (v) => {
              try {
                await patch(endpoints.user(clientId, m.id), { user: { role: v.role, permission_group_ids: v.permission_group_ids ?? [] } });
              } catch (e) {
                throw labelFieldErrors(conflictOnField(e, 'permission_group_ids'), { role: 'Role', permission_group_ids: 'Permission groups' });
              }
              refresh();
            }}
          />
        ) : null}
      </Section>
      <Section aria-labelledby="member-permissions">
        <h2 id="member-permissions">Permissions</h2>
        <DetailView loading={!m} fields={[{
          label: 'Granted by the groups',
          value: m?.permissions.length ? m.permissions.map(codeLabel).join(', ') : null,
        }]} />
      </Section>
    </div>
  );
}
