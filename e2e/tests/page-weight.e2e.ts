import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { publicPagePaths } from '../../packages/core/src/content/public-pages.ts';
import { launchBrowser, newPage } from '../support/browser.ts';

/**
 * The most JavaScript a public page may download before the visitor does anything: compressed bytes, as a phone on a
 * slow network receives them. Admin, charts, the payment dialog and Stripe.js, form libraries and markdown load on
 * demand; a change that pulls one of them into a public page fails here.
 */
const INITIAL_JS_BUDGET_BYTES = 120 * 1024;

type Script = { url: string; bytes: number; decodedBytes: number };

describe('the JavaScript a public page loads before any interaction', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(publicPagePaths)('%s stays within 120 KB compressed', async (path) => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(path, { waitUntil: 'networkidle' });
    const scripts: Script[] = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return { url: new URL(entry.name).pathname, bytes: timing.encodedBodySize, decodedBytes: timing.decodedBodySize };
        }),
    );
    await context.close();
    expect(scripts.length).toBeGreaterThan(0);
    // Every script of some size came compressed (a body as big as the file would mean brotli or gzip was lost).
    for (const script of scripts.filter((each) => each.decodedBytes > 2048))
      expect(script.bytes, script.url).toBeLessThan(script.decodedBytes);
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const biggest = [...scripts]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
      .map((script) => `${script.url} ${(script.bytes / 1024).toFixed(1)} KB`);
    // React alone is about 70 KB compressed: a total below that means the measurement saw nothing.
    expect(total).toBeGreaterThan(60 * 1024);
    expect(total, `${path} loads ${(total / 1024).toFixed(1)} KB of JavaScript; the biggest: ${biggest.join(', ')}`).toBeLessThanOrEqual(
      INITIAL_JS_BUDGET_BYTES,
    );
  });
});
