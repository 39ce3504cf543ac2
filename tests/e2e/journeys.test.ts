// Journeys a new user takes through the real product in Chromium: sign-in through the
// issuer's login page, the shell and its menu per permissions, guards and legacy
// redirects, an invitation accepted, a live notification, the machine inspector, log out.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, signIn, startProduct, type Product } from './harness.ts';
import { startSmtpSink } from './smtp-sink.ts';

const clientIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[1];

// The journeys run in order on one product: the first confirms the data-retention dialog
// that would otherwise cover the officer's later pages.
// Generous limits: CI runs these beside the API tests on two cores. Each step waits at
// most 20 s, so a failure names its step rather than the test's timeout.
describe.skipIf(!hasChromium)('browser journeys', { timeout: 90_000 }, () => {
  let product: Product;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    product = await startProduct({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await smtp?.close();
  });

  async function session(email: string, start = '/') {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await signIn(page, product.url, email, undefined, start);
    return { context, page };
  }

  test('the officer signs in through the login page and lands in the shell of their client', async () => {
    const { context, page } = await session('officer@demo.local');
    expect(new URL(page.url()).pathname).toMatch(/^\/[0-9a-f-]{36}\/profile$/);
    await page.getByText('Demo Payments Ltd').first().waitFor();
    await page.getByText('$1,250.00').waitFor();
    // The client has no retention setting yet and the officer may manage it: the dialog of
    // spec 2.4 asks for one, saves it, and does not come back.
    const dialog = page.getByRole('dialog', { name: 'Data retention' });
    await dialog.waitFor();
    await dialog.getByLabel('Data storage period').selectOption({ label: '1 year (365 days)' });
    await dialog.getByLabel(/I approve/).check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('System data retention period has been updated').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByText('$1,250.00').waitFor();
    expect(await page.getByRole('dialog', { name: 'Data retention' }).count()).toBe(0);
    // Client settings pages are built: the officer (CLIENT_MANAGE) sees them in the menu.
    const nav = page.getByRole('navigation').first();
    await nav.getByText('Client Settings').waitFor();
    // The top bar's export icon opens the member's export requests: none yet.
    await page.getByRole('link', { name: /^Export requests/ }).click();
    await page.waitForURL(/\/profile\/export_requests$/);
    await page.getByRole('heading', { name: 'Export requests' }).waitFor();
    await page.getByText('NO RESULTS').waitFor();
    await context.close();
  });

  test('the analyst sees only what their permissions allow; a guarded route shows 404', async () => {
    const { context, page } = await session('analyst@demo.local');
    const client = clientIdOf(page);
    await expect(page.getByRole('navigation').first().getByText('Client Settings').count()).resolves.toBe(0);
    await page.goto(`${product.url}/${client}/account/users`);
    await page.getByText('Page not found').waitFor();
    await page.getByText('This page does not exist or has been deleted').waitFor();
    await context.close();
  });

  test('legacy addresses redirect; unknown paths show 404 inside a section', async () => {
    const { context, page } = await session('officer@demo.local');
    const client = clientIdOf(page);
    await page.goto(`${product.url}/${client}`);
    await page.waitForURL(`${product.url}/${client}/profile`);
    await page.goto(`${product.url}/${client}/cm/42`);
    await page.waitForURL(`${product.url}/${client}/verification/cases/42`);
    await page.goto(`${product.url}/${client}/account/no_such_page`);
    await page.getByText('Page not found').waitFor();
    await context.close();
  });

  test('an invitation is mailed, accepted by a new colleague, and the inviter is told live', async () => {
    const officer = await session('officer@demo.local');
    const client = clientIdOf(officer.page);
    await officer.page.goto(`${product.url}/${client}/account/invites`);
    await officer.page.getByLabel(/^Email/).fill('new.colleague@demo.local');
    await officer.page.getByRole('button', { name: 'Send invitation' }).click();
    await officer.page.getByRole('cell', { name: 'new.colleague@demo.local' }).waitFor();

    // The mail leaves the outbox through SMTP with the personal link.
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      const mail = smtp.mails.find((m) => m.to.includes('new.colleague@demo.local'));
      link = mail?.text.match(/https?:\/\/\S+\/onboarding\?invite=[A-Za-z0-9_-]+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    expect(link).toBeDefined();

    // The colleague opens it in their own browser, chooses a password and signs in.
    const context = await browser.newContext();
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await page.goto(link!);
    await page.getByLabel(/^Full name/).fill('Nina Newcomer');
    await page.getByLabel(/^Password/).fill('a-long-password-42');
    await page.getByRole('button', { name: 'Create account and join' }).click();
    await page.waitForURL(/\/idp\//);
    await page.getByLabel(/email/i).fill('new.colleague@demo.local');
    await page.getByLabel(/password/i).fill('a-long-password-42');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(new RegExp(`/${client}(/|$)`));
    await page.getByText('Demo Payments Ltd').first().waitFor();

    // The officer's open page hears of it without a reload.
    await officer.page.getByText(/Nina Newcomer/).first().waitFor({ timeout: 15_000 });

    // The notification centre's full list has it, unread, until the officer marks it read.
    await officer.page.goto(`${product.url}/${client}/notification/notifications`);
    const row = officer.page.getByRole('row').filter({ hasText: 'Invitation accepted' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Mark as read' }).click();
    await row.getByRole('button', { name: 'Mark as read' }).waitFor({ state: 'detached' });
    await context.close();
    await officer.context.close();
  });

  test('the machine inspector lists the registered machines and the live session state', async () => {
    const { context, page } = await session('admin@demo.local');
    const client = clientIdOf(page);
    await page.goto(`${product.url}/${client}/admin/machines`);
    await page.getByText('Machine inspector').first().waitFor();
    for (const id of ['session', 'realtime-connection', 'filter-templates', 'tm-case-status']) {
      await page.getByText(id, { exact: true }).first().waitFor();
    }
    await context.close();
  });

  test('log out ends the session at the issuer and the app asks to sign in again', async () => {
    const { context, page } = await session('officer@demo.local');
    const client = clientIdOf(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: /Log out/ }).click();
    // The product's session and the issuer's end at once, without a confirmation page: the
    // next sign-in asks for the password.
    await page.waitForURL(/\/idp\/interaction\//);
    await page.getByLabel(/password/i).waitFor();
    await page.goto(`${product.url}/${client}/profile`);
    await page.waitForURL(/\/idp\//);
    await page.getByRole('button', { name: /sign in/i }).waitFor();
    await context.close();
  });
});

describe.skipIf(!hasChromium)('session expiry', { timeout: 90_000 }, () => {
  let product: Product;
  let browser: Browser;

  // 2.2 minutes idle: the overlay shows after about 12 seconds (two minutes before the end).
  beforeAll(async () => {
    product = await startProduct({ SESSION_IDLE_MINUTES: '2.2' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('the overlay warns before the idle end and Continue keeps the session', async () => {
    const page = await browser.newPage();
    await signIn(page, product.url, 'officer@demo.local');
    const overlay = page.getByTestId('timeout-overlay');
    await overlay.waitFor({ timeout: 40_000 });
    await overlay.getByText('You are about to be logged off').waitFor();
    await overlay.getByText('If you want to continue working, please press “Continue”. Otherwise, press “Log out”.').waitFor();
    expect(await page.getByTestId('timeout-countdown').textContent()).toMatch(/^[0-2]:[0-5]\d$/);
    await overlay.getByRole('button', { name: 'Continue' }).click();
    await overlay.waitFor({ state: 'hidden' });
    // The server extended the session: an API call still answers.
    const status = await page.evaluate(async () => (await fetch('/api/v1/me')).status);
    expect(status).toBe(200);
  }, 90_000);
});
