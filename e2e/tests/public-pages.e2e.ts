import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { productPathOf, serviceKeys } from '../../packages/core/src/services/catalogue.ts';
import { baseUrl, launchBrowser, newPage, uniqueEmail } from '../support/browser.ts';
import { signInThroughModal } from '../support/journeys.ts';

// Public pages come from the server with their content and meta tags; the browser then hydrates them.
const PAGES: { path: string; title: string; heading: RegExp }[] = [
  { path: '/', title: 'AI creative studio · Lumen Studio', heading: /Your AI creative studio/ },
  { path: '/company/pricing', title: 'Choose the Perfect Plan for Your Creative Needs · Lumen Studio', heading: /Choose the Perfect Plan/ },
  { path: '/company/blogs', title: 'Blog · Lumen Studio', heading: /^Blog$/ },
  { path: '/company/about-us', title: 'About us · Lumen Studio', heading: /^About us$/ },
  ...serviceKeys.map((key) => ({ path: productPathOf(key), title: ' · Lumen Studio', heading: /\w/ })),
];

describe('a public page without JavaScript', () => {
  it.each(PAGES)('$path shows its content, title, description, canonical link and sharing tags', async ({ path, title, heading }) => {
    const response = await fetch(`${baseUrl()}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>([^<]*)<\/title>/g)).toHaveLength(1);
    expect(head).toContain(title);
    expect(head).toMatch(/<meta name="description" content="[^"]{40,}"\/>/);
    expect(head).toContain(`<link rel="canonical" href="${baseUrl()}${path}"/>`);
    expect(head).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(head).toMatch(/<meta name="twitter:card" content="summary(_large_image)?"\/>/);
    const h1 = html.match(/<div id="root">.*?<h1[^>]*>(.*?)<\/h1>/s)?.[1]?.replace(/<[^>]+>/g, '');
    expect(h1).toMatch(heading);
  });

  it('lists the real packages on the pricing page', async () => {
    const packages = (await (await fetch(`${baseUrl()}/api/v1/credits/packages`)).json()).data as { creditsAmount: number }[];
    const html = await (await fetch(`${baseUrl()}/company/pricing`)).text();
    for (const pkg of packages) expect(html).toContain(`${pkg.creditsAmount}`);
  });

  it('answers an unknown address and an unknown article with 404 and the not-found page', async () => {
    for (const path of ['/no-such-page', '/company/blogs/no-such-article']) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toMatch(/Page not found|Article not found/);
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it('sends the signed-in app as the shell the browser renders', async () => {
    const html = await (await fetch(`${baseUrl()}/dashboard`)).text();
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('a public page in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('hydrates without a mismatch and moves between pages without reloading', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/company/about-us');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL((url) => url.pathname === '/company/pricing');
    await page.getByRole('heading', { name: 'Choose the Perfect Plan for Your Creative Needs' }).waitFor();
    expect(await page.title()).toBe('Choose the Perfect Plan for Your Creative Needs · Lumen Studio');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays the speed-painting example on its product page: an H.264 MP4 of the length it states', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(productPathOf('speedpainting'));
    const video = page.getByLabel('Example speed painting video');
    await video.scrollIntoViewIfNeeded();
    expect(await video.evaluate((element: HTMLVideoElement) => element.canPlayType('video/mp4; codecs="avc1.640028"'))).not.toBe('');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
    const stated = Number(/^(\d+)-second MP4/.exec((await page.locator('figcaption', { hasText: 'MP4' }).textContent()) ?? '')?.[1]);
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(stated, 0);
    expect(await video.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight])).toEqual([640, 480]);
    await context.close();
  });

  it('shows the signed-in state in the header once the page has hydrated', async () => {
    const { context, page } = await newPage(browser);
    const person = { firstName: 'Hana', lastName: 'Header', email: uniqueEmail('header'), password: 'header-e2e-2026' };
    expect((await page.request.post('/api/v1/auth/register', { data: person })).status()).toBe(201);
    await signInThroughModal(page, person.email, person.password);
    await page.goto('/company/blogs');
    const main = page.getByRole('navigation', { name: 'Main' }).locator('..');
    await main.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await main.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    await context.close();
  });
});
