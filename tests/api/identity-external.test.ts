// OIDC_ISSUER set: the product signs in through another issuer, here a standalone
// oidc-provider in its own process (tests/fixtures/oidc-issuer.mjs) set up as an operator
// sets up Keycloak or Okta. The walk of a new deployment: an empty database, the first
// administrator from ADMIN_EMAILS, a client, an invitation accepted by a new person (the
// account made from the invitation), and what protects it: the ID token's signature
// checked against the issuer's keys (a tampered token refused, rotated keys followed),
// credentials asked again after an idle end, logout ending the issuer's session, the
// issuer's groups mapped to permission groups, and the product's own page in outages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import administration from '../../plugins/administration/server/index.ts';
import clientSettings from '../../plugins/client-settings/server/index.ts';
import { browse, CookieJar, formAction, hiddenInput } from '../../src/server/identity/testing.ts';
import { prepareIssuer, productClient, type ExternalIssuer } from '../fixtures/oidc-issuer.ts';
import { makeClient, startServer, type TestClient, type TestServer } from './harness.ts';

let issuer: ExternalIssuer;
let app: TestServer;
const secret = 'external-client-secret-of-enough-length';
const ROOT = 'root@corp.example';
const NINA = 'nina@corp.example';
const PASSWORD = 'issuer-password-1';

beforeAll(async () => {
  issuer = await prepareIssuer();
  await issuer.start();
  // An empty database: no demo platform, nobody to sign in but ADMIN_EMAILS.
  app = await startServer({
    seed: false,
    plugins: [administration, clientSettings],
    env: {
      OIDC_ISSUER: issuer.url, OIDC_CLIENT_ID: 'compliance-web', OIDC_CLIENT_SECRET: secret,
      ADMIN_EMAILS: `${ROOT.toUpperCase()}, ops@corp.example`, OIDC_GROUPS_CLAIM: 'groups',
    },
  });
  await issuer.setClients([productClient(app.url, secret)]);
  await issuer.setUsers({
    [ROOT]: { password: PASSWORD, name: 'Rita Root' },
    'ops@corp.example': { password: PASSWORD, email_verified: false },
    [NINA]: { password: PASSWORD, name: 'Nina Newcomer', groups: ['compliance-team'] },
    'mallory@corp.example': { password: PASSWORD, name: 'Mallory' },
  });
});

afterAll(async () => {
  await app?.close();
  await issuer?.dispose();
});

const url = (p: string) => `${app.url}${p}`;

/** From the product through the issuer's own sign-in form and back. */
async function signIn(email: string, opts: { jar?: CookieJar; start?: string; password?: string } = {}) {
  const jar = opts.jar ?? new CookieJar();
  const login = await browse(jar, opts.start ?? url(`/auth/login?redirect_uri=${encodeURIComponent(url('/c1/cases'))}`));
  expect(login.url.startsWith(`${issuer.url}/interaction/`), `${login.url}\n${login.body.slice(0, 300)}`).toBe(true);
  expect(login.body).toContain('type="password"');
  const done = await browse(jar, formAction(login.body, login.url)!, { form: { username: email, password: opts.password ?? PASSWORD } });
  return { jar, login, done };
}

function asClient(jar: CookieJar): TestClient {
  const cookie = jar.header(url('/api/v1/me'));
  const csrf = jar.get('csrf_token') ?? '';
  return makeClient(app.url, { userId: '', cookie, csrfToken: csrf, sessionToken: '' });
}

async function audit(action: string) {
  const { rows } = await app.db.query<{ user_id: string | null; client_id: string | null; object_type: string; after: any }>(
    'SELECT user_id, client_id, object_type, after FROM audit_log WHERE action = $1 ORDER BY at', [action]);
  return rows;
}

let rootJar: CookieJar;
let root: TestClient;
let clientId: string;
let inviteToken: string;

describe('a new deployment on an external issuer', () => {
  it('does not mount the embedded issuer', async () => {
    const res = await fetch(url('/idp/.well-known/openid-configuration'));
    expect(res.status).not.toBe(200);
  });

  it('creates the first administrator at the first verified sign-in of an ADMIN_EMAILS address, once', async () => {
    expect((await app.db.query('SELECT 1 FROM users')).rows).toHaveLength(0);
    const { jar, done } = await signIn(ROOT);
    expect(done.url).toBe(url('/c1/cases'));
    rootJar = jar;
    root = asClient(jar);
    const me = await root.get('/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: ROOT, full_name: 'Rita Root', is_admin: true, accounts_clients: [] });
    const created = await audit('create');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ user_id: me.body.data.id, client_id: null, object_type: 'users' });
    expect(created[0].after).toMatchObject({ email: ROOT, is_admin: true, created_by: 'ADMIN_EMAILS' });
    expect((await audit('sign_in')).map((r) => r.user_id)).toEqual([me.body.data.id]);

    // Signing in again finds the account; nothing more is created.
    await signIn(ROOT);
    expect((await app.db.query('SELECT 1 FROM users')).rows).toHaveLength(1);
  });

  it('does not create an administrator for a listed email the issuer has not verified', async () => {
    const { jar, done } = await signIn('ops@corp.example');
    expect(done.response.status).toBe(403);
    expect(done.body).toContain('Your email address is not verified');
    expect(jar.get('sid')).toBeUndefined();
    expect((await app.db.query(`SELECT 1 FROM users WHERE email = 'ops@corp.example'`)).rows).toHaveLength(0);
    expect((await audit('sign_in_failed')).at(-1)!.after).toMatchObject({ reason: 'email_not_verified', email: 'ops@corp.example' });
  });

  it('creates no account from a sign-in alone', async () => {
    const { jar, done } = await signIn(NINA);
    expect(done.response.status).toBe(403);
    expect(done.body).toContain('No account for this email');
    expect(jar.get('sid')).toBeUndefined();
    expect(jar.get('verified_identity')).toBeUndefined();
    expect((await app.db.query('SELECT 1 FROM users WHERE email = $1', [NINA])).rows).toHaveLength(0);
  });

  it('checks the ID token signature against the issuer\'s published keys, cached between sign-ins', async () => {
    const before = (await issuer.state()).counts;
    expect(before.jwks).toBeGreaterThanOrEqual(1);
    await signIn(ROOT);
    const after = (await issuer.state()).counts;
    expect(after.token).toBe(before.token + 1);
    expect(after.jwks).toBe(before.jwks);
  });

  it('refuses an ID token altered on its way (the product\'s page, no session)', async () => {
    await issuer.tamper(ROOT);
    try {
      const { jar, done } = await signIn('mallory@corp.example');
      expect(done.url).toContain(url('/auth/callback'));
      expect(done.response.status).toBe(400);
      expect(done.body).toContain('Sign-in could not be completed');
      expect(done.body).toContain('could not be verified');
      expect(jar.get('sid')).toBeUndefined();
      expect((await audit('sign_in_failed')).at(-1)!.after).toMatchObject({ reason: 'verification_failed' });
    } finally {
      await issuer.tamper(null);
    }
  });

  it('follows the issuer\'s key rotation: an unknown key id makes one new download', async () => {
    const before = (await issuer.state()).counts.jwks;
    await issuer.rotateKeys();
    const { jar, done } = await signIn(ROOT);
    expect(done.url).toBe(url('/c1/cases'));
    expect(jar.get('sid')).toBeDefined();
    expect((await issuer.state()).counts.jwks).toBe(before + 1);
    rootJar = jar;
    root = asClient(jar);
  });
});

describe('an invitation accepted by a new person', () => {
  it('the administrator creates a client, joins it, and invites an officer', async () => {
    const client = await root.post('/api/v1/admin/clients', { client: { name: 'Acme Payments', full_name: 'Acme Payments Ltd' } });
    expect(client.status, JSON.stringify(client.body)).toBe(200);
    clientId = client.body.data.id;
    const me = await root.post(`/api/v1/admin/clients/${clientId}/members`, { member: { email: ROOT, role: 'owner' } });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    const invite = await root.post(`/api/v1/admin/clients/${clientId}/invites`, { invite: { email: NINA, role: 'analyst' } });
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    const { rows } = await app.db.query<{ text_body: string }>('SELECT text_body FROM outbox WHERE to_address = $1', [NINA]);
    inviteToken = /\/onboarding\?invite=([A-Za-z0-9_-]+)/.exec(rows[0].text_body)![1];
  });

  it('a verified sign-in without an account returns to the invitation with an identity nothing else accepts', async () => {
    const onboarding = url(`/onboarding?invite=${inviteToken}`);
    const { jar, done } = await signIn(NINA, { start: url(`/auth/login?redirect_uri=${encodeURIComponent(onboarding)}&new_account=1`) });
    expect(done.url).toBe(onboarding);
    expect(jar.get('sid')).toBeUndefined();
    expect(jar.get('verified_identity')).toBeDefined();
    expect((await app.db.query('SELECT 1 FROM users WHERE email = $1', [NINA])).rows).toHaveLength(0);

    const nina = asClient(jar);
    // The identity opens no other API.
    for (const p of ['/me', '/session', '/session/ping', '/realtime/token', `/api/v1/clients/${clientId}/users`]) {
      expect((await nina.get(p)).status, p).toBe(401);
    }
    expect((await nina.patch('/me', { account: { full_name: 'Nina' } })).status).toBe(401);

    const info = await nina.get('/onboarding/invite', { query: { token: inviteToken } });
    expect(info.body.data).toMatchObject({ email: NINA, account_exists: false, can_register: false, verified_email: NINA });
    // Writes need the CSRF token handed with the identity.
    expect((await nina.post('/onboarding/invite/accept', { invite: { token: inviteToken } }, { csrf: false })).status).toBe(403);

    // Someone else's verified identity cannot take this invitation.
    const other = await signIn('mallory@corp.example', { start: url(`/auth/login?redirect_uri=${encodeURIComponent(onboarding)}&new_account=1`) });
    const mallory = await asClient(other.jar).post('/onboarding/invite/accept', { invite: { token: inviteToken } });
    expect(mallory.status).toBe(403);
    expect((await app.db.query(`SELECT 1 FROM users WHERE email = 'mallory@corp.example'`)).rows).toHaveLength(0);

    const accepted = await nina.post('/onboarding/invite/accept', { invite: { token: inviteToken } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ client_id: clientId, redirect_to: `/auth/login?redirect_uri=${encodeURIComponent(`/${clientId}`)}` });
    const { rows } = await app.db.query<{ id: string; full_name: string; is_admin: boolean; password_hash: string | null }>(
      'SELECT id, full_name, is_admin, password_hash FROM users WHERE email = $1', [NINA]);
    expect(rows[0]).toMatchObject({ full_name: 'Nina Newcomer', is_admin: false, password_hash: null });
    const created = (await audit('create')).filter((r) => r.object_type === 'users' && r.client_id === clientId);
    expect(created.at(-1)!.after).toMatchObject({ email: NINA, created_by: 'invitation' });
    // Accepted once only.
    expect((await nina.post('/onboarding/invite/accept', { invite: { token: inviteToken } })).status).toBe(409);

    // Signing in again (the issuer's session still stands: no password) opens the session.
    const back = await browse(jar, url(accepted.body.data.redirect_to));
    expect(back.url).toBe(url(`/${clientId}`));
    const me = await asClient(jar).get('/me');
    expect(me.body.data).toMatchObject({ email: NINA, accounts_clients: [{ client: { id: clientId, name: 'Acme Payments' }, role: 'analyst' }] });
  });
});

describe('the issuer\'s groups and the client\'s permission groups', () => {
  let groups: Record<string, string>;
  let membership: string;

  async function ninaGroups() {
    const { rows } = await app.db.query<{ name: string }>(
      `SELECT g.name FROM membership_permission_groups mpg JOIN permission_groups g ON g.id = mpg.permission_group_id
        WHERE mpg.account_client_id = $1 ORDER BY g.name`, [membership]);
    return rows.map((r) => r.name);
  }

  it('administrators map claim values to permission groups', async () => {
    const { rows } = await app.db.query<{ id: string; name: string }>('SELECT id, name FROM permission_groups WHERE client_id = $1', [clientId]);
    groups = Object.fromEntries(rows.map((r) => [r.name, r.id]));
    membership = (await app.db.query<{ id: string }>(
      'SELECT ac.id FROM accounts_clients ac JOIN users u ON u.id = ac.user_id WHERE u.email = $1', [NINA])).rows[0].id;
    const base = `/api/v1/admin/clients/${clientId}/group_mappings`;
    const add = await root.post(base, { group_mapping: { claim_value: 'compliance-team', permission_group_id: groups['Compliance officers'] } });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data).toMatchObject({ claim_value: 'compliance-team', permission_group: { id: groups['Compliance officers'], name: 'Compliance officers' } });
    expect((await root.post(base, { group_mapping: { claim_value: 'compliance-team', permission_group_id: groups['Compliance officers'] } })).status).toBe(409);
    expect((await root.post(base, { group_mapping: { claim_value: 'x', permission_group_id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(400);
    expect((await root.post(base, { group_mapping: { claim_value: '', permission_group_id: groups.Owners } })).status).toBe(400);
    const owners = await root.post(base, { group_mapping: { claim_value: 'acme-owners', permission_group_id: groups.Owners } });
    expect(owners.status).toBe(200);
    expect((await root.get(base)).body.data.map((m: { claim_value: string }) => m.claim_value)).toEqual(['acme-owners', 'compliance-team']);
    // Not for members, and not for unknown clients.
    const { jar } = await signIn(NINA);
    expect((await asClient(jar).get(base)).status).toBe(403);
    expect((await root.get('/api/v1/admin/clients/00000000-0000-4000-8000-000000000000/group_mappings')).status).toBe(404);
    expect((await audit('create')).filter((r) => r.object_type === 'group_mappings')).toHaveLength(2);
  });

  it('each sign-in brings the mapped groups in step with the claim, leaving the others alone', async () => {
    // From the invitation: Analysts (not mapped, stays). The claim says compliance-team.
    expect(await ninaGroups()).toEqual(['Analysts', 'Compliance officers']); // the previous sign-in already synced
    await issuer.setUsers({ [NINA]: { password: PASSWORD, name: 'Nina Newcomer', groups: ['acme-owners'] } });
    await signIn(NINA);
    expect(await ninaGroups()).toEqual(['Analysts', 'Owners']);
    const synced = (await audit('sync_groups')).at(-1)!;
    expect(synced).toMatchObject({ client_id: clientId, object_type: 'accounts_clients' });
    expect(synced.after).toMatchObject({ added: ['Owners'], removed: ['Compliance officers'], permission_groups: ['Analysts', 'Owners'] });

    await issuer.setUsers({ [NINA]: { password: PASSWORD, name: 'Nina Newcomer', groups: [] } });
    const rows = (await audit('sync_groups')).length;
    await signIn(NINA);
    expect(await ninaGroups()).toEqual(['Analysts']);
    await signIn(NINA);
    expect(await audit('sync_groups')).toHaveLength(rows + 1); // no change, no row
  });

  it('removing a mapping is audited and leaves the groups as they are', async () => {
    const base = `/api/v1/admin/clients/${clientId}/group_mappings`;
    const list = (await root.get(base)).body.data as { id: string; claim_value: string }[];
    const gone = list.find((m) => m.claim_value === 'acme-owners')!;
    expect((await root.delete(`${base}/${gone.id}`)).status).toBe(200);
    expect((await root.delete(`${base}/${gone.id}`)).status).toBe(404);
    expect((await root.delete(`${base}/not-an-id`)).status).toBe(404);
    expect((await audit('delete')).filter((r) => r.object_type === 'group_mappings')).toHaveLength(1);
  });
});

describe('sessions against the external issuer', () => {
  it('asks the issuer for credentials again after an idle end, though its own session still stands', async () => {
    const { jar } = await signIn(ROOT);
    expect((await issuer.state()).sessions).toContain(ROOT);
    await app.db.query(`UPDATE identity_sessions SET expires_at = now() - interval '1 second'`);
    const again = await browse(jar, url(`/auth/login?redirect_uri=${encodeURIComponent(url('/c1/cases'))}`));
    const auth = new URL(again.hops[0].location!);
    expect(auth.searchParams.get('prompt')).toBe('login');
    expect(auth.searchParams.get('max_age')).toBe('0');
    expect(again.url.startsWith(`${issuer.url}/interaction/`)).toBe(true);
    expect(again.body).toContain('type="password"');
    expect((await issuer.state()).authorizations.at(-1)).toEqual({ prompt: 'login', max_age: '0' });
    // The password again, and the product's session is back; the next sign-in is quiet.
    const done = await browse(jar, formAction(again.body, again.url)!, { form: { username: ROOT, password: PASSWORD } });
    expect(done.url).toBe(url('/c1/cases'));
    // Once signed in again, later sign-ins (here in a browser whose session cookie is gone) are quiet.
    await app.db.query('DELETE FROM identity_sessions');
    jar.delete('sid');
    const quiet = await browse(jar, url('/auth/login'), { maxRedirects: 0 });
    expect(new URL(quiet.hops[0].location!).searchParams.get('prompt')).toBeNull();
  });

  it('logs out with id_token_hint and ends the issuer\'s session', async () => {
    const { jar } = await signIn(ROOT);
    // Every sign-in of these tests was a browser of its own, with an issuer session of its own.
    const sessionsOfRoot = async () => (await issuer.state()).sessions.filter((s) => s === ROOT).length;
    const before = await sessionsOfRoot();
    const out = await browse(jar, url(`/auth/logout?redirect_uri=${encodeURIComponent(url('/c1/cases'))}`), { maxRedirects: 0 });
    const end = new URL(out.hops[0].location!);
    expect(end.origin).toBe(issuer.url);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(url('/auth/login'));
    expect(end.searchParams.get('client_id')).toBe('compliance-web');
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await asClient(jar).get('/me')).status).toBe(401);
    const confirm = await browse(jar, end.href);
    expect(confirm.body).toContain('Sign out of Test Identity Provider');
    const after = await browse(jar, formAction(confirm.body, confirm.url)!, { form: { xsrf: hiddenInput(confirm.body, 'xsrf')!, logout: 'yes' } });
    expect(await sessionsOfRoot()).toBe(before - 1);
    // Back at the product's login, which asks for the password and returns where logout said.
    expect(after.url.startsWith(`${issuer.url}/interaction/`)).toBe(true);
    const done = await browse(jar, formAction(after.body, after.url)!, { form: { username: ROOT, password: PASSWORD } });
    expect(done.url).toBe(url('/c1/cases'));
    const row = (await audit('sign_out')).at(-1)!;
    expect(row.after).toMatchObject({ issuer_session: 'end requested' });
    expect(JSON.stringify(row.after)).not.toMatch(/eyJ/); // no token in the trail
  });
});

describe('when the issuer is down', () => {
  afterAll(async () => { await issuer.start(); });

  it('sign-in shows the product\'s own page, whose "Try again" keeps the return address', async () => {
    const { jar } = await signIn(ROOT);
    await issuer.stop();
    const res = await browse(new CookieJar(), url(`/auth/login?redirect_uri=${encodeURIComponent(url('/c1/cases?page=2'))}`));
    expect(res.url.startsWith(app.url)).toBe(true);
    expect(res.response.status).toBe(503);
    expect(res.body).toContain('Sign-in is not available right now');
    expect(res.body).toContain('The identity provider is unavailable');
    expect(res.body).toContain(`href="/auth/login?redirect_uri=${encodeURIComponent(url('/c1/cases?page=2')).replaceAll('&', '&amp;')}"`);

    // Logout ends the product's session and says the issuer could not be reached.
    const out = await browse(jar, url('/auth/logout'));
    expect(out.url).toBe(url('/auth/logout'));
    expect(out.response.status).toBe(503);
    expect(out.body).toContain('You are signed out of this application');
    expect((await audit('sign_out')).at(-1)!.after).toMatchObject({ issuer_session: 'not reached' });
  });

  it('a code exchange that cannot reach the issuer says the identity provider is unavailable', async () => {
    await issuer.start();
    const jar = new CookieJar();
    const login = await browse(jar, url('/auth/login'));
    // Signed in at the issuer; the browser is on its way back when the issuer goes down.
    let hop = await browse(jar, formAction(login.body, login.url)!, { form: { username: ROOT, password: PASSWORD }, maxRedirects: 0 });
    for (let i = 0; i < 5 && !hop.hops[0].location!.startsWith(url('/auth/callback')); i++) {
      hop = await browse(jar, new URL(hop.hops[0].location!, hop.url).href, { maxRedirects: 0 });
    }
    const callback = hop.hops[0].location!;
    expect(callback.startsWith(url('/auth/callback?'))).toBe(true);
    await issuer.stop();
    const res = await browse(jar, callback);
    expect(res.response.status).toBe(503);
    expect(res.body).toContain('Sign-in is not available right now');
    expect(res.body).toContain('The identity provider is unavailable');
    expect(res.body).not.toContain('could not be verified');
    expect(jar.get('sid')).toBeUndefined();

    // Back up: sign-in works again without restarting the product.
    await issuer.start();
    const { done } = await signIn(ROOT);
    expect(done.url).toBe(url('/c1/cases'));
  });
});
