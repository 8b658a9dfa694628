import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publicPagePaths } from '../../packages/core/src/content/public-pages.ts';
import { startLocalStripeServer } from '../../apps/server/src/test/local-stripe-server.ts';
import type { LocalStripeServer } from '../../apps/server/src/test/local-stripe-server.ts';
import { startAppServer } from '../support/app-server.ts';
import type { AppServer } from '../support/app-server.ts';
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

  describe('with a Stripe key configured', () => {
    let stripeApi: LocalStripeServer;
    let server: AppServer;
    beforeAll(async () => {
      // The server talks to a local server speaking Stripe's API; the browser gets a stand-in for Stripe.js.
      stripeApi = await startLocalStripeServer('sk_test_e2e_policy');
      server = await startAppServer({
        STRIPE_SECRET_KEY: 'sk_test_e2e_policy',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_policy',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e_policy',
        STRIPE_API_BASE: stripeApi.url,
      });
    });
    afterAll(async () => {
      await server?.stop();
      await stripeApi?.close();
    });

    it('the card dialog loads Stripe.js and its card frame from js.stripe.com with no console error and no CSP violation', async () => {
      const { context, page } = await newPage(browser, undefined, server.baseUrl);
      const seen = await watch(context, page);
      const stripeLoads: string[] = [];
      // Registered after watch's abort, so it answers first: Stripe.js and the frame it mounts, from their real origin.
      await context.route(/^https:\/\/js\.stripe\.com\//, async (route) => {
        const url = route.request().url();
        stripeLoads.push(url);
        if (/\/stripe\.js(\?|$)/.test(url)) await route.fulfill({ contentType: 'text/javascript', body: STRIPE_JS_STAND_IN });
        else await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Card</title><p>Card number</p>' });
      });

      await page.goto('/');
      await page.waitForLoadState('networkidle');
      expect(stripeLoads, 'no Stripe.js before the card form opens').toEqual([]);

      await verifiedPerson(page, server.baseUrl);
      await startPurchase(page, { name: 'Pro' }, 'Credit or Debit Card');
      const dialog = page.getByRole('dialog', { name: 'Purchase Credits - Pro' });
      await dialog
        .locator('iframe[title="Secure payment input frame"]')
        .waitFor()
        .catch(async (error: unknown) => {
          const shown = await page
            .locator('body')
            .innerText({ timeout: 2000 })
            .catch(() => '(no page text)');
          throw new Error(
            `No card frame: ${String(error)}\npage: ${shown.slice(-1500)}\nproblems: ${seen.problems.join('; ')}\nstripe: ${stripeLoads.join(', ')}`,
          );
        });
      // The frame's own document loaded (waiting for network idle instead timed out with every request finished).
      await dialog.frameLocator('iframe[title="Secure payment input frame"]').getByText('Card number').waitFor();
      expect(seen.problems).toEqual([]);
      expect(stripeLoads.some((url) => /\/stripe\.js/.test(url))).toBe(true);
      expect(stripeLoads.some((url) => url.endsWith('/elements-inner-payment.html'))).toBe(true);
      expect(stripeApi.requests.some((request) => request.path === '/v1/payment_intents')).toBe(true);
      await context.close();
    });
  });
});

/**
 * Stands in for Stripe.js (no internet here): what @stripe/stripe-js and @stripe/react-stripe-js call to show the
 * Payment Element, which mounts a frame from js.stripe.com as the real one does.
 */
const STRIPE_JS_STAND_IN = `(function () {
  function refuse() { return Promise.resolve({ error: { message: 'The stand-in takes no payment' } }); }
  function Stripe() {
    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function () {
        return {
          create: function (type) {
            var frame = null;
            var handlers = {};
            return {
              mount: function (node) {
                frame = document.createElement('iframe');
                frame.title = 'Secure payment input frame';
                frame.src = 'https://js.stripe.com/endive/elements-inner-payment.html';
                (typeof node === 'string' ? document.querySelector(node) : node).appendChild(frame);
                setTimeout(function () { (handlers.ready || []).forEach(function (handler) { handler({ elementType: type }); }); }, 0);
              },
              on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return this; },
              off: function (event, handler) { handlers[event] = (handlers[event] || []).filter(function (h) { return h !== handler; }); return this; },
              update: function () {},
              unmount: function () { if (frame) frame.remove(); },
              destroy: function () { if (frame) frame.remove(); },
            };
          },
          getElement: function () { return null; },
          update: function () {},
          submit: function () { return Promise.resolve({}); },
        };
      },
      confirmPayment: refuse,
      confirmCardPayment: refuse,
      createToken: refuse,
      createPaymentMethod: refuse,
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;
