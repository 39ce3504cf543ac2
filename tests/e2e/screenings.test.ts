// A compliance officer runs a screening of a kind that came from its own folder (the
// prohibited-countries check): from the menu to the kind's page, the "New screening" form
// (its own messages, then a run), the screening's detail with its hits, one hit, and the
// list of every screening. Screenshots land in test-results/ for a look at the pages.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, signIn, startProduct, type Product } from './harness.ts';

/** Every page has one h1, and every form control a name a screen reader says. */
async function pageRules(page: Page) {
  expect(await page.locator('main h1, [role="main"] h1, h1').count()).toBe(1);
  const unnamed = await page.evaluate(() => [...document.querySelectorAll('main input, main select, main textarea')]
    .filter((el) => {
      const id = el.getAttribute('id');
      const label = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
      return !label && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby') && !el.closest('label');
    })
    .map((el) => el.outerHTML.slice(0, 80)));
  expect(unnamed).toEqual([]);
}

describe.skipIf(!hasChromium)('screenings in the browser', { timeout: 120_000 }, () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  test('an officer screens a customer\'s countries and reads the hits', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await signIn(page, product.url, 'officer@demo.local');
    // The client has no retention setting yet: the dialog of spec 2.4 comes first.
    const dialog = page.getByRole('dialog', { name: 'Data retention' });
    await dialog.waitFor();
    await dialog.getByLabel(/I approve/).check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Compliance Toolset › Screenings › Prohibited countries.
    const nav = page.getByRole('navigation').first();
    await nav.getByText('Compliance Toolset').click();
    await nav.getByText('Screenings', { exact: true }).click();
    await nav.getByRole('link', { name: 'Prohibited countries' }).click();
    await page.waitForURL(/\/checkup\/instant_checkups\/prohibited_countries$/);
    await page.getByRole('heading', { level: 1, name: 'Prohibited countries' }).waitFor();
    await page.getByRole('heading', { name: 'New screening' }).waitFor();
    await page.getByText('NO RESULTS').waitFor();
    await pageRules(page);

    // The form's own checks: on submit, and when a field is left.
    await page.getByLabel(/^Name/).fill('Reza Tehrani');
    await page.getByRole('button', { name: 'Run screening' }).click();
    await page.getByText('Countries is a required field').waitFor();
    await page.getByLabel(/^Name/).fill('');
    await page.getByLabel(/^Name/).blur();
    await page.getByText('Name is a required field').waitFor();
    await page.screenshot({ path: 'test-results/screenings-kind-form.png', fullPage: true });

    await page.getByLabel(/^Name/).fill('Reza Tehrani');
    await page.getByLabel(/^Countries/).selectOption([{ label: 'Germany (DE)' }, { label: 'Iran (IR)' }]);
    await page.getByRole('button', { name: 'Run screening' }).click();

    // The detail: how it ended, what was screened, the hits.
    await page.waitForURL(/\/prohibited_countries\/form\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Reza Tehrani' }).waitFor();
    await page.getByText('1 possible match found').waitFor();
    await page.getByText('1 of the 2 countries screened is prohibited: Iran').waitFor();
    await page.getByText('Germany (DE), Iran (IR)').waitFor();
    const hits = page.getByRole('table', { name: 'Hits' });
    await hits.getByRole('cell', { name: '100 %' }).waitFor();
    await pageRules(page);
    await page.screenshot({ path: 'test-results/screenings-detail.png', fullPage: true });

    // One hit, then back.
    await hits.getByRole('link', { name: 'Iran' }).click();
    await page.waitForURL(/\/prohibited_countries\/info\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Iran' }).waitFor();
    await page.getByText('Iranian Transactions and Sanctions Regulations').waitFor();
    await page.getByText('31 CFR part 560').waitFor();
    await pageRules(page);
    await page.screenshot({ path: 'test-results/screenings-hit.png', fullPage: true });
    await page.getByRole('link', { name: 'Back to the screening' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reza Tehrani' }).waitFor();

    // A second, clear screening; then the list of the kind and of every kind.
    await page.getByRole('link', { name: 'All Prohibited countries screenings' }).click();
    await page.getByLabel(/^Name/).fill('Greta Lind');
    await page.getByLabel(/^Countries/).selectOption([{ label: 'Sweden (SE)' }]);
    await page.getByRole('button', { name: 'Run screening' }).click();
    await page.getByRole('heading', { level: 1, name: 'Greta Lind' }).waitFor();
    await page.getByText('No matches found').waitFor();
    await page.getByText('Nothing matched').waitFor();

    await nav.getByRole('link', { name: 'Screening Management' }).click();
    await page.waitForURL(/\/checkup\/instant_checkups\/all$/);
    await page.getByRole('heading', { level: 1, name: 'Screening Management' }).waitFor();
    const table = page.getByTestId('data-table-screenings_all');
    await table.getByRole('link', { name: 'Greta Lind' }).waitFor();
    await table.getByRole('link', { name: 'Reza Tehrani' }).waitFor();
    await table.getByText('1 hit', { exact: true }).waitFor();
    await pageRules(page);
    await page.screenshot({ path: 'test-results/screenings-all.png', fullPage: true });
    await table.getByRole('link', { name: 'Greta Lind' }).click();
    await page.waitForURL(/\/instant_checkups\/all\/form\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Greta Lind' }).waitFor();
    await context.close();
  });
});
