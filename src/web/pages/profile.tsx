// The user's own profile at /{client_id}/profile: name and phone (PATCH /api/v1/me),
// email (read-only: it is the sign-in identity), memberships with the client switch, and
// the date format preference (US/EU, kept in this browser).
import { Heading, Select } from '@primer/react';
import { useSelector } from '@legendapp/state/react';
import { useMemo } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { object, optional, string } from 'superstruct';
import { invalidate, patch } from '../api-client.ts';
import { DATE_FORMAT_OPTIONS, dateFormat$, formatDate, setDateFormat, type DateFormat } from '../prefs/date-format.ts';
import { ME_KEY, useClient } from '../state/client.tsx';
import { roleName } from '../state/grants.ts';
import { DetailView } from '../toolkit/detail-view.tsx';
import { Field } from '../toolkit/field.tsx';
import { ResourceForm, type FieldDef } from '../toolkit/resource-form.tsx';
import { maxLength, pattern, required } from '../toolkit/superstruct-resolver.ts';
import type { PageProps } from '../../host/area.ts';

const Grid = styled.div`
  display: grid; gap: 32px; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); align-items: start;
  section h2 { font-size: 16px; margin: 0 0 12px; }
  ul { margin: 0; padding: 0; list-style: none; }
  li { display: flex; justify-content: space-between; padding: 8px 0; border-bottom: 1px solid var(--borderColor-muted, #e5e9ed); }
`;

interface ProfileValues { full_name: string; phone?: string }

const schema = object({
  full_name: required(maxLength(200)),
  phone: optional(pattern(/^\+?[0-9 ()-]{5,20}$/, 'must be a valid phone number')),
});

const fields: FieldDef<ProfileValues>[] = [
  { name: 'full_name', label: 'Full name', required: true },
  { name: 'phone', label: 'Phone', kind: 'tel', placeholder: '+44 20 7946 0000' },
];

export default function ProfilePage(_props: PageProps) {
  const { me, clientId } = useClient();
  const format = useSelector(() => dateFormat$.get());
  const defaults = useMemo(() => ({ full_name: me.full_name ?? '', phone: me.phone ?? '' }), [me.full_name, me.phone]);
  return (
    <div>
      <Heading as="h1" style={{ fontSize: 24, marginBottom: 16 }}>Profile</Heading>
      <Grid>
        <section aria-labelledby="profile-details">
          <h2 id="profile-details">Personal details</h2>
          <DetailView fields={[{ label: 'Email', value: me.email }]} />
          <div style={{ height: 16 }} />
          <ResourceForm<ProfileValues>
            schema={schema}
            fields={fields}
            defaultValues={defaults}
            onSubmit={async (v) => {
              await patch('me', { account: { full_name: v.full_name.trim(), phone: v.phone?.trim() || null } });
              invalidate(ME_KEY);
            }}
          />
        </section>
        <section aria-labelledby="profile-memberships">
          <h2 id="profile-memberships">Memberships</h2>
          <ul>
            {me.accounts_clients.map((ac) => (
              <li key={ac.client.id}>
                {ac.client.id === clientId
                  ? <strong>{ac.client.name}</strong>
                  : <Link href={`/${encodeURIComponent(ac.client.id)}/profile`}>{ac.client.name}</Link>}
                <span>{roleName(ac.role)}</span>
              </li>
            ))}
          </ul>
          <h2 style={{ marginTop: 24 }}>Preferences</h2>
          <Field id="date-format" label="Date format" hint={`Today: ${formatDate(new Date(), format)}`}>
            <Select id="date-format" value={format} onChange={(e) => setDateFormat(e.target.value as DateFormat)}>
              {DATE_FORMAT_OPTIONS.map((o) => <Select.Option key={o.value} value={o.value}>{o.label}</Select.Option>)}
            </Select>
          </Field>
        </section>
      </Grid>
    </div>
  );
}
