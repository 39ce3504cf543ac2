// /define_client (spec 2.1): a member of one client goes straight to it; a member of
// several chooses; a user without any membership sees what the areas offer them here
// (manifests' `shell.noClient`: the first administrator of a deployment creates the first
// client), or is told so and can sign out.
import { Button } from '@primer/react';
import styled from 'styled-components';
import { Link, Redirect } from 'wouter';
import { ADMIN } from '../../host/registries.ts';
import { useQuery } from '../api-client.ts';
import { registry } from '../registry.ts';
import { COPYRIGHT, TAGLINE } from '../brand.ts';
import { ErrorScreen } from '../screens/error-screen.tsx';
import { screenForError } from '../screens/error-texts.ts';
import { FullScreenLoader } from '../screens/loader.tsx';
import { Logo } from '../screens/logo.tsx';
import { logout } from '../shell/logout.ts';
import { ME_KEY, fetchMe } from '../state/client.tsx';
import { onlyClient, roleName } from '../state/grants.ts';
import { NoClientSlots } from '../shell/shell-slots.tsx';

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

/** What the areas offer a user who belongs to no client (null when nothing). */
function noClientOffers(isAdmin: boolean) {
  const grants = { permissions: new Set<string>(isAdmin ? [ADMIN] : []), features: new Set<string>() };
  const slots = registry.catalog.shell.noClient.filter((s) => registry.canSee(s, grants));
  return slots.length ? slots : null;
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
        ) : noClientOffers(me.data.is_admin) ? (
          <NoClientSlots slots={noClientOffers(me.data.is_admin)!} grants={{ permissions: new Set(me.data.is_admin ? [ADMIN] : []), features: new Set() }} />
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
