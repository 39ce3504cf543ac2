// /onboarding?invite=<token> (root level, spec 2.1): accepting an invitation. The page
// reads the invitation (client, email, inviter), then:
// - a new user with the embedded issuer gives a full name and a password; the account and
//   the membership are created together, then the browser goes to sign in;
// - an existing user signs in first, comes back here and accepts with their session; the
//   invited email must be theirs;
// - with an external issuer, someone without an account signs in there and comes back
//   with a verified identity (no session): accepting creates the account for this
//   invitation, then the browser signs in again.
// An expired, revoked or already accepted invitation shows the server's message.
import { Button } from '@primer/react';
import { useState } from 'react';
import styled from 'styled-components';
import { object } from 'superstruct';
import { useSearch } from 'wouter';
import {
  AlertFallback, api, COPYRIGHT, DetailView, type FieldDef, FullScreenLoader, get, loginUrl, Logo, logout, maxLength, type Me, minLength, type PageProps, post, required, ResourceForm, TAGLINE, useQuery,
} from '../../../src/host/web.ts';
import { CLIENT_SETTINGS_TEXTS, MIN_PASSWORD_LENGTH, type OnboardingInvite } from '../schemas.ts';
import { roleTitle } from './labels.ts';

const Page = styled.main`
  min-height: 100vh; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 16px; padding: 32px 16px; background: var(--bgColor-muted, #f6f8fa);
`;
const Card = styled.section`
  width: 480px; max-width: 100%; background: var(--bgColor-default, #fff);
  border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 12px; padding: 24px;
  display: flex; flex-direction: column; gap: 16px;
  h1 { font-size: 20px; margin: 0; }
  p { margin: 0; }
`;
const Brand = styled.div`
  display: flex; align-items: center; gap: 10px; font-weight: 600; color: var(--fgColor-muted, #59636e);
`;

interface RegisterValues { full_name: string; password: string }

const registerSchema = object({
  full_name: required(maxLength(200)),
  password: required(minLength(MIN_PASSWORD_LENGTH)),
});
const registerFields: FieldDef<RegisterValues>[] = [
  { name: 'full_name', label: 'Full name', required: true },
  { name: 'password', label: 'Password', kind: 'password', required: true, hint: `At least ${MIN_PASSWORD_LENGTH} characters.` },
];

/** The signed-in account, or null: no redirect to sign in (this page is for people without a session too). */
async function currentAccount(): Promise<Me | null> {
  const res = await api.get('me', { throwHttpErrors: false });
  if (!res.ok) return null;
  const body = (await res.json()) as { data?: Me };
  return body.data ?? null;
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Page>
      <Brand><Logo size={40} /><span>{TAGLINE}</span></Brand>
      <Card aria-labelledby="onboarding-title">{children}</Card>
      <small>{COPYRIGHT}</small>
    </Page>
  );
}

export default function OnboardingPage(_props: PageProps) {
  const token = new URLSearchParams(useSearch()).get('invite') ?? '';
  const invite = useQuery(token ? ['onboarding', 'invite', token] : null,
    () => get<OnboardingInvite>('onboarding/invite', { token }).then((r) => r.data));
  const me = useQuery(['onboarding', 'me'], currentAccount);
  const [accepting, setAccepting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!token) {
    return <Frame><h1 id="onboarding-title">Invitation</h1><AlertFallback message={CLIENT_SETTINGS_TEXTS.inviteNotFound} /></Frame>;
  }
  if (invite.error && !invite.data) {
    return (
      <Frame>
        <h1 id="onboarding-title">Invitation</h1>
        <AlertFallback error={invite.error} />
        <p><a href="/define_client">Go to the application</a></p>
      </Frame>
    );
  }
  const i = invite.data;
  if (!i || me.loading) return <FullScreenLoader />;
  const account = me.data ?? null;
  const sameEmail = account !== null && account.email.trim().toLowerCase() === i.email.trim().toLowerCase();
  const verified = account === null ? i.verified_email : null;
  const sameVerified = verified !== null && verified.trim().toLowerCase() === i.email.trim().toLowerCase();
  const here = typeof window === 'undefined' ? '' : window.location.href;

  const accept = async () => {
    setAccepting(true);
    setFailure(null);
    try {
      const r = await post<{ client_id: string; redirect_to: string }>('onboarding/invite/accept', { invite: { token } });
      // A full load: the new membership shows in every cached view of the account.
      window.location.assign(r.data.redirect_to);
    } catch (e) {
      setFailure(e instanceof Error && e.message ? e.message : 'Something went wrong');
      setAccepting(false);
    }
  };

  let action: React.ReactNode;
  if (account && sameEmail) {
    action = (
      <>
        <p>You are signed in as {account.email}.</p>
        {failure ? <AlertFallback message={failure} /> : null}
        <div><Button variant="primary" disabled={accepting} onClick={() => void accept()}>Accept invitation</Button></div>
      </>
    );
  } else if (account) {
    action = (
      <>
        <AlertFallback message={CLIENT_SETTINGS_TEXTS.inviteOtherEmail} />
        <p>You are signed in as {account.email}. Log out, then open the invitation link again.</p>
        <div><Button onClick={() => logout(null)}>Log out</Button></div>
      </>
    );
  } else if (verified && sameVerified) {
    action = (
      <>
        <p>Your identity provider confirmed that you are {verified}.</p>
        {failure ? <AlertFallback message={failure} /> : null}
        <div><Button variant="primary" disabled={accepting} onClick={() => void accept()}>Accept invitation</Button></div>
      </>
    );
  } else if (verified) {
    action = (
      <>
        <AlertFallback message={CLIENT_SETTINGS_TEXTS.inviteOtherEmail} />
        <p>You signed in as {verified}. Sign in with {i.email} to accept the invitation.</p>
        <div><Button as="a" href={`/auth/logout?new_account=1&redirect_uri=${encodeURIComponent(here)}`}>Sign in with another account</Button></div>
      </>
    );
  } else if (i.can_register) {
    action = (
      <>
        <p>Choose your name and a password to create your account. You will sign in with {i.email}.</p>
        <ResourceForm<RegisterValues>
          schema={registerSchema}
          fields={registerFields}
          defaultValues={{ full_name: '', password: '' }}
          submitLabel="Create account and join"
          successMessage={false}
          onSubmit={async (v) => {
            const r = await post<{ sign_in_url: string }>('onboarding/invite/register',
              { invite: { token, full_name: v.full_name.trim(), password: v.password } });
            window.location.assign(r.data.sign_in_url);
          }}
        />
      </>
    );
  } else {
    action = (
      <>
        <p>{i.account_exists ? `Sign in as ${i.email} to accept the invitation.` : `Sign in with ${i.email} to accept the invitation.`}</p>
        {/* Without an account, the sign-in comes back here with the verified identity. */}
        <div><Button as="a" href={i.account_exists ? loginUrl() : `${loginUrl()}&new_account=1`} variant="primary">Sign in</Button></div>
      </>
    );
  }

  return (
    <Frame>
      <h1 id="onboarding-title">Join {i.client.name}</h1>
      <p>{i.inviter ? `${i.inviter.full_name} invited you` : 'You are invited'} to join {i.client.name} on {TAGLINE}.</p>
      <DetailView fields={[
        { label: 'Email', value: i.email },
        { label: 'Role', value: roleTitle(i.role) },
      ]} />
      {action}
    </Frame>
  );
}
