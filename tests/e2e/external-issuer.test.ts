// Bring your own identity provider, in Chromium: the built product started with OIDC_ISSUER
// pointing at a standalone oidc-provider process (tests/fixtures/oidc-issuer.mjs) on an
// empty database. An operator's walk: the first administrator from ADMIN_EMAILS creates the
// first client and invites an officer, who signs in at the issuer and is given an account
// by the invitation; an altered ID token is refused; logging out ends the issuer's session;
// with the issuer down (mid-session and at start) the browser gets the product's own page,
// never a connection error; an idle end asks for the password again.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { prepareIssuer, productClient, type ExternalIssuer } from '../fixtures/oidc-issuer.ts';
import { hasChromium, launchBrowser, startProduct, type Product } from './harness.ts';
import { startSmtpSink } from './smtp-sink.ts';

const SECRET = 'e2e-external-client-secret-0123456789';
const ROOT = 'root@corp.example';
const OFFICER = 'olivia@corp.example';
const MALLORY = 'mallory@corp.example';
const PASSWORD = 'issuer-password-1';
const root = path.resolve(import.meta.dirname, '../..');

const clientIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[1];

/** At the issuer's own form: the person types their credentials there. */
async function atIssuerSignIn(page: Page, issuer: ExternalIssuer, email: string) {
  await page.waitForURL((u) => u.href.startsWith(`${issuer.url}/interaction/`));
  await page.getByLabel('Username or email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** An owner's first visit to a client without a retention setting shows the dialog of spec 2.4. */
async function confirmRetention(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Data retention' });
  await dialog.waitFor();
  await dialog.getByLabel('Data storage period').selectOption({ label: '1 year (365 days)' });
  await dialog.getByLabel(/I approve/).check();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The first administrator creates the first client from /define_client and lands in it. */
async function createFirstClient(page: Page, name: string, opts: { retention?: boolean } = {}) {
  await page.getByRole('heading', { name: 'Create the first client' }).waitFor();
  await page.getByLabel(/^Client name/).fill(name);
  await page.getByLabel(/^Legal name/).fill(`${name} Ltd`);
  await page.getByRole('button', { name: 'Create client' }).click();
  await page.waitForURL(/\/[0-9a-f-]{36}\/profile$/);
  if (opts.retention !== false) await confirmRetention(page);
}

async function expectUnavailablePage(page: Page, product: Product) {
  await page.getByRole('heading', { name: 'Sign-in is not available right now' }).waitFor();
  // The product's own page, never the browser's error page for a refused connection.
  expect(page.url().startsWith(`${product.url}/auth/`), page.url()).toBe(true);
}

describe.skipIf(!hasChromium)('bring your own identity provider', { timeout: 120_000 }, () => {
  let issuer: ExternalIssuer;
  let product: Product;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: { context: BrowserContext; page: Page };
  let officer: { context: BrowserContext; page: Page };
  let clientId: string;

  const env = (extra: Record<string, string> = {}) => ({
    OIDC_ISSUER: issuer.url, OIDC_CLIENT_ID: 'compliance-web', OIDC_CLIENT_SECRET: SECRET, ADMIN_EMAILS: ROOT, ...extra,
  });
  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    context.setDefaultTimeout(20_000);
    return { context, page: await context.newPage() };
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    issuer = await prepareIssuer();
    await issuer.start();
    product = await startProduct(env({ SMTP_URL: smtp.url }));
    await issuer.setClients([productClient(product.url, SECRET)]);
    await issuer.setUsers({
      [ROOT]: { password: PASSWORD, name: 'Rita Root' },
      [OFFICER]: { password: PASSWORD, name: 'Olivia Officer' },
      [MALLORY]: { password: PASSWORD, name: 'Mallory' },
    });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await issuer?.dispose();
    await smtp?.close();
  });

  test('the first administrator (ADMIN_EMAILS) signs in on an empty database and creates the first client', async () => {
    admin = await newPage();
    const { page } = admin;
    await page.goto(product.url);
    await atIssuerSignIn(page, issuer, ROOT);
    await createFirstClient(page, 'Acme Payments');
    clientId = clientIdOf(page);
    await page.getByText('Acme Payments').first().waitFor();
  });

  test('an invited officer signs in at the issuer and the invitation gives them an account', async () => {
    const { page } = admin;
    await page.goto(`${product.url}/${clientId}/account/invites`);
    await page.getByLabel(/^Email/).fill(OFFICER);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('cell', { name: OFFICER }).waitFor();
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = smtp.mails.find((m) => m.to.includes(OFFICER))?.text.match(/https?:\/\/\S+\/onboarding\?invite=[A-Za-z0-9_-]+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    expect(link).toBeDefined();

    officer = await newPage();
    const p = officer.page;
    await p.goto(link!);
    await p.getByRole('heading', { name: 'Join Acme Payments' }).waitFor();
    await p.getByRole('link', { name: 'Sign in' }).click();
    await atIssuerSignIn(p, issuer, OFFICER);
    // Back on the invitation with the identity the issuer verified, but no account yet.
    await p.getByText(`Your identity provider confirmed that you are ${OFFICER}.`).waitFor();
    await p.getByRole('button', { name: 'Accept invitation' }).click();
    await p.waitForURL(new RegExp(`/${clientId}(/|$)`));
    await p.getByText('Acme Payments').first().waitFor();
    // The inviter sees the new member.
    await page.goto(`${product.url}/${clientId}/account/users`);
    await page.getByText('Olivia Officer').first().waitFor();
  });

  test('an ID token altered on its way is refused with the product\'s page, and the refusal is logged', async () => {
    await issuer.tamper(ROOT);
    const { context, page } = await newPage();
    try {
      await page.goto(product.url);
      await atIssuerSignIn(page, issuer, MALLORY);
      await page.getByRole('heading', { name: 'Sign-in could not be completed' }).waitFor();
      expect(page.url().startsWith(`${product.url}/auth/callback`)).toBe(true);
      expect((await context.cookies(product.url)).find((c) => c.name === 'sid')).toBeUndefined();
      expect(product.output()).toMatch(/"reason":"verification_failed".*sign-in refused/);
    } finally {
      await issuer.tamper(null);
      await context.close();
    }
  });

  test('log out ends the session at the issuer: the next sign-in asks for the password', async () => {
    const { page } = admin;
    const rootSessions = async () => (await issuer.state()).sessions.filter((s) => s === ROOT).length;
    const before = await rootSessions();
    await page.goto(`${product.url}/${clientId}/profile`);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: /Log out/ }).click();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    // Back through the product's login to the issuer's form, which asks again.
    await page.waitForURL((u) => u.href.startsWith(`${issuer.url}/interaction/`));
    await page.getByLabel('Password').waitFor();
    expect(await rootSessions()).toBe(before - 1);
    await atIssuerSignIn(page, issuer, ROOT);
    await page.waitForURL(new RegExp(`/${clientId}/profile$`));
  });

  test('with the issuer down mid-session, log out and sign in show the product\'s page; "Try again" works once it is back', async () => {
    const { page } = officer;
    await page.goto(`${product.url}/${clientId}/profile`);
    await page.getByText('Acme Payments').first().waitFor();
    await issuer.stop();
    try {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: /Log out/ }).click();
      await expectUnavailablePage(page, product);
      await page.getByText('You are signed out of this application.').waitFor();
      await page.getByRole('link', { name: 'Try again' }).click();
      await expectUnavailablePage(page, product);
    } finally {
      await issuer.start();
    }
    await page.getByRole('link', { name: 'Try again' }).click();
    await atIssuerSignIn(page, issuer, OFFICER);
    await page.waitForURL(new RegExp(`/${clientId}(/|$)`));
  });

  describe('a product started while the issuer is down, with a short idle time', () => {
    let second: Product;
    afterAll(async () => { await second?.stop(); });

    test('warns at start and shows its own page until the issuer is back', async () => {
      await issuer.stop();
      try {
        // A client of its own at the issuer, as a second deployment would have.
        second = await startProduct(env({ SESSION_IDLE_MINUTES: '0.5', OIDC_CLIENT_ID: 'compliance-idle' }));
        for (let i = 0; i < 100 && !/identity provider .* is unreachable/.test(second.output()); i++) await new Promise((r) => setTimeout(r, 100));
        expect(second.output()).toMatch(/identity provider .* is unreachable/);
        const { page } = await newPage();
        await page.goto(second.url);
        await expectUnavailablePage(page, second);
        expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${second.url}/define_client`);
      } finally {
        await issuer.start();
      }
      await issuer.setClients([productClient(product.url, SECRET), productClient(second.url, SECRET, 'compliance-idle')]);
    });

    test('at the idle end the browser goes to the issuer, which asks for the password again', async () => {
      const { page } = await newPage();
      await page.goto(second.url);
      await atIssuerSignIn(page, issuer, ROOT);
      // Into the shell, whose session overlay covers the page at once (the idle time is under
      // its two minutes of warning), and leave it alone.
      await createFirstClient(page, 'Idle Ltd', { retention: false });
      const before = (await issuer.state()).authorizations.length;
      // No activity: after 30 seconds the session ends and the shell sends the browser to sign in.
      await page.waitForURL((u) => u.href.startsWith(`${issuer.url}/interaction/`), { timeout: 75_000 });
      await page.getByLabel('Password').waitFor();
      const after = (await issuer.state()).authorizations.slice(before);
      expect(after.at(-1)).toEqual({ prompt: 'login', max_age: '0' });
    }, 120_000);
  });

  test('the administration command creates an administrator on the embedded database, once', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'caas-admin-e2e-'));
    try {
      const run = () => spawnSync(process.execPath, [path.join(root, 'dist/server/admin.mjs'), 'create', '--email', 'ops@corp.example', '--name', 'Ops'], {
        cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', OIDC_ISSUER: '', LOG_LEVEL: 'warn' }, encoding: 'utf8', timeout: 60_000,
      });
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain('Created the platform administrator ops@corp.example.');
      expect(first.stdout).toMatch(/Password: \S{12,}/);
      const again = run();
      expect(again.status).toBe(0);
      expect(again.stdout.trim()).toBe('ops@corp.example is already a platform administrator; nothing changed.');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
