import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publicPagePaths } from '../../packages/core/src/content/public-pages.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { startPurchase, verifiedPerson } from '../support/payments.ts';

// Every public page a visitor can open, and the card payment dialog: none may log a console error
// or trip the Content-Security-Policy, and none loads Stripe.js unless a card form needs it.
const PUBLIC_PAGES = publicPagePaths;

type Watch = { problems: string[]; stripeRequests: string[] };

/** Records console errors, uncaught errors, CSP violations and requests to Stripe's origins. */
async function watch(context: BrowserContext, page: Page): Promise<Watch> {
  const seen: Watch = { problems: [], stripeRequests: [] };
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') seen.problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.problems.push(`${page.url()}: ${error.message}`));
  await context.route(/^https:\/\/([a-z0-9-]+\.)?(js|api|hooks)\.stripe\.com\//, async (route) => {
    seen.stripeRequests.push(route.request().url());
    await route.abort();
  });
  return seen;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('pages under the Content-Security-Policy', () => {
  it('every public page opens with no console error, no CSP violation and no Stripe.js', async () => {
    const { context, page } = await newPage(browser);
    const seen = await watch(context, page);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').first().waitFor();
    }
    expect(seen.problems).toEqual([]);
    expect(seen.stripeRequests).toEqual([]);
    await context.close();
  });

  it('the card payment dialog (test mode) opens with no console error and no CSP violation', async () => {
    const { context, page } = await newPage(browser);
    const seen = await watch(context, page);
    await verifiedPerson(page);
    await startPurchase(page, { name: 'Pro' }, 'Credit or Debit Card');
    const dialog = page.getByRole('dialog', { name: 'Purchase Credits - Pro' });
    await dialog.getByLabel('Card number').waitFor();
    await page.waitForLoadState('networkidle');
    expect(seen.problems).toEqual([]);
    // Test mode takes the card itself; Stripe.js is for real keys only.
    expect(seen.stripeRequests).toEqual([]);
    await context.close();
  });
});
