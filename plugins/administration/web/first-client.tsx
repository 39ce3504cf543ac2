// The client chooser's offer to a platform administrator who belongs to no client (the
// first one of a new deployment, from ADMIN_EMAILS or `npm run admin`): create the first
// client and become its owner, since the administrator tools live inside a client.
import { object } from 'superstruct';
import { maxLength, post, required, ResourceForm, useMe, type FieldDef } from '../../../src/host/web.ts';

interface FirstClientValues { name: string; full_name: string }
const schema = object({ name: required(maxLength(100)), full_name: required(maxLength(200)) });
const fields: FieldDef<FirstClientValues>[] = [
  { name: 'name', label: 'Client name', required: true, hint: 'As shown in the application, e.g. Acme Payments.' },
  { name: 'full_name', label: 'Legal name', required: true },
];

export default function FirstClient() {
  const me = useMe();
  if (!me.data) return null;
  const email = me.data.email;
  return (
    <>
      <h1 id="choose-client">Create the first client</h1>
      <p>You are a platform administrator and no client exists for you yet. Create one: you become its owner and can then invite its members.</p>
      <ResourceForm<FirstClientValues>
        schema={schema}
        fields={fields}
        defaultValues={{ name: '', full_name: '' }}
        submitLabel="Create client"
        successMessage={false}
        onSubmit={async (v) => {
          const created = await post<{ id: string }>('admin/clients', { client: { name: v.name.trim(), full_name: v.full_name.trim() } });
          await post(`admin/clients/${encodeURIComponent(created.data.id)}/members`, { member: { email, role: 'owner' } });
          // A full load: the new membership shows in every cached view of the account.
          window.location.assign(`/${encodeURIComponent(created.data.id)}/profile`);
        }}
      />
    </>
  );
}
