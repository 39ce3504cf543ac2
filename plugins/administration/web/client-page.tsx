// admin/clients/:id: one client for administrators — its details (editable), the features
// panel, the balance with its ledger, and its members and invitations.
import { ArrowLeftIcon, PencilIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  AlertFallback, DetailView, type FieldDef, formatDateTime, type PageProps, patch, ResourceForm, useClientHref,
} from '../../../src/host/web.ts';
import { clientFields } from '../schemas.ts';
import { ADMIN, refreshClient, useClientDetail, type AdminClientDetail } from './admin-api.ts';
import { ClientBalance } from './client-balance.tsx';
import { ClientFeatures } from './client-features.tsx';
import { ClientMembers } from './client-members.tsx';
import { Header, money, Page, Section } from './parts.tsx';

interface ClientValues { name: string; full_name: string; email: string; phone: string }

const fields: FieldDef<ClientValues>[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'full_name', label: 'Full name', required: true },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel' },
];

function Details({ client }: { client: AdminClientDetail }) {
  const [editing, setEditing] = useState(false);
  return (
    <Section title="Details" id="client-details"
      actions={!editing ? <Button size="small" leadingVisual={PencilIcon} onClick={() => setEditing(true)}>Edit</Button> : null}>
      {editing ? (
        <ResourceForm<ClientValues>
          schema={clientFields}
          fields={fields}
          defaultValues={{ name: client.name, full_name: client.full_name, email: client.email ?? '', phone: client.phone ?? '' }}
          onCancel={() => setEditing(false)}
          onSubmit={async (v) => {
            await patch(ADMIN.client(client.id), { client: { name: v.name.trim(), full_name: v.full_name.trim(), email: v.email, phone: v.phone } });
            refreshClient(client.id);
            setEditing(false);
          }}
        />
      ) : (
        <DetailView fields={[
          { label: 'Name', value: client.name },
          { label: 'Full name', value: client.full_name },
          { label: 'Email', value: client.email },
          { label: 'Phone', value: client.phone },
          { label: 'Members', value: String(client.members_count) },
          { label: 'Balance', value: money(client.balance) },
          { label: 'Permission groups', value: client.permission_groups.map((g) => `${g.name} (${g.codes_count})`).join(', ') },
          { label: 'Created', value: formatDateTime(client.created_at) },
        ]} />
      )}
    </Section>
  );
}

export default function ClientPage({ params }: PageProps) {
  const href = useClientHref();
  const { data: client, error, loading } = useClientDetail(params.id);

  return (
    <Page>
      <Header>
        <Link href={href('admin/clients')} aria-label="All clients"><ArrowLeftIcon /></Link>
        <h1>{client?.name ?? 'Client'}</h1>
      </Header>
      {error && !client ? <AlertFallback error={error} /> : null}
      {loading && !client ? <DetailView loading fields={[{ label: 'Name' }, { label: 'Full name' }, { label: 'Email' }, { label: 'Balance' }]} /> : null}
      {client ? (
        <>
          <Details client={client} />
          <ClientFeatures client={client} />
          <ClientBalance client={client} />
          <ClientMembers client={client} />
        </>
      ) : null}
    </Page>
  );
}
