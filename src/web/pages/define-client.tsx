// /define_client (spec 2.1): a member of one client goes straight to it; a member of
// several chooses; a user without any membership is told so and can sign out. A platform
// administrator without any (the first one of a new deployment, from ADMIN_EMAILS or
// `npm run admin`) creates the first client here and becomes its owner, since the
// administrator tools live inside a client.
import { Button } from '@primer/react';
import styled from 'styled-components';
import { object } from 'superstruct';
import { Link, Redirect } from 'wouter';
import { post, useQuery } from '../../shared/api-client.ts';
import { COPYRIGHT, TAGLINE } from '../brand.ts';
import { ErrorScreen } from '../screens/error-screen.tsx';
import { screenForError } from '../screens/error-texts.ts';
import { FullScreenLoader } from '../screens/loader.tsx';
import { Logo } from '../screens/logo.tsx';
import { logout } from '../shell/logout.ts';
import { ME_KEY, fetchMe } from '../state/client.tsx';
import { onlyClient, roleName } from '../state/grants.ts';
import { ResourceForm, maxLength, required, type FieldDef } from '../toolkit/index.ts';

const Page = styled.main`
  min-height: 100vh; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 16px; padding: 32px 16px; background: var(--bgColor-muted, #f6f8fa);
`;
const Card = styled.section`
  width: 420px; max-width: 100%; background: var(--bgColor-default, #fff);
  border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 12px; padding: 24px;
  h1 { font-size: 20px; margin: 0 0 16px; }
  ul { list-style: none; margin: 0; padding: 0; }
  li a { display: flex; justify-content: space-between; padding: 10px 12px; border-radius: 8px;
         text-decoration: none; color: var(--fgColor-default, #1f2328); }
  li a:hover { background: var(--bgColor-neutral-muted, #eaeef2); }
  small { color: var(--fgColor-muted, #59636e); }
`;
const Brand = styled.div`
  display: flex; align-items: center; gap: 10px; font-weight: 600; color: var(--fgColor-muted, #59636e);
`;

interface FirstClientValues { name: string; full_name: string }
const firstClientSchema = object({ name: required(maxLength(100)), full_name: required(maxLength(200)) });
const firstClientFields: FieldDef<FirstClientValues>[] = [
  { name: 'name', label: 'Client name', required: true, hint: 'As shown in the application, e.g. Acme Payments.' },
  { name: 'full_name', label: 'Legal name', required: true },
];

/** The first client of a deployment, made by its administrator through the administrator API. */
function FirstClient({ email }: { email: string }) {
  return (
    <>
      <h1 id="choose-client">Create the first client</h1>
      <p>You are a platform administrator and no client exists for you yet. Create one: you become its owner and can then invite its members.</p>
      <ResourceForm<FirstClientValues>
        schema={firstClientSchema}
        fields={firstClientFields}
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

export default function DefineClient() {
  const me = useQuery(ME_KEY, fetchMe);
  if (me.error && !me.data) {
    const { kind, status } = screenForError(me.error);
    return <ErrorScreen kind={kind} status={status} />;
  }
  if (!me.data) return <FullScreenLoader />;
  const only = onlyClient(me.data);
  if (only) return <Redirect to={`/${encodeURIComponent(only)}/profile`} replace />;
  const clients = me.data.accounts_clients;
  return (
    <Page>
      <Brand><Logo size={40} /><span>{TAGLINE}</span></Brand>
      <Card aria-labelledby="choose-client">
        {clients.length > 0 ? (
          <>
            <h1 id="choose-client">Choose a client</h1>
            <ul>
              {clients.map((ac) => (
                <li key={ac.client.id}>
                  <Link href={`/${encodeURIComponent(ac.client.id)}/profile`}>
                    <span>{ac.client.name}</span>
                    <small>{roleName(ac.role)}</small>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : me.data.is_admin ? (
          <FirstClient email={me.data.email} />
        ) : (
          <>
            <h1 id="choose-client">No client yet</h1>
            <p>Your account is not a member of any client. Ask an administrator of your organisation for an invitation.</p>
            <Button onClick={() => logout(null)}>Log out</Button>
          </>
        )}
      </Card>
      <small>{COPYRIGHT}</small>
    </Page>
  );
}
