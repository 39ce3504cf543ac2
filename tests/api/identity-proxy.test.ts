// Behind a TLS-terminating proxy: PUBLIC_URL is https while the server itself speaks plain
// http, and TRUST_PROXY names the proxy (here the loopback address the tests come from).
// The embedded issuer's cookies are Secure, and the client address forwarded by the
// trusted proxy is the one the sign-in rate limit counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/identity/index.ts';
import { browse, CookieJar, formAction, type BrowseResult } from '../../src/server/identity/testing.ts';
import { DEMO_PASSWORD, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let plain: string;

beforeAll(async () => {
  server = await startServer({ publicUrl: (port) => `https://127.0.0.1:${port}`, env: { TRUST_PROXY: '127.0.0.1' } });
  plain = server.url;
  const hash = await hashPassword(DEMO_PASSWORD);
  await server.db.query(`INSERT INTO users (email, full_name, password_hash) VALUES ('proxied@demo.local', 'Pia Proxied', $1)`, [hash]);
});
afterAll(async () => { await server?.close(); });

/** Follows redirects as the proxy would: https://<public host> reaches the server over http. */
async function follow(jar: CookieJar, url: string, init: Parameters<typeof browse>[2] = {}) {
  const hops: BrowseResult['hops'] = [];
  let res = await browse(jar, url, { ...init, maxRedirects: 0 });
  hops.push(...res.hops);
  for (let i = 0; i < 10 && res.hops[0].location; i++) {
    const next = new URL(res.hops[0].location, res.url);
    if (next.origin === server.config.publicUrl) next.protocol = 'http:';
    res = await browse(jar, next.href, { headers: init.headers, maxRedirects: 0 });
    hops.push(...res.hops);
  }
  return { ...res, hops };
}

describe('behind a TLS-terminating proxy', () => {
  it('marks every cookie of the embedded issuer Secure, as the product\'s own', async () => {
    const jar = new CookieJar();
    const page = await follow(jar, `${plain}/auth/login`);
    expect(page.body).toContain('type="password"');
    const done = await follow(jar, formAction(page.body, page.url)!, { form: { email: 'proxied@demo.local', password: DEMO_PASSWORD } });
    expect(done.hops.some((h) => new URL(h.url).pathname === '/auth/callback')).toBe(true);
    const cookies = [...page.hops, ...done.hops].flatMap((h) => h.setCookies);
    const issuerCookies = cookies.filter((c) => c.startsWith('idp_'));
    expect(issuerCookies.map((c) => c.split('=')[0])).toEqual(expect.arrayContaining(['idp_interaction', 'idp_session']));
    for (const c of issuerCookies) expect(c, c).toMatch(/;\s*secure/i);
    expect(cookies.find((c) => c.startsWith('sid='))).toMatch(/; Secure/);
  });

  it('counts sign-in attempts by the address the trusted proxy forwards', async () => {
    const jar = new CookieJar();
    const page = await follow(jar, `${plain}/auth/login`);
    const action = formAction(page.body, page.url)!;
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 5; i++) {
      const res = await browse(jar, action, { form: { email: 'proxied@demo.local', password: 'wrong' }, headers: from('198.51.100.7'), maxRedirects: 0 });
      expect(res.response.status).toBe(401);
    }
    const blocked = await browse(jar, action, { form: { email: 'proxied@demo.local', password: DEMO_PASSWORD }, headers: from('198.51.100.7'), maxRedirects: 0 });
    expect(blocked.response.status).toBe(429);
    // Another client behind the same proxy is not blocked.
    const other = await browse(jar, action, { form: { email: 'proxied@demo.local', password: DEMO_PASSWORD }, headers: from('198.51.100.8'), maxRedirects: 0 });
    expect(other.response.status).toBe(303);
    const { rows } = await server.db.query<{ after: { ip: string } }>(`SELECT after FROM audit_log WHERE action = 'sign_in_failed'`);
    expect(rows.map((r) => r.after.ip)).toEqual(Array(5).fill('198.51.100.7'));
  });
});
