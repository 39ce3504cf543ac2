// Sign-in, sessions and CSRF over real HTTP: the relying party, the embedded issuer at /idp
// and the session endpoints, on the whole server with the demo platform seeded.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hashPassword, safeReturnTarget } from '../../src/server/identity/index.ts';
import { MAX_FAILURES_PER_ACCOUNT_AND_IP } from '../../src/server/identity/sign-in-limit.ts';
import { browse, CookieJar, formAction } from '../../src/server/identity/testing.ts';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let clientId: string;
const password = DEMO_PASSWORD;

beforeAll(async () => {
  server = await startServer();
  clientId = server.seed.clients.demo;
  // Accounts of their own for the tests that lock, deactivate or sign out.
  const hash = await hashPassword(password);
  const users = [
    ['typo@demo.local', 'Tom Typo', true],
    ['limited@demo.local', 'Lee Limited', true],
    ['gone@demo.local', 'Gina Gone', false],
    ['logout@demo.local', 'Luke Logout', true],
    ['burst@demo.local', 'Bea Burst', true],
    ['spoof@demo.local', 'Sid Spoof', true],
    ['idle@demo.local', 'Ida Idle', true],
    ['auditor@demo.local', 'Aud Itor', true],
  ] as const;
  for (const [email, name, active] of users) {
    const { rows } = await server.db.query<{ id: string }>(
      'INSERT INTO users (email, full_name, password_hash, is_active) VALUES ($1, $2, $3, $4) RETURNING id', [email, name, hash, active]);
    await server.db.query(`INSERT INTO accounts_clients (user_id, client_id, role) VALUES ($1, $2, 'analyst')`, [rows[0].id, clientId]);
  }
});

afterAll(async () => {
  await server?.close();
});

const url = (path: string) => `${server.url}${path}`;

/** Starts at /auth/login and stops on the issuer's login page. */
async function openLoginPage(jar: CookieJar, returnTo = '/demo/profile') {
  const page = await browse(jar, url(`/auth/login?redirect_uri=${encodeURIComponent(url(returnTo))}`));
  expect(page.response.status).toBe(200);
  const action = formAction(page.body, page.url);
  expect(action).toMatch(/\/idp\/interaction\/[^/]+\/login$/);
  return { page, action: action! };
}

async function signIn(jar: CookieJar, email: string, returnTo = '/demo/profile') {
  const { action } = await openLoginPage(jar, returnTo);
  return browse(jar, action, { form: { email, password } });
}

async function me(jar: CookieJar) {
  const res = await fetch(url('/api/v1/me'), { headers: { cookie: jar.header(url('/api/v1/me')) } });
  return { status: res.status, body: await res.json() };
}

describe('sign-in through the embedded issuer', () => {
  it('walks /auth/login → /idp login page → credentials → /auth/callback → session, and the account call works', async () => {
    const jar = new CookieJar();
    const { page, action } = await openLoginPage(jar);
    expect(page.hops[0].status).toBe(303);
    expect(page.hops[0].location).toContain('/idp/auth?');
    expect(page.hops[0].location).toContain('code_challenge_method=S256');
    expect(page.body).toContain('Compliance as a service');
    expect(page.body).toMatch(/<label for="email">Email<\/label>/);
    expect(page.body).toMatch(/type="password"/);

    const done = await browse(jar, action, { form: { email: 'OFFICER@demo.local', password } });
    const urls = done.hops.map((h) => new URL(h.url).pathname);
    expect(urls).toContain('/auth/callback');
    // No consent screen for our own client: straight from the password to the product.
    expect(done.hops.every((h) => h.status !== 200 || h === done.hops.at(-1))).toBe(true);
    expect(done.url).toBe(url('/demo/profile'));

    const callback = done.hops.find((h) => new URL(h.url).pathname === '/auth/callback')!;
    const sid = callback.setCookies.find((c) => c.startsWith('sid='))!;
    expect(sid).toMatch(/HttpOnly/);
    expect(sid).toMatch(/SameSite=Lax/);
    expect(sid).not.toMatch(/Secure/); // PUBLIC_URL is http here
    const csrf = callback.setCookies.find((c) => c.startsWith('csrf_token='))!;
    expect(csrf).not.toMatch(/HttpOnly/);

    const account = await me(jar);
    expect(account.status).toBe(200);
    expect(account.body.success).toBe(true);
    expect(account.body.data).toMatchObject({
      id: server.seed.users.officer,
      email: 'officer@demo.local',
      full_name: 'Oliver Officer',
      name: 'Oliver Officer',
      phone: '+44 20 7946 0002',
      is_admin: false,
      accounts_clients: [{ client: { id: clientId, name: 'Demo Payments Ltd' }, role: 'officer' }],
    });
  });

  it('keeps the database from holding the cookie itself', async () => {
    const jar = new CookieJar();
    await signIn(jar, 'officer@demo.local');
    const cookie = jar.get('sid')!;
    const { rows } = await server.db.query('SELECT 1 FROM identity_sessions WHERE token_hash = $1 OR ws_token_hash = $1', [cookie]);
    expect(rows).toHaveLength(0);
  });

  it('shows "Email or password is incorrect" for a wrong password and opens no session', async () => {
    const jar = new CookieJar();
    const { action } = await openLoginPage(jar);
    const res = await browse(jar, action, { form: { email: 'officer@demo.local', password: 'not it' } });
    expect(res.response.status).toBe(401);
    expect(res.body).toContain('Email or password is incorrect');
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('value="officer@demo.local"');
    expect(jar.get('sid')).toBeUndefined();
    expect((await me(jar)).status).toBe(401);
  });

  it('shows the same error for an unknown email', async () => {
    const jar = new CookieJar();
    const { action } = await openLoginPage(jar);
    const res = await browse(jar, action, { form: { email: 'nobody@demo.local', password } });
    expect(res.response.status).toBe(401);
    expect(res.body).toContain('Email or password is incorrect');
  });

  it('stops sign-in attempts after five failures for the same email and address, even with the right password', async () => {
    const jar = new CookieJar();
    const { action } = await openLoginPage(jar);
    for (let i = 0; i < 5; i++) {
      const res = await browse(jar, action, { form: { email: 'limited@demo.local', password: `wrong-${i}` } });
      expect(res.body).toContain('Email or password is incorrect');
    }
    const blocked = await browse(jar, action, { form: { email: 'limited@demo.local', password } });
    expect(blocked.response.status).toBe(429);
    expect(blocked.body).toContain('Too many sign-in attempts');
    expect(jar.get('sid')).toBeUndefined();
    // The limit is per account: another account from the same address still signs in.
    const other = await browse(jar, action, { form: { email: 'typo@demo.local', password } });
    expect(other.url).toBe(url('/demo/profile'));
  });

  it('refuses a deactivated account with a clear page', async () => {
    const jar = new CookieJar();
    const res = await signIn(jar, 'gone@demo.local');
    expect(res.response.status).toBe(403);
    expect(res.body).toContain('Your account is deactivated');
    expect(jar.get('sid')).toBeUndefined();
  });

  it('never sends the browser to another site after sign-in', async () => {
    const jar = new CookieJar();
    const page = await browse(jar, url(`/auth/login?redirect_uri=${encodeURIComponent('https://evil.example/steal')}`));
    const done = await browse(jar, formAction(page.body, page.url)!, { form: { email: 'officer@demo.local', password } });
    expect(done.url).toBe(url('/'));
  });

  it('lets a sign-in started in another tab finish, and keeps at most three pending', async () => {
    const jar = new CookieJar();
    const tabs: string[] = [];
    for (let i = 0; i < 5; i++) tabs.push((await openLoginPage(jar, `/tab/${i}`)).action);
    const pending = jar.header(url('/auth/callback')).split('; ').filter((c) => c.startsWith('auth_flow_'));
    expect(pending).toHaveLength(3);
    // An older tab's attempt still in the kept three finishes where it started.
    const done = await browse(jar, tabs[2], { form: { email: 'officer@demo.local', password } });
    expect(done.url).toBe(url('/tab/2'));
    // The oldest one was dropped: its callback asks to start again.
    const stale = await browse(jar, tabs[0], { form: { email: 'officer@demo.local', password } });
    expect(stale.body).toContain('This sign-in link has expired');
  });

  it('answers a callback without its sign-in cookie with a page to start again', async () => {
    const res = await browse(new CookieJar(), url('/auth/callback?code=abc&state=abcdefghijklmnopqrstuvwxyz'));
    expect(res.response.status).toBe(400);
    expect(res.body).toContain('This sign-in link has expired');
    expect(res.body).toContain('href="/auth/login"');
  });
});

const userIdOf = async (email: string) =>
  (await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0].id;
/** The embedded issuer's own live sessions of a user. */
const issuerSessions = async (userId: string) => (await server.db.query(
  `SELECT 1 FROM identity_oidc_payloads WHERE model = 'Session' AND payload->>'accountId' = $1
      AND (expires_at IS NULL OR expires_at > now())`, [userId])).rows.length;

describe('logout', () => {
  it('ends the session and the issuer\'s at once, without a confirmation page, and returns where it was asked after the password', async () => {
    const jar = new CookieJar();
    await signIn(jar, 'logout@demo.local');
    expect((await me(jar)).status).toBe(200);
    const userId = await userIdOf('logout@demo.local');
    expect(await issuerSessions(userId)).toBe(1);

    const back = url('/auth/login?redirect_uri=' + encodeURIComponent(url('/demo/cases')));
    const out = await browse(jar, url(`/auth/logout?redirect_uri=${encodeURIComponent(back)}&client_id=${clientId}`), { maxRedirects: 0 });
    expect(out.response.status).toBe(303);
    expect(out.hops[0].location).toBe(url('/auth/login'));
    expect((await me(jar)).status).toBe(401);
    expect(await issuerSessions(userId)).toBe(0);

    // The issuer's session itself is gone: even a browser that lost the product's reminder
    // to ask again is asked for the password.
    jar.delete('auth_reauth');
    const after = await browse(jar, url('/auth/login'));
    expect(new URL(after.hops[0].location!).searchParams.get('prompt')).toBeNull();
    expect(after.body).toContain('type="password"');
    const done = await browse(jar, formAction(after.body, after.url)!, { form: { email: 'logout@demo.local', password } });
    expect(done.url).toBe(url('/demo/cases'));
  });

  it('after an idle end, the next sign-in asks for the password though the issuer\'s session still stands', async () => {
    const jar = new CookieJar();
    await signIn(jar, 'idle@demo.local');
    const userId = await userIdOf('idle@demo.local');
    expect(await issuerSessions(userId)).toBe(1);
    await server.db.query(`UPDATE identity_sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [userId]);
    expect((await me(jar)).status).toBe(401);

    const again = await browse(jar, url(`/auth/login?redirect_uri=${encodeURIComponent(url('/demo/profile'))}`));
    const auth = new URL(again.hops[0].location!);
    expect(auth.searchParams.get('prompt')).toBe('login');
    expect(auth.searchParams.get('max_age')).toBe('0');
    expect(again.response.status).toBe(200);
    expect(again.body).toContain('type="password"');
    expect(jar.get('sid')).toBeDefined(); // still the ended one
    const done = await browse(jar, formAction(again.body, again.url)!, { form: { email: 'idle@demo.local', password } });
    expect(done.url).toBe(url('/demo/profile'));
    expect((await me(jar)).status).toBe(200);
  });
});

describe('sign-in rate limit and forwarding headers', () => {
  it('counts concurrent wrong passwords before checking them: at most the limit are checked, the rest refused', async () => {
    const jar = new CookieJar();
    const { action } = await openLoginPage(jar);
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) =>
      browse(jar, action, { form: { email: 'burst@demo.local', password: `wrong-${i}` }, maxRedirects: 0 })));
    const statuses = results.map((r) => r.response.status);
    expect(statuses.filter((st) => st !== 401 && st !== 429)).toEqual([]);
    const checked = statuses.filter((st) => st === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT_AND_IP);
    const blocked = await browse(jar, action, { form: { email: 'burst@demo.local', password } });
    expect(blocked.response.status).toBe(429);
  });

  it('does not let X-Forwarded-For choose the address the limit counts (no proxy trusted by default)', async () => {
    const jar = new CookieJar();
    const { action } = await openLoginPage(jar);
    for (let i = 0; i < 5; i++) {
      const res = await browse(jar, action, { form: { email: 'spoof@demo.local', password: 'wrong' }, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      expect(res.response.status).toBe(401);
    }
    const res = await browse(jar, action, { form: { email: 'spoof@demo.local', password }, headers: { 'x-forwarded-for': '203.0.113.99' } });
    expect(res.response.status).toBe(429);
  });

  it('names its endpoints from PUBLIC_URL whatever X-Forwarded-Host and -Proto say', async () => {
    const res = await fetch(url('/idp/.well-known/openid-configuration'), {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' },
    });
    const doc = await res.json();
    expect(doc.issuer).toBe(url('/idp'));
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint']) {
      expect(doc[key].startsWith(url('/idp/')), `${key}: ${doc[key]}`).toBe(true);
    }
  });
});

describe('the audit log of identity', () => {
  it('records sign-in, refused sign-in, session refresh and sign-out as platform rows, without secrets', async () => {
    const userId = await userIdOf('auditor@demo.local');
    const jar = new CookieJar();
    const { action } = await openLoginPage(jar);
    expect((await browse(jar, action, { form: { email: 'auditor@demo.local', password: 'not-the-password' } })).response.status).toBe(401);
    await browse(jar, action, { form: { email: 'auditor@demo.local', password } });
    const refresh = await fetch(url('/api/v1/session/refresh'), {
      method: 'POST', headers: { cookie: jar.header(url('/api/v1/session/refresh')), 'x-csrf-token': jar.get('csrf_token')! },
    });
    expect(refresh.status).toBe(200);
    await browse(jar, url('/auth/logout'), { maxRedirects: 0 });

    const { rows } = await server.db.query<{ action: string; object_type: string; object_id: string | null; client_id: string | null; after: any }>(
      'SELECT action, object_type, object_id, client_id, after FROM audit_log WHERE user_id = $1 ORDER BY at', [userId]);
    expect(rows.map((r) => r.action)).toEqual(['sign_in_failed', 'sign_in', 'refresh', 'sign_out']);
    expect(rows.every((r) => r.client_id === null && r.object_type === 'session')).toBe(true);
    expect(rows[0].after).toMatchObject({ reason: 'wrong_credentials', email: 'auditor@demo.local', ip: '127.0.0.1' });
    const sessionId = rows[1].object_id;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[2].object_id).toBe(sessionId);
    expect(rows[3]).toMatchObject({ object_id: sessionId, after: { issuer_session: 'ended' } });
    const text = JSON.stringify(rows);
    for (const secret of [password, 'not-the-password', jar.get('csrf_token')!]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/eyJ/);
  });
});

describe('session endpoints', () => {
  async function session(email = 'officer@demo.local') {
    const { rows } = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return createSession(server.app.ctx, rows[0].id);
  }

  it('gives the session token, CSRF token and expiry', async () => {
    const s = await session();
    const res = await fetch(url('/api/v1/session'), { headers: { cookie: s.cookie } });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.session_token).toBe(s.sessionToken);
    expect(data.csrf_token).toBe(s.session.csrfToken);
    expect(data.idle_minutes).toBe(30);
    expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now());
  });

  it('answers 401 without a session', async () => {
    for (const path of ['/api/v1/me', '/api/v1/session', '/api/v1/session/ping']) {
      const res = await fetch(url(path));
      expect(res.status).toBe(401);
      expect((await res.json()).error_code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 once the idle expiry has passed', async () => {
    const s = await session();
    expect((await fetch(url('/api/v1/me'), { headers: { cookie: s.cookie } })).status).toBe(200);
    await server.db.query(`UPDATE identity_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [s.session.id]);
    const res = await fetch(url('/api/v1/me'), { headers: { cookie: s.cookie } });
    expect(res.status).toBe(401);
    expect((await res.json()).error_code).toBe('UNAUTHENTICATED');
  });

  it('extends the idle expiry on ping and on refresh', async () => {
    const s = await session();
    await server.db.query(`UPDATE identity_sessions SET expires_at = now() + interval '1 minute' WHERE id = $1`, [s.session.id]);
    const ping = await (await fetch(url('/api/v1/session/ping'), { headers: { cookie: s.cookie } })).json();
    expect(Date.parse(ping.data.expires_at)).toBeGreaterThan(Date.now() + 25 * 60_000);

    await server.db.query(`UPDATE identity_sessions SET expires_at = now() + interval '1 minute' WHERE id = $1`, [s.session.id]);
    const refresh = await fetch(url('/api/v1/session/refresh'), {
      method: 'POST', headers: { cookie: s.cookie, 'x-csrf-token': s.session.csrfToken },
    });
    expect(refresh.status).toBe(200);
    expect(Date.parse((await refresh.json()).data.expires_at)).toBeGreaterThan(Date.now() + 25 * 60_000);
  });

  it('does not extend the session when the browser only reads its status', async () => {
    const s = await session();
    await server.db.query(`UPDATE identity_sessions SET expires_at = now() + interval '1 minute' WHERE id = $1`, [s.session.id]);
    const { data } = await (await fetch(url('/api/v1/session'), { headers: { cookie: s.cookie } })).json();
    expect(Date.parse(data.expires_at)).toBeLessThan(Date.now() + 2 * 60_000);
  });

  it('refuses a write without the CSRF header (403) and accepts it with the header', async () => {
    const s = await session('typo@demo.local');
    const body = JSON.stringify({ account: { full_name: 'Tom Corrected', phone: '+44 20 7946 0000' } });
    const bare = await fetch(url('/api/v1/me'), { method: 'PATCH', headers: { cookie: s.cookie, 'content-type': 'application/json' }, body });
    expect(bare.status).toBe(403);
    expect((await bare.json()).error_code).toBe('CSRF_FAILED');
    const wrong = await fetch(url('/api/v1/session/refresh'), { method: 'POST', headers: { cookie: s.cookie, 'x-csrf-token': 'nope' } });
    expect(wrong.status).toBe(403);

    const ok = await fetch(url('/api/v1/me'), {
      method: 'PATCH', headers: { cookie: s.cookie, 'content-type': 'application/json', 'x-csrf-token': s.session.csrfToken }, body,
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ full_name: 'Tom Corrected', phone: '+44 20 7946 0000' });
    const audit = await server.db.query<{ action: string; object_type: string; before: any; after: any }>(
      `SELECT action, object_type, before, after FROM audit_log WHERE user_id = $1 AND object_type = 'account'`, [s.session.userId]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ action: 'update', object_type: 'account' });
    expect(audit.rows[0].before).toMatchObject({ full_name: 'Tom Typo', phone: null });
    expect(audit.rows[0].after).toMatchObject({ full_name: 'Tom Corrected', phone: '+44 20 7946 0000' });
  });

  it('answers 400 with a message per field for a bad profile change', async () => {
    const s = await session();
    const res = await fetch(url('/api/v1/me'), {
      method: 'PATCH',
      headers: { cookie: s.cookie, 'content-type': 'application/json', 'x-csrf-token': s.session.csrfToken },
      body: JSON.stringify({ account: { full_name: '   ', phone: 'call me' } }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error_code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errors).sort()).toEqual(['full_name', 'phone']);
  });

  it('ends the sessions of a deactivated user at once', async () => {
    const s = await session('typo@demo.local');
    await server.db.query('UPDATE users SET is_active = false WHERE id = $1', [s.session.userId]);
    try {
      expect((await fetch(url('/api/v1/me'), { headers: { cookie: s.cookie } })).status).toBe(401);
    } finally {
      await server.db.query('UPDATE users SET is_active = true WHERE id = $1', [s.session.userId]);
    }
  });
});

describe('return targets', () => {
  const base = 'https://app.example.com';
  it('keeps addresses of the product and refuses others', () => {
    expect(safeReturnTarget(base, '/c1/cases?page=2')).toBe(`${base}/c1/cases?page=2`);
    expect(safeReturnTarget(base, `${base}/c1/profile#top`)).toBe(`${base}/c1/profile#top`);
    expect(safeReturnTarget(base, 'https://evil.example/')).toBeNull();
    expect(safeReturnTarget(base, '//evil.example/x')).toBeNull();
    expect(safeReturnTarget(base, '/\\evil.example/x')).toBeNull();
    expect(safeReturnTarget(base, 'javascript:alert(1)')).toBeNull();
    expect(safeReturnTarget(base, `${base}/auth/logout`)).toBeNull();
    expect(safeReturnTarget(base, `/auth/login?redirect_uri=${encodeURIComponent('/c1/cases')}`)).toBe(`${base}/c1/cases`);
    expect(safeReturnTarget(base, randomBytes(3000).toString('hex'))).toBeNull();
  });
});
