import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminCredentials } from '../support/admin.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { signInThroughModal } from '../support/journeys.ts';
import { verifiedPerson } from '../support/payments.ts';
import { saveScreenshot, screenshotsWanted } from '../support/screenshots.ts';
import { cellsOutsideTheirTable, hiddenColumnsUnreachable } from '../support/table-fit.ts';

// The admin's and the account's tables at a phone's width and a laptop's: every cell in view without scrolling
// sideways (the columns that do not fit move into each row's details), and every row's details open with its
// disclosure button and list the hidden columns. With E2E_SCREENSHOTS=1, screenshots land in
// e2e/artifacts/screens/tables-<width>/ (with the first row of each table opened when it has details).
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
];
const ADMIN_TABLES = [
  '/admin/payments',
  '/admin/jobs',
  '/admin/users',
  '/admin/blog',
  '/admin/credit-packages',
  '/admin/subscription-plans',
  '/admin/analytics',
  '/admin/security',
];
// Pages whose tables appear once there is activity this test does not make (refund requests, subscribers, hosted
// provider calls, try-ons): checked when they show a table.
const ADMIN_PAGES_MAYBE_EMPTY = ['/admin/cancellations', '/admin/newsletter', '/admin/service-costs', '/admin/virtual-try-on/statistics'];
const ACCOUNT_TABLES = ['/dashboard/account/billing', '/dashboard/account/api-management', '/dashboard/subscription'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)('tables at $width px', (viewport) => {
  it('show every cell in view or in its row’s details, and always show the Status', async () => {
    const dir = `tables-${viewport.width}/`;
    const problems: string[] = [];
    let tablesSeen = 0;
    let rowsOpened = 0;
    const check = async (page: Page, path: string, mayBeEmpty = false) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').first().waitFor();
      if (!mayBeEmpty)
        await page
          .locator('table')
          .first()
          .waitFor({ timeout: 20_000 })
          .catch(() => undefined);
      const tables = await page.locator('table').count();
      if (tables === 0 && !mayBeEmpty) problems.push(`${path}: no table (the page should list the rows the test made)`);
      tablesSeen += tables;
      for (const problem of await cellsOutsideTheirTable(page)) problems.push(`${path}: ${problem}`);
      const name = path.slice(1).replaceAll('/', '_');
      await saveScreenshot(page, `${dir}${name}`, { fullPage: true });
      const reached = await hiddenColumnsUnreachable(page);
      rowsOpened += reached.opened;
      for (const problem of reached.problems) problems.push(`${path}: ${problem}`);
      const firstToggle = page.locator('table[data-hidden-columns] tbody td:first-child > button[aria-expanded]').first();
      if (screenshotsWanted && (await firstToggle.isVisible())) {
        await firstToggle.click();
        await saveScreenshot(page, `${dir}${name}-row-opened`, { fullPage: true });
        await firstToggle.click();
      }
    };

    // A buyer with a paid order, an API key and a job, so that the account's and the admin's tables have rows.
    const buyer = await newPage(browser, viewport);
    await verifiedPerson(buyer.page);
    const token = await buyer.page.evaluate(() => localStorage.getItem('token'));
    const headers = { Authorization: `Bearer ${token}` };
    const packages = (await (await buyer.page.request.get('/api/v1/credits/packages')).json()) as { data: { id: string }[] };
    const intent = await buyer.page.request.post('/api/v1/credits/purchase/stripe/create-payment-intent', {
      headers,
      data: { packageId: packages.data[1]!.id },
    });
    const { clientSecret } = ((await intent.json()) as { data: { clientSecret: string } }).data;
    const paid = await buyer.page.request.post('/api/v1/payment/test-mode/card/confirm', {
      headers,
      data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status()).toBe(200);
    const key = await buyer.page.request.post('/api/v1/api-keys/generate', { headers, data: { name: 'Tables fit script' } });
    expect(key.status()).toBe(201);
    const job = await buyer.page.request.post('/api/v1/jobs', {
      headers: { ...headers, 'Idempotency-Key': `tables-fit-${viewport.width}-${Date.now()}` },
      data: { service: 'image-generator', params: { prompt: 'a paper boat on a calm lake' } },
    });
    expect(job.status(), await job.text()).toBe(201);
    const jobId = ((await job.json()) as { data: { id: string } }).data.id;
    const me = (await (await buyer.page.request.get('/api/v1/user/me', { headers })).json()) as { data: { id: string } };
    for (const path of ACCOUNT_TABLES) await check(buyer.page, path);
    await buyer.context.close();

    const admin = await newPage(browser, viewport);
    await signInThroughModal(admin.page, adminCredentials.email, adminCredentials.password);
    for (const path of [...ADMIN_TABLES, `/admin/jobs/${jobId}`, `/admin/users/${me.data.id}`]) await check(admin.page, path);
    for (const path of ADMIN_PAGES_MAYBE_EMPTY) await check(admin.page, path, true);
    await admin.context.close();
    expect(problems).toEqual([]);
    expect(tablesSeen).toBeGreaterThan(ADMIN_TABLES.length);
    // At a phone's width the tables have more columns than room: their rows' details were opened and checked.
    if (viewport.width < 640) expect(rowsOpened).toBeGreaterThan(10);
  }, 480_000);
});
