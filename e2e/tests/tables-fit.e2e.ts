import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminCredentials } from '../support/admin.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { signInThroughModal } from '../support/journeys.ts';
import { verifiedPerson } from '../support/payments.ts';
import { cellsOutOfView } from '../support/table-fit.ts';

// The admin's and the account's tables at a phone's width and a laptop's: no cell cut off where nobody can scroll to
// it, and every row's Status in view. Screenshots land in e2e/artifacts/screens/tables-<width>/.
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
];
const ADMIN_TABLES = ['/admin/payments', '/admin/jobs', '/admin/users', '/admin/cancellations', '/admin/newsletter'];
const screensDir = fileURLToPath(new URL('../artifacts/screens/', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)('tables at $width px', (viewport) => {
  it('show every cell or let it be scrolled to, and always show the Status', async () => {
    const dir = `${screensDir}tables-${viewport.width}/`;
    await mkdir(dir, { recursive: true });
    const problems: string[] = [];
    const check = async (page: Parameters<typeof cellsOutOfView>[0], path: string) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').first().waitFor();
      for (const problem of await cellsOutOfView(page)) problems.push(`${path}: ${problem}`);
      await page.screenshot({ path: `${dir}${path.slice(1).replaceAll('/', '_')}.png`, fullPage: true });
    };

    // A buyer with a paid order, so that the account's and the admin's tables have rows.
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
    await check(buyer.page, '/dashboard/account/billing');
    await buyer.context.close();

    const admin = await newPage(browser, viewport);
    await signInThroughModal(admin.page, adminCredentials.email, adminCredentials.password);
    for (const path of ADMIN_TABLES) await check(admin.page, path);
    await admin.context.close();
    expect(problems).toEqual([]);
  }, 240_000);
});
