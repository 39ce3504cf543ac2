// Administrator tools over HTTP (spec 2.5, 2.6 admin/*, 6 ADMIN): platform clients with
// their features, members and balance, and platform users with the administrator flag and
// the active state, on the whole server with the demo platform seeded.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import administration from '../../plugins/administration/server/index.ts';
import clientSettings from '../../plugins/client-settings/server/index.ts';
import { browse, CookieJar, formAction } from '../../src/server/identity/testing.ts';
import { USER_RULES } from '../../plugins/administration/schemas.ts';
import { FEATURE_CODES, PERMISSION_CODES, startServer, t, type TestClient, type TestServer } from './harness.ts';

let s: TestServer;
let admin: TestClient, officer: TestClient, analyst: TestClient;
let demo: string;

beforeAll(async () => {
  // Both areas, as the server discovers them: invitations are the client-settings area's.
  s = await startServer({ plugins: [clientSettings, administration] });
  demo = s.seed.clients.demo;
  [admin, officer, analyst] = await Promise.all([s.login('admin'), s.login('officer'), s.login('analyst')]);
});
afterAll(async () => { await s?.close(); });

const A = (p: string) => `/api/v1/admin${p}`;

async function createClient(name: string, extra: Record<string, unknown> = {}) {
  const r = await admin.post(A('/clients'), { client: { name, full_name: `${name} Limited`, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: string; name: string; features: { code: string; available: boolean }[]; permission_groups: { id: string; name: string }[] };
}

/** Walks the real sign-in: /auth/login → the embedded issuer's password form → /auth/callback. */
async function signIn(email: string, password: string) {
  const jar = new CookieJar();
  const page = await browse(jar, `${s.url}/auth/login?redirect_uri=${encodeURIComponent(`${s.url}/`)}`);
  const action = formAction(page.body, page.url);
  expect(action).toMatch(/\/idp\/interaction\/[^/]+\/login$/);
  const done = await browse(jar, action!, { form: { email, password } });
  const me = await fetch(`${s.url}/api/v1/me`, { headers: { cookie: jar.header(`${s.url}/api/v1/me`) } });
  return { done, status: me.status, body: await me.json().catch(() => null) };
}

describe('only administrators reach the administrator tools', () => {
  it('answers 403 to an officer and an analyst on every admin route, and 401 without a session', async () => {
    const routes = s.app.routes.routes.filter((r) => r.owner === 'administration');
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.every((r) => r.scope === 'admin')).toBe(true);
    for (const r of routes) {
      const url = r.url.replace(/:[a-z_]+/g, () => randomUUID());
      for (const who of [officer, analyst]) {
        const res = await who.request(r.method, url, r.method === 'GET' ? undefined : {});
        expect(res.status, `${r.method} ${url}`).toBe(403);
        expect(res.body.error_code).toBe('FORBIDDEN');
      }
      expect((await s.anonymous().request(r.method, url, r.method === 'GET' ? undefined : {})).status).toBe(401);
    }
    expect((await admin.get(A('/clients'))).status).toBe(200);
  });
});

describe('clients', () => {
  it('refuses a new client field by field, and a name already taken (any case) with 409', async () => {
    const empty = await admin.post(A('/clients'), { client: { name: '  ', full_name: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error_code).toBe('VALIDATION_FAILED');
    expect(empty.body.errors).toMatchObject({ name: 'is a required field', full_name: 'is a required field' });

    const bad = await admin.post(A('/clients'), { client: { name: 'x'.repeat(101), full_name: 'Ok', email: 'not-an-email', phone: 'call me' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      name: 'must be at most 100 characters', email: 'must be a valid email', phone: 'must be a valid phone number',
    });

    const dup = await admin.post(A('/clients'), { client: { name: 'demo payments LTD', full_name: 'Another' } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ name: 'is already taken by another client' });
    const { rows } = await s.db.query(`SELECT 1 FROM clients WHERE lower(name) = 'demo payments ltd'`);
    expect(rows).toHaveLength(1);
  });

  it('creates a client with every feature on, the default permission groups, and lists it', async () => {
    const c = await createClient('Acme Remit', { email: 'aml@acme.example', phone: '+1 555 0100' });
    expect(c.features).toHaveLength(FEATURE_CODES.length);
    expect(c.features.every((f) => f.available)).toBe(true);
    expect(c.permission_groups.map((g) => g.name)).toEqual(['Analysts', 'Compliance officers', 'Owners']);
    const groups = await admin.get(A(`/clients/${c.id}/permission_groups`));
    const owners = groups.body.data.find((g: { name: string }) => g.name === 'Owners');
    expect(owners.codes).toEqual([...PERMISSION_CODES].sort());

    const list = await admin.get(A('/clients'), { query: { q: 'acme', sort: '-created_at' } });
    expect(list.body.meta).toMatchObject({ page: 1, count: 1 });
    expect(list.body.data[0]).toMatchObject({
      id: c.id, name: 'Acme Remit', full_name: 'Acme Remit Limited', email: 'aml@acme.example',
      members_count: 0, balance: '0.00', features_on: FEATURE_CODES.length, features_total: FEATURE_CODES.length,
    });
    const all = await admin.get(A('/clients'), { query: { sort: 'name', per: 2 } });
    expect(all.body.meta.count).toBe(3);
    expect(all.body.data.map((x: { name: string }) => x.name)).toEqual(['Acme Remit', 'Demo Payments Ltd']);
  });

  it('creates a client with only the features chosen, and edits it', async () => {
    const c = await createClient('Lean Pay', { features: ['OFAC', 'GLOBAL_SEARCH'] });
    expect(c.features.filter((f) => f.available).map((f) => f.code).sort()).toEqual(['GLOBAL_SEARCH', 'OFAC']);
    const edited = await admin.patch(A(`/clients/${c.id}`), { client: { full_name: 'Lean Pay GmbH', email: '' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Lean Pay', full_name: 'Lean Pay GmbH', email: null });
    const clash = await admin.patch(A(`/clients/${c.id}`), { client: { name: 'Northwind crypto' } });
    expect(clash.status).toBe(409);
    expect((await admin.get(A(`/clients/${randomUUID()}`))).status).toBe(404);
  });
});

describe('features', () => {
  it('switching a feature off changes what the client reports and closes its gated routes at once', async () => {
    const search = () => officer.get(t(demo, '/search/global_search_entries'), { query: { q: 'ada' } });
    const available = async (path: string) => {
      const r = await officer.get(t(demo, path));
      const list = path === '/bootstrap' ? r.body.data.features : r.body.data;
      return list.find((f: { code: string }) => f.code === 'GLOBAL_SEARCH').available;
    };
    expect((await search()).status).toBe(200);
    expect(await available('/bootstrap')).toBe(true);

    const off = await admin.patch(A(`/clients/${demo}/features`), { client_features: { GLOBAL_SEARCH: false } },
      { headers: { 'x-request-id': 'admin-features-0001' } });
    expect(off.status).toBe(200);
    expect(off.body.data.find((f: { code: string }) => f.code === 'GLOBAL_SEARCH').available).toBe(false);
    expect(await available('/bootstrap')).toBe(false);
    expect(await available('/features')).toBe(false);
    const closed = await search();
    expect(closed.status).toBe(403);
    expect(closed.body.error_code).toBe('FEATURE_UNAVAILABLE');

    // One row, in the client's own trail: its managers see what administrators did to it.
    const audit = await s.db.query(`SELECT user_id, client_id, action, before, after FROM audit_log WHERE request_id = 'admin-features-0001'`);
    expect(audit.rows).toEqual([{
      user_id: s.seed.users.admin, client_id: demo, action: 'update_features', before: { GLOBAL_SEARCH: true }, after: { GLOBAL_SEARCH: false },
    }]);
    const trail = await officer.get(t(demo, '/audit_log'), { query: { request_id: 'admin-features-0001' } });
    expect(trail.body.data.map((a: { action: string }) => a.action)).toEqual(['update_features']);

    await admin.patch(A(`/clients/${demo}/features`), { client_features: { GLOBAL_SEARCH: true } });
    expect((await search()).status).toBe(200);
  });

  it('refuses unknown feature codes', async () => {
    const r = await admin.patch(A(`/clients/${demo}/features`), { client_features: { TELEPORTATION: true } });
    expect(r.status).toBe(400);
    expect(r.body.errors.client_features).toMatch(/TELEPORTATION/);
  });
});

describe('members', () => {
  it('adds an existing user by email with the role’s default group, and the membership works at once', async () => {
    const c = await createClient('Member Test Co');
    expect((await officer.get(t(c.id, '/bootstrap'))).status).toBe(404);
    const added = await admin.post(A(`/clients/${c.id}/members`), { member: { email: 'OFFICER@demo.local', role: 'analyst' } },
      { headers: { 'x-request-id': 'admin-member-0001' } });
    expect(added.status).toBe(200);
    const audit = await s.db.query(`SELECT client_id, action, object_type, object_id FROM audit_log WHERE request_id = 'admin-member-0001'`);
    expect(audit.rows).toEqual([{ client_id: c.id, action: 'create', object_type: 'accounts_clients', object_id: added.body.data.id }]);
    expect(added.body.data).toMatchObject({ email: 'officer@demo.local', role: 'analyst', is_active: true });
    expect(added.body.data.permission_groups.map((g: { name: string }) => g.name)).toEqual(['Analysts']);

    const boot = await officer.get(t(c.id, '/bootstrap'));
    expect(boot.status).toBe(200);
    expect(boot.body.data.permissions).toContain('SEE_PROFILES_LIST');
    expect(boot.body.data.permissions).not.toContain('CLIENT_MANAGE');

    const members = await admin.get(A(`/clients/${c.id}/members`));
    expect(members.body.data.map((m: { email: string }) => m.email)).toEqual(['officer@demo.local']);
    expect((await admin.get(A('/clients'), { query: { q: 'Member Test' } })).body.data[0].members_count).toBe(1);

    const again = await admin.post(A(`/clients/${c.id}/members`), { member: { email: 'officer@demo.local', role: 'owner' } });
    expect(again.status).toBe(409);
    const nobody = await admin.post(A(`/clients/${c.id}/members`), { member: { email: 'nobody@demo.local', role: 'owner' } });
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors.email).toMatch(/^No user has this email/);
    const foreign = (await admin.get(A(`/clients/${demo}/permission_groups`))).body.data[0].id;
    const wrongGroup = await admin.post(A(`/clients/${c.id}/members`), { member: { email: 'analyst@demo.local', role: 'owner', permission_group_ids: [foreign] } });
    expect(wrongGroup.status).toBe(400);
    expect(wrongGroup.body.errors.permission_group_ids).toBeTruthy();

    const owners = c.permission_groups.find((g) => g.name === 'Owners')!.id;
    const promoted = await admin.patch(A(`/clients/${c.id}/members/${added.body.data.id}`), { member: { role: 'owner', permission_group_ids: [owners] } });
    expect(promoted.status).toBe(200);
    expect((await officer.get(t(c.id, '/bootstrap'))).body.data.permissions).toContain('CLIENT_MANAGE');

    await admin.patch(A(`/clients/${c.id}/members/${added.body.data.id}`), { member: { is_active: false } });
    expect((await officer.get(t(c.id, '/bootstrap'))).status).toBe(404);
  });
});

describe('invitations', () => {
  it('invites someone without an account the client-settings way, and the invitee joins through /onboarding', async () => {
    const c = await createClient('Invite Test Co');
    const sent = await admin.post(A(`/clients/${c.id}/invites`), { invite: { email: 'Newcomer@Example.com', role: 'officer' } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ email: 'Newcomer@Example.com', role: 'officer', status: 'pending' });
    expect(sent.body.data.groups.map((g: { name: string }) => g.name)).toEqual(['Compliance officers']);

    const mail = await s.db.query<{ client_id: string; text_body: string }>(
      `SELECT client_id, text_body FROM outbox WHERE to_address = 'Newcomer@Example.com'`);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].client_id).toBe(c.id);
    const token = /\/onboarding\?invite=([A-Za-z0-9_-]+)/.exec(mail.rows[0].text_body)?.[1];
    expect(mail.rows[0].text_body).toContain(`${s.url}/onboarding?invite=`);

    const again = await admin.post(A(`/clients/${c.id}/invites`), { invite: { email: 'newcomer@example.com', role: 'analyst' } });
    expect(again.status).toBe(400);
    expect(again.body.errors.email).toBe('already has a pending invitation');
    const member = await admin.post(A(`/clients/${demo}/invites`), { invite: { email: 'officer@demo.local', role: 'analyst' } });
    expect(member.status).toBe(400);
    expect(member.body.errors.email).toBe('is already a member of this client');

    const joined = await s.anonymous().post('/onboarding/invite/register', { invite: { token, full_name: 'New Comer', password: 'a long new password' } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const members = await admin.get(A(`/clients/${c.id}/members`));
    expect(members.body.data).toHaveLength(1);
    expect(members.body.data[0]).toMatchObject({ email: 'Newcomer@Example.com', role: 'officer' });
    const invites = await admin.get(A(`/clients/${c.id}/invites`));
    expect(invites.body.data[0].status).toBe('accepted');
    // The inviting administrator is told, in the client the invitation was for.
    const told = await s.db.query(`SELECT user_id, client_id FROM notifications WHERE notification_type = 'invite_accepted' AND obj_id = $1`,
      [joined.body.data.user_id]);
    expect(told.rows).toEqual([{ user_id: s.seed.users.admin, client_id: c.id }]);
  });
});

describe('balance', () => {
  it('tops up with a ledger row and an audit row, sets a value, and never goes below zero', async () => {
    const top = await admin.post(A(`/clients/${demo}/balance_entries`), { balance_entry: { kind: 'top_up', amount: 100.5, note: 'Wire 42' } });
    expect(top.status).toBe(200);
    expect(top.body.data).toMatchObject({ kind: 'top_up', amount: '100.50', balance_before: '1250.00', balance_after: '1350.50', note: 'Wire 42' });
    expect((await officer.get(t(demo, '/balance'))).body.data).toEqual({ balance: '1350.50' });

    const audit = await s.db.query<{ user_id: string; client_id: string; before: unknown; after: { balance: string } }>(
      `SELECT user_id, client_id, before, after FROM audit_log WHERE action = 'top_up' AND object_type = 'client_balance' AND object_id = $1`, [demo]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ user_id: s.seed.users.admin, client_id: demo, before: { balance: '1250.00' }, after: { balance: '1350.50' } });

    const set = await admin.post(A(`/clients/${demo}/balance_entries`), { balance_entry: { kind: 'set', amount: 20 } });
    expect(set.body.data).toMatchObject({ kind: 'set', amount: '-1330.50', balance_after: '20.00' });

    for (const [entry, field, message] of [
      [{ kind: 'top_up', amount: 0 }, 'amount', 'must be greater than 0'],
      [{ kind: 'top_up', amount: -5 }, 'amount', 'must be at least 0'],
      [{ kind: 'set', amount: -1 }, 'amount', 'must be at least 0'],
      [{ kind: 'set', amount: 1.234 }, 'amount', 'must have at most 2 decimals'],
      [{ kind: 'withdraw', amount: 1 }, 'kind', 'must be one of top_up, set'],
    ] as const) {
      const r = await admin.post(A(`/clients/${demo}/balance_entries`), { balance_entry: entry });
      expect(r.status, JSON.stringify(entry)).toBe(400);
      expect(r.body.errors[field]).toBe(message);
    }
    expect((await officer.get(t(demo, '/balance'))).body.data).toEqual({ balance: '20.00' });

    const ledger = await admin.get(A(`/clients/${demo}/balance_entries`));
    expect(ledger.body.data.map((e: { kind: string }) => e.kind)).toEqual(['set', 'top_up']);
    expect(ledger.body.data[1].created_by_email).toBe('admin@demo.local');
  });
});

describe('users', () => {
  it('creates a user who signs in with the initial password through the real login', async () => {
    const created = await admin.post(A('/users'), { user: { email: 'New.Person@Example.com', full_name: 'New Person', password: 'correct horse battery' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ email: 'New.Person@Example.com', is_admin: false, is_active: true, has_password: true, memberships_count: 0 });
    const audit = await s.db.query<{ after: unknown }>(`SELECT after FROM audit_log WHERE action = 'create' AND object_type = 'users' AND object_id = $1`, [created.body.data.id]);
    expect(JSON.stringify(audit.rows[0].after)).not.toMatch(/scrypt|password_hash|correct horse/);

    const ok = await signIn('new.person@example.com', 'correct horse battery');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ email: 'New.Person@Example.com', full_name: 'New Person', is_admin: false });
    const wrong = await signIn('new.person@example.com', 'not the password');
    expect(wrong.status).toBe(401);
  });

  it('refuses a user field by field, a missing password with the embedded issuer, and a taken email (any case)', async () => {
    const bad = await admin.post(A('/users'), { user: { email: 'nope', full_name: '', password: 'short' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: 'must be a valid email', full_name: 'is a required field', password: 'must be at least 12 characters' });
    const nopw = await admin.post(A('/users'), { user: { email: 'nopw@example.com', full_name: 'No Password' } });
    expect(nopw.status).toBe(400);
    expect(nopw.body.errors).toEqual({ password: 'is a required field' });
    const dup = await admin.post(A('/users'), { user: { email: 'ANALYST@demo.local', full_name: 'Copy', password: 'long enough pw' } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ email: 'is already used by another user' });
  });

  it('lists users with search, the admin and active filters and sorting', async () => {
    const admins = await admin.get(A('/users'), { query: { is_admin: 'true' } });
    expect(admins.body.data.map((u: { email: string }) => u.email)).toEqual(['admin@demo.local']);
    expect(admins.body.data[0].memberships_count).toBe(2);
    const found = await admin.get(A('/users'), { query: { q: 'oliver' } });
    expect(found.body.data.map((u: { email: string }) => u.email)).toEqual(['officer@demo.local']);
    const sorted = await admin.get(A('/users'), { query: { sort: '-email', per: 1 } });
    expect(sorted.body.data[0].email).toBe('officer@demo.local');
    expect(sorted.body.meta.count).toBeGreaterThanOrEqual(4);
    const bad = await admin.get(A('/users'), { query: { sort: 'password_hash' } });
    expect(bad.status).toBe(400);

    const detail = await admin.get(A(`/users/${s.seed.users.admin}`));
    expect(detail.body.data.memberships.map((m: { client: { name: string }; role: string }) => [m.client.name, m.role]))
      .toEqual([['Demo Payments Ltd', 'owner'], ['Northwind Crypto', 'owner']]);
  });

  it('will not let an administrator revoke their own flag; grants and revokes another’s', async () => {
    const own = await admin.post(A(`/users/${s.seed.users.admin}/revoke_admin`));
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual({ is_admin: USER_RULES.ownAdmin });
    expect((await admin.get(A(`/users/${s.seed.users.admin}`))).body.data.is_admin).toBe(true);
    const self = await admin.post(A(`/users/${s.seed.users.admin}/deactivate`));
    expect(self.status).toBe(400);

    expect((await analyst.get(A('/users'))).status).toBe(403);
    expect((await admin.post(A(`/users/${s.seed.users.analyst}/grant_admin`))).body.data.is_admin).toBe(true);
    expect((await analyst.get(A('/users'))).status).toBe(200);
    // The analyst, now an administrator, cannot leave the platform without one either.
    expect((await analyst.post(A(`/users/${s.seed.users.analyst}/revoke_admin`))).status).toBe(400);
    expect((await admin.post(A(`/users/${s.seed.users.analyst}/revoke_admin`))).body.data.is_admin).toBe(false);
    expect((await analyst.get(A('/users'))).status).toBe(403);
  });

  it('deactivating a user ends their session at once; reactivated, they sign in again', async () => {
    const created = await admin.post(A('/users'), { user: { email: 'leaver@example.com', full_name: 'Lee Leaver', password: 'leaver password' } });
    const id = created.body.data.id;
    await admin.post(A(`/clients/${demo}/members`), { member: { email: 'leaver@example.com', role: 'analyst' } });
    const leaver = await s.login({ id });
    expect((await leaver.get(t(demo, '/features'))).status).toBe(200);

    const off = await admin.post(A(`/users/${id}/deactivate`));
    expect(off.status).toBe(200);
    expect(off.body.data.is_active).toBe(false);
    expect((await leaver.get(t(demo, '/features'))).status).toBe(401);
    expect((await leaver.get('/me')).status).toBe(401);
    expect((await signIn('leaver@example.com', 'leaver password')).status).toBe(401);
    expect((await admin.get(A('/users'), { query: { is_active: 'false' } })).body.data.map((u: { email: string }) => u.email)).toEqual(['leaver@example.com']);

    expect((await admin.post(A(`/users/${id}/reactivate`))).body.data.is_active).toBe(true);
    // The old session stays ended; a new sign-in works.
    expect((await leaver.get(t(demo, '/features'))).status).toBe(401);
    expect((await signIn('leaver@example.com', 'leaver password')).status).toBe(200);
  });

  it('keeps no passwords when an external issuer signs users in', async () => {
    // The server's own configuration, read by handlers on every request.
    s.config.oidcIssuer = 'https://login.example.com/realms/acme';
    try {
      expect((await admin.get(A('/identity'))).body.data).toEqual({ issuer: 'external', passwords: false });
      const withPw = await admin.post(A('/users'), { user: { email: 'ext@example.com', full_name: 'Ext User', password: 'a long password' } });
      expect(withPw.status).toBe(400);
      expect(withPw.body.errors.password).toMatch(/external identity provider/);
      const ok = await admin.post(A('/users'), { user: { email: 'ext@example.com', full_name: 'Ext User', is_admin: true } });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ is_admin: true, has_password: false });
    } finally {
      s.config.oidcIssuer = null;
    }
    expect((await admin.get(A('/identity'))).body.data).toEqual({ issuer: 'embedded', passwords: true });
  });

  it('edits a user and changes the password', async () => {
    const created = await admin.post(A('/users'), { user: { email: 'edit.me@example.com', full_name: 'Edit Me', password: 'first password' } });
    const id = created.body.data.id;
    const clash = await admin.patch(A(`/users/${id}`), { user: { email: 'OFFICER@demo.local' } });
    expect(clash.status).toBe(409);
    const edited = await admin.patch(A(`/users/${id}`), { user: { full_name: 'Edited', phone: '+44 20 0000 0000', password: 'second password' } });
    expect(edited.body.data).toMatchObject({ full_name: 'Edited', phone: '+44 20 0000 0000', email: 'edit.me@example.com' });
    expect((await signIn('edit.me@example.com', 'first password')).status).toBe(401);
    expect((await signIn('edit.me@example.com', 'second password')).status).toBe(200);
  });
});
