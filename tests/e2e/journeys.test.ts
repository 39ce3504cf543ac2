// Journeys a new user takes through the real product in Chromium: sign-in through the
// issuer's login page, the shell and its menu per permissions, guards and legacy
// redirects, an invitation accepted, a live notification, the machine inspector (chart,
// sandbox, stored instances), log out.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, signIn, startProduct, type Product } from './harness.ts';
import { startSmtpSink } from './smtp-sink.ts';

const clientIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[1];

/** WCAG contrast ratio of two CSS rgb()/rgba() colours (opaque). */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = css.match(/[\d.]+/g)!.slice(0, 3).map((v) => Number(v) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// The journeys run in order on one product: the first confirms the data-retention dialog
// that would otherwise cover the officer's later pages.
// Generous limits: CI runs these beside the API tests on two cores. Each step waits at
// most 20 s, so a failure names its step rather than the test's timeout.
/** A call to the product's API from the signed-in page (its session cookie and CSRF token). */
async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<any> {
  return page.evaluate(async ({ method, path, body }) => {
    const csrf = /(?:^|; )csrf_token=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const headers: Record<string, string> = { 'x-csrf-token': decodeURIComponent(csrf) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(`/api/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return r.json();
  }, { method, path, body });
}

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

  test('the machine inspector draws statecharts as nested boxes, lights live states, runs a sandbox and lists stored instances', async () => {
    const { context, page } = await session('admin@demo.local');
    const client = clientIdOf(page);
    // Two invitations: instances of a statechart the server keeps (client-settings.invite).
    const inviteA = await callApi(page, 'POST', `clients/${client}/invites`, { invite: { email: 'stored-a@example.com', role: 'analyst' } });
    const inviteB = await callApi(page, 'POST', `clients/${client}/invites`, { invite: { email: 'stored-b@example.com', role: 'analyst' } });
    expect([inviteA.success, inviteB.success]).toEqual([true, true]);
    await page.goto(`${product.url}/${client}/admin/machines`);
    await page.getByRole('heading', { name: 'Machine inspector' }).waitFor();
    const machines = page.getByRole('navigation', { name: 'Machines' });
    for (const id of ['session', 'realtime-connection', 'filter-templates', 'client-settings.invite', 'transaction-monitoring.case-status']) {
      await machines.getByText(id, { exact: true }).waitFor();
    }

    // The session machine, drawn as a statechart: every state a box inside its parent's box,
    // the parallel state's regions dashed, no two state boxes on top of each other.
    const chart = page.getByRole('img', { name: 'Statechart of session' });
    await chart.waitFor();
    await chart.locator('g[data-state="session.connected.ping.pingReady"]').waitFor();
    const boxes = await chart.locator('g[data-state]').evaluateAll((gs) => gs.map((g) => {
      const r = g.querySelector('rect')!.getBoundingClientRect();
      return { id: g.getAttribute('data-state')!, parent: g.getAttribute('data-parent'), kind: g.getAttribute('data-kind'), x: r.x, y: r.y, w: r.width, h: r.height };
    }));
    type Box = (typeof boxes)[number];
    const byId = new Map(boxes.map((b) => [b.id, b]));
    const inside = (a: Box, b: Box) => a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
    const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    expect(boxes.map((b) => b.id).sort()).toEqual([
      'session', 'session.connected', 'session.connected.idleTimer', 'session.connected.idleTimer.counting',
      'session.connected.ping', 'session.connected.ping.pingReady', 'session.connected.ping.pingThrottled',
      'session.finished', 'session.ready', 'session.warning',
    ]);
    expect(byId.get('session.connected')!.kind).toBe('parallel');
    expect([byId.get('session.connected.ping')!.kind, byId.get('session.connected.idleTimer')!.kind]).toEqual(['region', 'region']);
    expect(byId.get('session.finished')!.kind).toBe('final');
    for (const b of boxes) {
      if (b.parent) expect(inside(b, byId.get(b.parent)!), `${b.id} inside ${b.parent}`).toBe(true);
      for (const o of boxes) {
        if (o.id < b.id && o.parent === b.parent) expect(overlap(b, o), `${b.id} and ${o.id} overlap`).toBe(false);
      }
    }
    // Transitions are arrows with their labels, guarded ones with the guard.
    await chart.locator('[data-label]', { hasText: 'warningDue' }).first().waitFor();
    // The session worker of this page is live: its state is lit.
    await chart.locator('g[data-state="session.connected"][data-active="true"]').waitFor();
    // The text alternative beside the chart.
    await page.getByRole('table', { name: /^States/ }).getByRole('cell', { name: 'connected.idleTimer.counting', exact: true }).waitFor();
    await page.getByRole('table', { name: /^Transitions/ }).getByRole('cell', { name: 'always [warningDue]' }).waitFor();
    // "N running" reads at WCAG AA contrast, on the selected machine too.
    const badge = machines.getByRole('button', { name: /^session/ }).getByText(/running$/);
    const [fg, bg] = await badge.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);

    // The sandbox: a copy in its initial state; the keyboard sends CONNECT and the light moves.
    await page.getByRole('button', { name: 'Sandbox' }).click();
    await chart.locator('g[data-state="session.ready"][data-active="true"]').waitFor();
    await page.getByRole('button', { name: /^Send CONNECT/ }).focus();
    await page.keyboard.press('Enter');
    await chart.locator('g[data-state="session.connected.ping.pingReady"][data-active="true"]').waitFor();
    await chart.locator('g[data-state="session.connected.idleTimer.counting"][data-active="true"]').waitFor();
    expect(await chart.locator('g[data-state="session.ready"]').getAttribute('data-active')).toBeNull();
    const log = page.getByTestId('sandbox-log');
    await log.getByRole('row', { name: /ready CONNECT connected\.idleTimer\.counting, connected\.ping\.pingReady storeSession/ }).waitFor();
    // A delay is fired by hand.
    await page.getByRole('button', { name: /^Send ACTIVITY/ }).click();
    await chart.locator('g[data-state="session.connected.ping.pingThrottled"][data-active="true"]').waitFor();
    await page.getByRole('button', { name: /^Send after pingThrottle/ }).click();
    await chart.locator('g[data-state="session.connected.ping.pingReady"][data-active="true"]').waitFor();
    await page.setViewportSize({ width: 1400, height: 1900 });
    await page.screenshot({ path: 'test-results/machine-inspector-session.png' });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByRole('button', { name: 'Reset' }).click();
    await chart.locator('g[data-state="session.ready"][data-active="true"]').waitFor();
    expect(await log.getByRole('row').count()).toBe(2); // the header and the start

    // A machine kept on the server: its stored instances show first, each lit on demand.
    await machines.getByRole('button', { name: /^client-settings\.invite/ }).click();
    const inviteChart = page.getByRole('img', { name: 'Statechart of client-settings.invite' });
    await inviteChart.waitFor();
    const instances = page.getByRole('table', { name: 'Stored instances of client-settings.invite' });
    await instances.getByRole('row', { name: /stored-b@example\.com pending/ }).waitFor();
    await page.getByText('Instances per state on this page', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Show stored-b@example.com on the chart' }).click();
    await inviteChart.locator('g[data-state="client-settings.invite.pending"][data-active="true"]').waitFor();
    await page.setViewportSize({ width: 1400, height: 1500 });
    await page.screenshot({ path: 'test-results/machine-inspector-stored.png' });
    await page.setViewportSize({ width: 1400, height: 900 });
    // Revoked on the server: the machine moves it, and the list shows the new state.
    expect((await callApi(page, 'POST', `clients/${client}/invites/${inviteB.data.id}/revoke`)).data.status).toBe('revoked');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await inviteChart.locator('g[data-state="client-settings.invite.revoked"][data-active="true"]').waitFor();
    expect(await inviteChart.locator('g[data-state="client-settings.invite.pending"]').getAttribute('data-active')).toBeNull();

    // A guard refuses in the sandbox: the button is disabled until the permission is given.
    await machines.getByRole('button', { name: /^transaction-monitoring\.case-status/ }).click();
    const tmChart = page.getByRole('img', { name: 'Statechart of transaction-monitoring.case-status' });
    await tmChart.waitFor();
    await page.getByRole('button', { name: 'Sandbox' }).click();
    await tmChart.locator('g[data-state="tmCaseStatus.pre-open"][data-active="true"]').waitFor();
    const open = page.getByRole('button', { name: /^Send OPEN/ });
    expect(await open.isDisabled()).toBe(true);
    await page.getByLabel('Event data (JSON, optional)').fill('{"permissions": ["MANAGE_TM"]}');
    await page.getByRole('button', { name: /^Send SET_PERMISSIONS/ }).click();
    await page.getByLabel('Event data (JSON, optional)').fill('');
    await open.click();
    await tmChart.locator('g[data-state="tmCaseStatus.open"][data-active="true"]').waitFor();
    await log.getByRole('row', { name: /pre-open OPEN open changedToOpen, markOpen/ }).waitFor();
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
