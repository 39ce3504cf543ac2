// Client settings over real HTTP on a seeded platform: members (list, last sign-in, role
// and groups, deactivation), invitations (outbox link, accepting as a new or an existing
// user, expiry, revocation, the inviter told live), roles and the data-retention history,
// and that a member without the settings permissions can change none of it.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import clientSettings from '../../plugins/client-settings/server/index.ts';
import { hashPassword } from '../../src/server/identity/index.ts';
import { browse, CookieJar, formAction } from '../../src/server/identity/testing.ts';
import { CLIENT_SETTINGS_TEXTS } from '../../plugins/client-settings/schemas.ts';
import { DEMO_PASSWORD, startServer, t, type TestClient, type TestServer } from './harness.ts';
import { connectAs } from './ws-client.ts';

let s: TestServer;
let officer: TestClient, analyst: TestClient, admin: TestClient;
let demo: string, northwind: string;
const groups: Record<string, string> = {};

beforeAll(async () => {
  s = await startServer({ plugins: [clientSettings] });
  ({ demo, northwind } = s.seed.clients);
  [officer, analyst, admin] = await Promise.all([s.login('officer'), s.login('analyst'), s.login('admin')]);
  const { rows } = await s.db.query<{ id: string; name: string }>('SELECT id, name FROM permission_groups WHERE client_id = $1', [demo]);
  for (const g of rows) groups[g.name] = g.id;
});
afterAll(async () => { await s?.close(); });

const users = (p = '') => t(demo, `/users${p}`);
const names = (r: { body: { data: { full_name: string }[] } }) => r.body.data.map((u) => u.full_name);

async function addMember(email: string, fullName: string, groupNames: string[], opts: { client?: string; role?: string } = {}) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const u = await s.db.query<{ id: string }>('INSERT INTO users (email, full_name, password_hash) VALUES ($1, $2, $3) RETURNING id', [email, fullName, hash]);
  const client = opts.client ?? demo;
  const ac = await s.db.query<{ id: string }>('INSERT INTO accounts_clients (user_id, client_id, role) VALUES ($1, $2, $3) RETURNING id',
    [u.rows[0].id, client, opts.role ?? 'member']);
  for (const n of groupNames) {
    await s.db.query('INSERT INTO membership_permission_groups (account_client_id, permission_group_id, client_id) VALUES ($1, $2, $3)',
      [ac.rows[0].id, groups[n], client]);
  }
  return u.rows[0].id;
}

async function latestMail(to: string) {
  const { rows } = await s.db.query<{ client_id: string; subject: string; text_body: string; html_body: string }>(
    'SELECT client_id, subject, text_body, html_body FROM outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1', [to]);
  return rows[0];
}

function tokenIn(text: string): string {
  const m = new RegExp(`${s.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/onboarding\\?invite=([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no invitation link in: ${text}`);
  return m[1];
}

async function invite(email: string, role = 'analyst', groupNames: string[] = ['Analysts'], by: TestClient = officer) {
  const r = await by.post(t(demo, '/invites'), { invite: { email, role, permission_group_ids: groupNames.map((n) => groups[n]) } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { invite: r.body.data, token: tokenIn((await latestMail(email)).text_body) };
}

describe('members list', () => {
  it('lists the client members with role, groups and status, sorted, filtered, searched and paged', async () => {
    const all = await officer.get(users());
    expect(all.status).toBe(200);
    expect(names(all)).toEqual(['Ada Admin', 'Ana Analyst', 'Oliver Officer']);
    expect(all.body.meta).toMatchObject({ page: 1, count: 3 });
    const ana = all.body.data.find((u: { email: string }) => u.email === 'analyst@demo.local');
    expect(ana).toMatchObject({ id: s.seed.users.analyst, role: 'analyst', status: 'active', groups: [{ id: groups.Analysts, name: 'Analysts' }], is_self: false });
    // The harness opens sessions without signing in, so no one has a last sign-in yet.
    const me = all.body.data.find((u: { email: string }) => u.email === 'officer@demo.local');
    expect(me).toMatchObject({ is_self: true, last_sign_in_at: null });

    expect(names(await officer.get(users(), { query: { sort: '-full_name' } }))).toEqual(['Oliver Officer', 'Ana Analyst', 'Ada Admin']);
    expect(names(await officer.get(users(), { query: { sort: 'role' } }))).toEqual(['Ana Analyst', 'Oliver Officer', 'Ada Admin']);
    expect(names(await officer.get(users(), { query: { role: ['analyst', 'owner'] } }))).toEqual(['Ada Admin', 'Ana Analyst']);
    expect(names(await officer.get(users(), { query: { group: [groups['Compliance officers']] } }))).toEqual(['Oliver Officer']);
    expect(names(await officer.get(users(), { query: { q: 'OLIV' } }))).toEqual(['Oliver Officer']);
    expect(names(await officer.get(users(), { query: { q: 'analyst@demo' } }))).toEqual(['Ana Analyst']);
    expect(names(await officer.get(users(), { query: { status: 'deactivated' } }))).toEqual([]);

    const page2 = await officer.get(users(), { query: { per: 2, page: 2 } });
    expect(names(page2)).toEqual(['Oliver Officer']);
    expect(page2.body.meta).toMatchObject({ page: 2, per: 2, count: 3 });

    const bad = await officer.get(users(), { query: { role: 'pope' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toMatch(/must be one of/);
  });

  it('shows when a member last signed in, once they sign in through the real login', async () => {
    const analystRow = async () => (await officer.get(users(), { query: { q: 'analyst@demo' } })).body.data[0];
    expect((await analystRow()).last_sign_in_at).toBeNull();
    const jar = new CookieJar();
    const page = await browse(jar, `${s.url}/auth/login?redirect_uri=${encodeURIComponent(`/${demo}`)}`);
    const signedIn = await browse(jar, formAction(page.body, page.url)!, { form: { email: 'analyst@demo.local', password: DEMO_PASSWORD } });
    expect(signedIn.url).toBe(`${s.url}/${demo}`);
    const seen = Date.parse((await analystRow()).last_sign_in_at);
    expect(seen).not.toBeNaN();
    expect((await officer.get(users(`/${s.seed.users.analyst}`))).body.data.last_sign_in_at).not.toBeNull();
    // The list sorts by it, members who never signed in last.
    expect(names(await officer.get(users(), { query: { sort: '-last_sign_in_at' } }))[0]).toBe('Ana Analyst');
    expect(names(await officer.get(users(), { query: { sort: 'last_sign_in_at' } }))[0]).toBe('Ana Analyst');
  });

  it('shows one member with the permissions their groups give, and 404 for a user of another client', async () => {
    const r = await officer.get(users(`/${s.seed.users.analyst}`));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ email: 'analyst@demo.local', full_name: 'Ana Analyst', permissions: ['SEE_CM_CASES_LIST', 'SEE_PROFILES_LIST'] });
    const outsider = await addMember('outsider@northwind.example', 'Otto Outsider', [], { client: northwind });
    expect((await officer.get(users(`/${outsider}`))).status).toBe(404);
    expect((await officer.get(users('/not-a-uuid'))).status).toBe(404);
  });
});

describe('role and permission groups of a member', () => {
  it('changes them, the member gets the new permissions, and the audit row holds before and after', async () => {
    const id = await addMember('morgan@demo.local', 'Morgan Mover', ['Analysts'], { role: 'analyst' });
    const morgan = await s.login({ id });
    expect((await morgan.get(t(demo, '/bootstrap'))).body.data.permissions).not.toContain('SEE_TM');

    const r = await officer.patch(users(`/${id}`), { user: { role: 'officer', permission_group_ids: [groups['Compliance officers']] } },
      { headers: { 'x-request-id': 'cs-member-update-1' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ role: 'officer', groups: [{ id: groups['Compliance officers'], name: 'Compliance officers' }] });
    expect((await morgan.get(t(demo, '/bootstrap'))).body.data.permissions).toContain('SEE_TM');

    const { rows } = await s.db.query('SELECT user_id, client_id, action, object_type, before, after FROM audit_log WHERE request_id = $1', ['cs-member-update-1']);
    expect(rows).toEqual([expect.objectContaining({
      user_id: officer.userId, client_id: demo, action: 'update', object_type: 'accounts_clients',
      before: expect.objectContaining({ role: 'analyst', permission_groups: ['Analysts'] }),
      after: expect.objectContaining({ role: 'officer', permission_groups: ['Compliance officers'] }),
    })]);
  });

  it('refuses a group of another client and a role outside the fixed set', async () => {
    const { rows } = await s.db.query<{ id: string }>('SELECT id FROM permission_groups WHERE client_id = $1 LIMIT 1', [northwind]);
    const foreign = await officer.patch(users(`/${s.seed.users.analyst}`), { user: { permission_group_ids: [rows[0].id] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ permission_group_ids: CLIENT_SETTINGS_TEXTS.unknownGroups });
    const role = await officer.patch(users(`/${s.seed.users.analyst}`), { user: { role: 'emperor' } });
    expect(role.status).toBe(400);
    expect(role.body.errors.role).toMatch(/must be one of owner, officer, analyst, member/);
  });
});

describe('deactivation', () => {
  it('a deactivated member can no longer open the client, until reactivated', async () => {
    const id = await addMember('dana@demo.local', 'Dana Deactivated', ['Analysts']);
    const dana = await s.login({ id });
    expect((await dana.get(t(demo, '/bootstrap'))).status).toBe(200);

    const off = await officer.post(users(`/${id}/deactivate`));
    expect(off.status).toBe(200);
    expect(off.body.data.status).toBe('deactivated');
    const refused = await dana.get(t(demo, '/bootstrap'));
    expect(refused.status).toBe(404);
    expect((await dana.get('/me')).body.data.accounts_clients).toEqual([]);
    expect(names(await officer.get(users(), { query: { status: 'deactivated' } }))).toEqual(['Dana Deactivated']);
    expect((await officer.post(users(`/${id}/deactivate`))).status).toBe(409);

    const on = await officer.post(users(`/${id}/reactivate`));
    expect(on.body.data.status).toBe('active');
    expect((await dana.get(t(demo, '/bootstrap'))).status).toBe(200);
  });

  it('a member cannot deactivate themself', async () => {
    const r = await officer.post(users(`/${officer.userId}/deactivate`));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(CLIENT_SETTINGS_TEXTS.selfDeactivate);
  });

  it('the last active member holding CLIENT_MANAGE can be neither removed nor stripped of it', async () => {
    // Morgan (Compliance officers since the test above) and the admin hold it too: take them out first.
    const { rows } = await s.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'morgan@demo.local'`);
    expect((await officer.post(users(`/${rows[0].id}/deactivate`))).status).toBe(200);
    expect((await officer.post(users(`/${s.seed.users.admin}/deactivate`))).status).toBe(200);

    const strip = await officer.patch(users(`/${officer.userId}`), { user: { permission_group_ids: [groups.Analysts] } });
    expect(strip.status).toBe(409);
    expect(strip.body.message).toBe(CLIENT_SETTINGS_TEXTS.lastManager);
    const codes = (await officer.get(t(demo, `/roles/${groups['Compliance officers']}`))).body.data.codes as string[];
    const edit = await officer.patch(t(demo, `/roles/${groups['Compliance officers']}`), { role: { codes: codes.filter((c) => c !== 'CLIENT_MANAGE') } });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(CLIENT_SETTINGS_TEXTS.lastManager);
    // Nothing changed.
    expect((await officer.get(users(`/${officer.userId}`))).body.data.permissions).toContain('CLIENT_MANAGE');

    expect((await officer.post(users(`/${s.seed.users.admin}/reactivate`))).status).toBe(200);
    expect((await officer.post(users(`/${rows[0].id}/reactivate`))).status).toBe(200);
  });
});

describe('invitations', () => {
  it('refuses a malformed email, an existing member and a second pending invite, each on the email field', async () => {
    const bad = await officer.post(t(demo, '/invites'), { invite: { email: 'not-an-email', role: 'analyst' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error_code: 'VALIDATION_FAILED', errors: { email: 'must be a valid email' } });
    const member = await officer.post(t(demo, '/invites'), { invite: { email: 'Analyst@Demo.local', role: 'analyst' } });
    expect(member.status).toBe(400);
    expect(member.body.errors).toEqual({ email: CLIENT_SETTINGS_TEXTS.alreadyMember });

    await invite('twice@example.com');
    const again = await officer.post(t(demo, '/invites'), { invite: { email: 'TWICE@example.com', role: 'member' } });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ email: CLIENT_SETTINGS_TEXTS.pendingInvite });
  });

  it('queues the mail with the link, keeps only the token hash, and a new user accepts, then signs in through the real login', async () => {
    const { invite: created, token } = await invite('new.person@example.com');
    expect(created).toMatchObject({ email: 'new.person@example.com', role: 'analyst', status: 'pending', invited_by: { full_name: 'Oliver Officer' } });
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await latestMail('new.person@example.com');
    expect(mail.client_id).toBe(demo);
    expect(mail.subject).toBe('You are invited to join Demo Payments Ltd');
    expect(mail.text_body).toContain(`${s.config.publicUrl}/onboarding?invite=${token}`);
    const stored = await s.db.query<{ token_hash: string }>('SELECT token_hash FROM client_settings_invites WHERE id = $1', [created.id]);
    expect(stored.rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(created)).not.toContain(token);

    const anon = s.anonymous();
    const info = await anon.get('/onboarding/invite', { query: { token } });
    expect(info.body.data).toMatchObject({
      email: 'new.person@example.com', client: { id: demo, name: 'Demo Payments Ltd' }, inviter: { full_name: 'Oliver Officer' },
      account_exists: false, can_register: true,
    });

    const short = await anon.post('/onboarding/invite/register', { invite: { token, full_name: 'Nina New', password: 'too-short' } });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ password: 'must be at least 12 characters' });
    const password = 'a long enough password';
    const done = await anon.post('/onboarding/invite/register', { invite: { token, full_name: 'Nina New', password } });
    expect(done.status).toBe(200);
    expect(done.body.data.sign_in_url).toBe(`/auth/login?redirect_uri=${encodeURIComponent(`/${demo}`)}`);

    const jar = new CookieJar();
    const page = await browse(jar, `${s.url}${done.body.data.sign_in_url}`);
    const signedIn = await browse(jar, formAction(page.body, page.url)!, { form: { email: 'new.person@example.com', password } });
    expect(signedIn.url).toBe(`${s.url}/${demo}`);
    const me = await fetch(`${s.url}/api/v1/me`, { headers: { cookie: jar.header(`${s.url}/api/v1/me`) } }).then((r) => r.json());
    expect(me.data).toMatchObject({ email: 'new.person@example.com', full_name: 'Nina New', accounts_clients: [{ client: { id: demo }, role: 'analyst' }] });
    const boot = await fetch(`${s.url}/api/v1/clients/${demo}/bootstrap`, { headers: { cookie: jar.header(`${s.url}/api/v1/me`) } }).then((r) => r.json());
    expect(boot.data.permissions).toEqual(['SEE_CM_CASES_LIST', 'SEE_PROFILES_LIST']);

    const twice = await anon.post('/onboarding/invite/register', { invite: { token, full_name: 'Nina New', password } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(CLIENT_SETTINGS_TEXTS.inviteAccepted);
    expect((await anon.get('/onboarding/invite', { query: { token } })).body.message).toBe(CLIENT_SETTINGS_TEXTS.inviteAccepted);
    const listed = await officer.get(t(demo, '/invites'), { query: { q: 'new.person' } });
    expect(listed.body.data[0].status).toBe('accepted');
  });

  it('an existing user accepts after signing in, with the invited email only', async () => {
    const id = await addMember('existing@northwind.example', 'Erin Existing', [], { client: northwind });
    const { token } = await invite('existing@northwind.example', 'member', ['Analysts']);
    const anon = s.anonymous();
    expect((await anon.get('/onboarding/invite', { query: { token } })).body.data).toMatchObject({ account_exists: true, can_register: false });
    const register = await anon.post('/onboarding/invite/register', { invite: { token, full_name: 'Someone', password: 'a long enough password' } });
    expect(register.status).toBe(409);
    expect(register.body.message).toBe(CLIENT_SETTINGS_TEXTS.accountExists);
    expect((await anon.post('/onboarding/invite/accept', { invite: { token } })).status).toBe(401);

    const wrong = await analyst.post('/onboarding/invite/accept', { invite: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(CLIENT_SETTINGS_TEXTS.inviteOtherEmail);

    const erin = await s.login({ id });
    expect((await erin.get(t(demo, '/bootstrap'))).status).toBe(404);
    const ok = await erin.post('/onboarding/invite/accept', { invite: { token } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ client_id: demo, redirect_to: `/${demo}` });
    const boot = await erin.get(t(demo, '/bootstrap'));
    expect(boot.status).toBe(200);
    expect(boot.body.data.role).toBe('member');
    expect((await erin.post('/onboarding/invite/accept', { invite: { token } })).body.message).toBe(CLIENT_SETTINGS_TEXTS.inviteAccepted);

    // Both rows are in the client's own trail.
    const { rows } = await s.db.query('SELECT action, object_type, client_id FROM audit_log WHERE user_id = $1 ORDER BY at', [id]);
    expect(rows).toEqual([
      { action: 'create', object_type: 'accounts_clients', client_id: demo },
      { action: 'accept', object_type: 'invites', client_id: demo },
    ]);
    const trail = await officer.get(t(demo, '/audit_log'), { query: { user_id: id } });
    // Both rows are written in one transaction (their times may tie): compare them as a set.
    expect(trail.body.data.map((a: { action: string }) => a.action).sort()).toEqual(['accept', 'create']);
  });

  it('an expired link is refused; a resend sends a new link and the old one stops working; a revoked one is refused', async () => {
    const { invite: created, token } = await invite('late@example.com');
    // Seven days pass: the link's time is up (the machine's guard refuses it at once), and
    // the expiry job queued for that moment marks it expired.
    await s.db.query(`UPDATE client_settings_invites SET expires_at = now() - interval '1 minute' WHERE id = $1`, [created.id]);
    const anon = s.anonymous();
    const expired = await anon.get('/onboarding/invite', { query: { token } });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe(CLIENT_SETTINGS_TEXTS.inviteExpired);
    await s.db.query(`UPDATE jobs SET run_at = now() WHERE kind = 'client-settings.invite-expire' AND payload->>'invite_id' = $1`, [created.id]);
    await s.runJobs();
    const reg = await anon.post('/onboarding/invite/register', { invite: { token, full_name: 'Lee Late', password: 'a long enough password' } });
    expect(reg.body.message).toBe(CLIENT_SETTINGS_TEXTS.inviteExpired);
    expect((await s.db.query(`SELECT 1 FROM users WHERE email = 'late@example.com'`)).rows).toEqual([]);
    expect((await officer.get(t(demo, '/invites'), { query: { status: 'expired' } })).body.data.map((i: { email: string }) => i.email)).toEqual(['late@example.com']);

    const resent = await officer.post(t(demo, `/invites/${created.id}/resend`));
    expect(resent.status).toBe(200);
    expect(resent.body.data.status).toBe('pending');
    const fresh = tokenIn((await latestMail('late@example.com')).text_body);
    expect(fresh).not.toBe(token);
    expect((await anon.get('/onboarding/invite', { query: { token: fresh } })).status).toBe(200);
    const old = await anon.get('/onboarding/invite', { query: { token } });
    expect(old.status).toBe(404);
    expect(old.body.message).toBe(CLIENT_SETTINGS_TEXTS.inviteNotFound);

    const revoked = await officer.post(t(demo, `/invites/${created.id}/revoke`));
    expect(revoked.body.data.status).toBe('revoked');
    const after = await anon.get('/onboarding/invite', { query: { token: fresh } });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(CLIENT_SETTINGS_TEXTS.inviteRevoked);
    expect((await officer.post(t(demo, `/invites/${created.id}/revoke`))).status).toBe(409);
    expect((await officer.post(t(demo, `/invites/${created.id}/resend`))).status).toBe(409);
    // Revoking frees the address for a new invitation.
    expect((await officer.post(t(demo, '/invites'), { invite: { email: 'late@example.com', role: 'member' } })).status).toBe(200);
  });

  it('tells the inviter when the invitation is accepted: a notification, delivered live to their open browser', async () => {
    const { socket, hello } = await connectAs(s.url, officer.sessionToken!, demo);
    expect(hello.user_id).toBe(officer.userId);
    const { token } = await invite('joiner@example.com');
    const done = await s.anonymous().post('/onboarding/invite/register', { invite: { token, full_name: 'Jo Joiner', password: 'a long enough password' } });
    expect(done.status).toBe(200);
    const joiner = done.body.data.user_id;

    const { rows } = await s.db.query<{ id: string }>(
      `SELECT id, user_id, client_id, obj_id, obj_type, payload FROM notifications WHERE notification_type = 'invite_accepted' AND obj_id = $1`, [joiner]);
    expect(rows).toEqual([expect.objectContaining({
      user_id: officer.userId, client_id: demo, obj_type: 'User',
      payload: expect.objectContaining({
        data: { title: 'Invitation accepted', message: 'Jo Joiner accepted your invitation and joined Demo Payments Ltd' },
        member: { id: joiner, full_name: 'Jo Joiner', email: 'joiner@example.com', role: 'analyst' },
        client: { id: demo, name: 'Demo Payments Ltd' },
      }),
    })]);

    const live = await socket.frame((f) => f.type === 'message' && f.data?.notification_type === 'invite_accepted');
    expect(live.channel).toBe(`user:${officer.userId}`);
    expect(live.data).toMatchObject({ id: rows[0].id, client_id: demo, obj_id: joiner, obj_type: 'User' });
    socket.ws.close();

    // The notification centre shows it first; the earlier acceptances of this file told the officer too.
    const centre = await officer.get('/notifications', { query: { notification_type: 'invite_accepted' } });
    expect(centre.body.data[0]).toMatchObject({ id: rows[0].id, client: { id: demo, name: 'Demo Payments Ltd' }, is_readed: false });
    expect(centre.body.data.map((n: { payload: { member: { email: string } } }) => n.payload.member.email))
      .toEqual(['joiner@example.com', 'existing@northwind.example', 'new.person@example.com']);
  });

  it('with an external issuer, an invitee without an account signs in there instead of choosing a password', async () => {
    const { token } = await invite('federated@example.com');
    const anon = s.anonymous();
    // Handlers read the server's settings on every request: switching the issuer takes effect at once.
    s.config.oidcIssuer = 'https://login.example.com/realms/acme';
    try {
      expect((await anon.get('/onboarding/invite', { query: { token } })).body.data).toMatchObject({ account_exists: false, can_register: false });
      const reg = await anon.post('/onboarding/invite/register', { invite: { token, full_name: 'Fed Erated', password: 'a long enough password' } });
      expect(reg.status).toBe(409);
      expect(reg.body.message).toBe(CLIENT_SETTINGS_TEXTS.registrationClosed);
    } finally {
      s.config.oidcIssuer = null;
    }
    expect((await anon.get('/onboarding/invite', { query: { token } })).body.data.can_register).toBe(true);
    expect((await s.db.query(`SELECT 1 FROM users WHERE email = 'federated@example.com'`)).rows).toEqual([]);
  });

  it('a member who may only invite cannot hand out permissions beyond their own', async () => {
    const { rows } = await s.db.query<{ id: string }>(
      `INSERT INTO permission_groups (client_id, name, codes) VALUES ($1, 'Recruiters', $2) RETURNING id`, [demo, ['CLIENT_INVITE_USERS', 'SEE_PROFILES_LIST']]);
    groups.Recruiters = rows[0].id;
    const rid = await addMember('rita@demo.local', 'Rita Recruiter', ['Recruiters']);
    const rita = await s.login({ id: rid });
    const options = await rita.get(t(demo, '/invites/permission_groups'));
    expect(options.body.data.find((g: { name: string }) => g.name === 'Administrators').grantable).toBe(false);
    expect(options.body.data.find((g: { name: string }) => g.name === 'Recruiters').grantable).toBe(true);
    const tooMuch = await rita.post(t(demo, '/invites'), { invite: { email: 'crony@example.com', role: 'owner', permission_group_ids: [groups.Administrators] } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toEqual({ permission_group_ids: CLIENT_SETTINGS_TEXTS.groupsBeyondOwn });
    expect((await rita.post(t(demo, '/invites'), { invite: { email: 'crony@example.com', role: 'member', permission_group_ids: [groups.Recruiters] } })).status).toBe(200);
    expect((await rita.get(users())).status).toBe(403);
  });
});

describe('roles', () => {
  it('creates, edits and deletes a role; keys follow spec 3; names are unique; codes come from the permission areas', async () => {
    const created = await officer.post(t(demo, '/roles'), { role: { name: 'Risk Reviewers Team', codes: ['SEE_CM_CASES', 'SEE_PROFILES_LIST', 'SEE_CM_CASES'] } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Risk Reviewers Team', key: 'risk_reviewers team', codes: ['SEE_CM_CASES', 'SEE_PROFILES_LIST'], codes_count: 2, members_count: 0 });
    const id = created.body.data.id;

    const dup = await officer.post(t(demo, '/roles'), { role: { name: 'risk reviewers team', codes: [] } });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual({ name: CLIENT_SETTINGS_TEXTS.nameTaken });
    // Different names, same key ('night_shift_a'): one of them only.
    const night = await officer.post(t(demo, '/roles'), { role: { name: 'Night Shift_A', codes: [] } });
    expect(night.body.data.key).toBe('night_shift_a');
    const sameKey = await officer.post(t(demo, '/roles'), { role: { name: 'night_shift A', codes: [] } });
    expect(sameKey.status).toBe(400);
    expect(sameKey.body.errors).toEqual({ name: CLIENT_SETTINGS_TEXTS.nameTaken });
    expect((await officer.delete(t(demo, `/roles/${night.body.data.id}`))).status).toBe(200);
    const unknown = await officer.post(t(demo, '/roles'), { role: { name: 'Odd', codes: ['MAKE_COFFEE'] } });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['codes.0']);
    const admin = await officer.post(t(demo, '/roles'), { role: { name: 'Odd', codes: ['ADMIN'] } });
    expect(admin.status).toBe(400);

    const edited = await officer.patch(t(demo, `/roles/${id}`), { role: { name: 'Risk reviewers', codes: ['SEE_TM'] } }, { headers: { 'x-request-id': 'cs-role-edit-0001' } });
    expect(edited.body.data).toMatchObject({ name: 'Risk reviewers', key: 'risk_reviewers', codes: ['SEE_TM'] });
    const audit = await s.db.query('SELECT before, after FROM audit_log WHERE request_id = $1', ['cs-role-edit-0001']);
    expect(audit.rows[0]).toMatchObject({ before: { name: 'Risk Reviewers Team' }, after: { name: 'Risk reviewers', codes: ['SEE_TM'] } });

    const list = await officer.get(t(demo, '/roles'), { query: { sort: 'name' } });
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Administrators', 'Analysts', 'Compliance officers', 'Recruiters', 'Risk reviewers']);
    const analysts = list.body.data.find((r: { name: string }) => r.name === 'Analysts');
    expect(analysts).toMatchObject({ codes_count: 2, key: 'analysts' });
    expect(analysts.members_count).toBeGreaterThanOrEqual(2);

    // Held by a member: refused, unless the members move to another role.
    await officer.patch(users(`/${s.seed.users.analyst}`), { user: { permission_group_ids: [id] } });
    const held = await officer.delete(t(demo, `/roles/${id}`));
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(CLIENT_SETTINGS_TEXTS.roleInUse(1));
    expect((await officer.delete(t(demo, `/roles/${id}`), undefined, { query: { move_to: id } })).status).toBe(400);
    const moved = await officer.delete(t(demo, `/roles/${id}`), undefined, { query: { move_to: groups.Analysts } });
    expect(moved.status).toBe(200);
    expect((await officer.get(users(`/${s.seed.users.analyst}`))).body.data.groups).toEqual([{ id: groups.Analysts, name: 'Analysts' }]);
    expect((await officer.get(t(demo, `/roles/${id}`))).status).toBe(404);

    const spare = await officer.post(t(demo, '/roles'), { role: { name: 'Spare', codes: [] } });
    expect((await officer.delete(t(demo, `/roles/${spare.body.data.id}`))).status).toBe(200);
  });
});

describe('data retention history', () => {
  it('shows the period in force and who changed it when', async () => {
    await officer.post(t(demo, '/data_retention'), { data_retention_config: { data_retention_approve: true, data_storage_period_days: 30 } });
    await admin.post(t(demo, '/data_retention'), { data_retention_config: { data_retention_approve: true, data_storage_period_days: null } });
    const r = await officer.get(t(demo, '/data_retention/history'));
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(2);
    expect(r.body.data[0]).toMatchObject({ data_storage_period_days: null, in_force: true, created_by: { full_name: 'Ada Admin' } });
    expect(r.body.data[1]).toMatchObject({ data_storage_period_days: 30, in_force: false, created_by: { full_name: 'Oliver Officer', email: 'officer@demo.local' } });
    const one = await officer.get(t(demo, `/data_retention/history/${r.body.data[1].id}`));
    expect(one.body.data).toMatchObject({ id: r.body.data[1].id, data_storage_period_days: 30 });
    expect((await analyst.get(t(demo, '/data_retention/history'))).status).toBe(403);
  });
});

describe('an analyst (only SEE_PROFILES_LIST, SEE_CM_CASES_LIST)', () => {
  it('gets 403 on every read and write of client settings, and nothing changes', async () => {
    const role = groups.Analysts;
    const invites = await officer.get(t(demo, '/invites'), { query: { per: 1 } });
    const inviteId = invites.body.data[0].id;
    const before = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0].n;
    const calls: [string, string, unknown?][] = [
      ['GET', users()],
      ['GET', users(`/${s.seed.users.officer}`)],
      ['PATCH', users(`/${s.seed.users.officer}`), { user: { role: 'member' } }],
      ['POST', users(`/${s.seed.users.officer}/deactivate`)],
      ['POST', users(`/${s.seed.users.officer}/reactivate`)],
      ['GET', t(demo, '/invites')],
      ['GET', t(demo, '/invites/permission_groups')],
      ['POST', t(demo, '/invites'), { invite: { email: 'sneaky@example.com', role: 'owner' } }],
      ['POST', t(demo, `/invites/${inviteId}/resend`)],
      ['POST', t(demo, `/invites/${inviteId}/revoke`)],
      ['GET', t(demo, '/roles')],
      ['POST', t(demo, '/roles'), { role: { name: 'Mine', codes: ['CLIENT_MANAGE'] } }],
      ['PATCH', t(demo, `/roles/${role}`), { role: { codes: ['CLIENT_MANAGE'] } }],
      ['DELETE', t(demo, `/roles/${role}`)],
      ['GET', t(demo, '/data_retention/history')],
    ];
    for (const [method, path, body] of calls) {
      const r = await analyst.request(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.error_code).toBe('FORBIDDEN');
    }
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0].n).toBe(before);
    expect((await s.db.query(`SELECT 1 FROM client_settings_invites WHERE email = 'sneaky@example.com'`)).rows).toEqual([]);
  });
});
