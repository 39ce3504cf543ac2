// Sign-in, sessions and CSRF over real HTTP: the relying party, the embedded issuer at /idp
// and the session endpoints, on the whole server with the demo platform seeded.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hashPassword, safeReturnTarget } from '../../src/server/identity/index.ts';
import { browse, CookieJar, formAction, hiddenInput } from '../../src/server/identity/testing.ts';
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

describe('logout', () => {
  it('destroys the session, sends the browser to the issuer end-session, confirms, and comes back to the login page', async () => {
    const jar = new CookieJar();
    await signIn(jar, 'logout@demo.local');
    expect((await me(jar)).status).toBe(200);

    const back = url('/auth/login?redirect_uri=' + encodeURIComponent(url('/demo/cases')));
    const out = await browse(jar, url(`/auth/logout?redirect_uri=${encodeURIComponent(back)}&client_id=${clientId}`), { maxRedirects: 0 });
    expect(out.response.status).toBe(303);
    const end = new URL(out.hops[0].location!);
    expect(end.pathname).toBe('/idp/session/end');
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(url('/auth/login'));
    expect(end.searchParams.get('client_id')).toBe(server.config.oidcClientId);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await me(jar)).status).toBe(401);

    const confirm = await browse(jar, end.href);
    expect(confirm.response.status).toBe(200);
    expect(confirm.body).toContain('Do you want to sign out');
    const xsrf = hiddenInput(confirm.body, 'xsrf')!;
    const after = await browse(jar, formAction(confirm.body, confirm.url)!, { form: { xsrf, logout: 'yes' } });
    // Signed out at the issuer too: /auth/login leads to the password form again.
    expect(after.hops.map((h) => new URL(h.url).pathname)).toContain('/auth/login');
    expect(after.body).toContain('type="password"');

    // And the next sign-in returns to where the product asked at logout.
    const done = await browse(jar, formAction(after.body, after.url)!, { form: { email: 'logout@demo.local', password } });
    expect(done.url).toBe(url('/demo/cases'));
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
      'SELECT action, object_type, before, after FROM audit_log WHERE user_id = $1', [s.session.userId]);
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
