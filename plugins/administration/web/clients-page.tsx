// admin/clients: every client of the platform (name, full name, email, members, balance,
// features on, created) and a form to create one. A new client gets the default permission
// groups (Owners, Compliance officers, Analysts) and the features chosen (all by default).
import { PlusIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useState } from 'react';
import { array, object, optional, string } from 'superstruct';
import { useLocation } from 'wouter';
import {
  type Column, DataTable, type FieldDef, formatDateTime, type PageProps, post, registry, ResourceForm, useClientHref,
} from '../../../src/host/web.ts';
import { clientFields } from '../schemas.ts';
import { ADMIN, refreshClient, type AdminClientDetail, type AdminClientRow } from './admin-api.ts';
import { Header, money, Page, Section, sentence } from './parts.tsx';

interface NewClientValues {
  name: string;
  full_name: string;
  email: string;
  phone: string;
  features: string[];
}

const schema = object({ ...clientFields.schema, features: optional(array(string())) });

const fields: FieldDef<NewClientValues>[] = [
  { name: 'name', label: 'Name', required: true, hint: 'Unique on the platform; shown in the client switcher' },
  { name: 'full_name', label: 'Full name', required: true, hint: 'The legal name' },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel', placeholder: '+44 20 7946 0000' },
  {
    name: 'features', label: 'Features', kind: 'multi-select',
    options: registry.catalog.features.map((f) => ({ value: f.code, label: sentence(f.title) })),
    hint: 'All are available by default; they can be switched on and off later on the client’s page',
  },
];

const defaults: NewClientValues = { name: '', full_name: '', email: '', phone: '', features: registry.catalog.features.map((f) => f.code) };

const columns: Column<AdminClientRow>[] = [
  { key: 'name', header: 'Name', sortField: 'name' },
  { key: 'full_name', header: 'Full name', sortField: 'full_name' },
  { key: 'email', header: 'Email', sortField: 'email', render: (c) => c.email ?? '—' },
  { key: 'phone', header: 'Phone', render: (c) => c.phone ?? '—', hiddenByDefault: true },
  { key: 'members_count', header: 'Members', sortField: 'members_count' },
  { key: 'balance', header: 'Balance', sortField: 'balance', render: (c) => money(c.balance) },
  { key: 'features_on', header: 'Features on', sortField: 'features_on', render: (c) => `${c.features_on} of ${c.features_total}` },
  { key: 'created_at', header: 'Created', sortField: 'created_at', render: (c) => formatDateTime(c.created_at) },
];

export default function ClientsPage(_props: PageProps) {
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const href = useClientHref();

  return (
    <Page>
      <Header>
        <h1>Clients</h1>
        <span className="spacer" />
        {!creating ? <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setCreating(true)}>New client</Button> : null}
      </Header>
      {creating ? (
        <Section title="New client" id="new-client">
          <ResourceForm<NewClientValues>
            schema={schema}
            fields={fields}
            defaultValues={defaults}
            submitLabel="Create client"
            successMessage="The client has been created"
            onCancel={() => setCreating(false)}
            onSubmit={async (v) => {
              const r = await post<AdminClientDetail>(ADMIN.clients, {
                client: { name: v.name.trim(), full_name: v.full_name.trim(), email: v.email, phone: v.phone, features: v.features ?? [] },
              });
              refreshClient(r.data.id);
              setCreating(false);
              navigate(href(`admin/clients/${r.data.id}`));
            }}
          />
        </Section>
      ) : null}
      <DataTable<AdminClientRow>
        tableKey="admin-clients"
        endpoint={ADMIN.clients}
        columns={columns}
        filters={[
          { key: 'created_at', label: 'Created', kind: 'date-range' },
          { key: 'balance', label: 'Balance', kind: 'number-range' },
        ]}
        search
        onRowClick={(c) => navigate(href(`admin/clients/${c.id}`))}
        emptySubtitle="Create the first client to get started"
      />
    </Page>
  );
}
