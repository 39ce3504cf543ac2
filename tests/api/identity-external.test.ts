// OIDC_ISSUER set: the product signs in through another, standard issuer (here a separate
// oidc-provider with its stock login form, standing in for Keycloak, Entra ID or Okta).
// Users are matched by verified email; unknown and unverified ones get a clear page.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browse, CookieJar, formAction } from '../../src/server/identity/testing.ts';
import { startServer, type TestServer } from './harness.ts';

let issuerServer: Server;
let issuerUrl: string;
let app: TestServer;
const clientSecret = 'external-client-secret-of-enough-length';

beforeAll(async () => {
  // The issuer's port must be known before the product starts, and the product's before the
  // issuer registers its client: listen first, build the issuer's handler afterwards.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => { res.statusCode = 503; res.end(); };
  issuerServer = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  issuerUrl = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;

  app = await startServer({ env: { OIDC_ISSUER: issuerUrl, OIDC_CLIENT_ID: 'compliance-web', OIDC_CLIENT_SECRET: clientSecret } });
  await app.db.query(`INSERT INTO users (email, full_name) VALUES ('officer@corp.example', 'Olivia Officer')`);
  await app.db.query(`INSERT INTO users (email, full_name) VALUES ('unverified@corp.example', 'Una Verified')`);

  const provider = new Provider(issuerUrl, {
    clients: [{
      client_id: app.config.oidcClientId,
      client_secret: clientSecret,
      redirect_uris: [`${app.url}/auth/callback`],
      post_logout_redirect_uris: [`${app.url}/auth/login`],
    }],
    claims: { email: ['email', 'email_verified'] },
    ttl: { AccessToken: 300, IdToken: 300, Interaction: 600, Session: 3600, Grant: 3600 },
    // The account id typed in the stock login form is the email address.
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: !sub.startsWith('unverified') }),
    }),
  });
  handle = provider.callback();
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => issuerServer?.close(resolve));
});

/** Through the issuer's own login and consent forms, back to the product. */
async function signInAs(email: string) {
  const jar = new CookieJar();
  const login = await browse(jar, `${app.url}/auth/login?redirect_uri=${encodeURIComponent(`${app.url}/c1/cases`)}`);
  expect(login.url.startsWith(issuerUrl)).toBe(true);
  const consent = await browse(jar, formAction(login.body, login.url)!, { form: { prompt: 'login', login: email, password: 'any' } });
  const done = await browse(jar, formAction(consent.body, consent.url)!, { form: { prompt: 'consent' } });
  return { jar, done };
}

describe('an external issuer (OIDC_ISSUER)', () => {
  it('does not mount the embedded issuer', async () => {
    const res = await fetch(`${app.url}/idp/.well-known/openid-configuration`);
    expect(res.status).not.toBe(200);
  });

  it('signs a known user with a verified email in and returns to the product', async () => {
    const { jar, done } = await signInAs('officer@corp.example');
    expect(done.url).toBe(`${app.url}/c1/cases`);
    const me = await fetch(`${app.url}/api/v1/me`, { headers: { cookie: jar.header(`${app.url}/api/v1/me`) } });
    expect(me.status).toBe(200);
    expect((await me.json()).data.email).toBe('officer@corp.example');

    // Logout ends the session here and sends the browser to the issuer's end-session.
    const out = await browse(jar, `${app.url}/auth/logout`, { maxRedirects: 0 });
    const end = new URL(out.hops[0].location!);
    expect(end.origin).toBe(issuerUrl);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${app.url}/auth/login`);
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect((await fetch(`${app.url}/api/v1/me`, { headers: { cookie: jar.header(`${app.url}/api/v1/me`) } })).status).toBe(401);
  });

  it('shows a clear page to someone without an account', async () => {
    const { jar, done } = await signInAs('stranger@corp.example');
    expect(done.response.status).toBe(403);
    expect(done.body).toContain('No account for this email');
    expect(done.body).toContain('stranger@corp.example');
    expect(jar.get('sid')).toBeUndefined();
  });

  it('requires the issuer to say the email is verified', async () => {
    const { jar, done } = await signInAs('unverified@corp.example');
    expect(done.response.status).toBe(403);
    expect(done.body).toContain('Your email address is not verified');
    expect(jar.get('sid')).toBeUndefined();
  });
});
