import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { publicPagePaths } from '../../packages/core/src/content/public-pages.ts';
import { seriousAxeFindings } from '../support/axe.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DASHBOARD_PAGES } from '../support/pages.ts';
import { startPurchase, verifiedPerson } from '../support/payments.ts';
import { saveScreenshot } from '../support/screenshots.ts';

// Every public and dashboard page at a small phone's width and at a laptop's, each loaded once: nothing may scroll
// sideways, cut text off or log a console error, axe finds nothing serious or critical, and on the phone every control
// is a 44 px touch target. With E2E_SCREENSHOTS=1, screenshots land in e2e/artifacts/screens/<width>/ for a person
// to look at.
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
];

const fileNameOf = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '_'));

/** The page's width beyond the viewport, and the elements that stick out (not those inside a scrolling box). */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const insideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) return true;
      }
      return false;
    };
    const offenders = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > limit + 1 && !insideScroller(element))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 4).join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`,
      );
    return { extra: document.documentElement.scrollWidth - limit, offenders };
  });
}

/**
 * Controls smaller than a 44 × 44 px touch target. Links inside running text (display: inline) are exempt, as
 * WCAG 2.5.5 allows; so are radios and checkboxes, whose label is the target.
 */
function smallTargetsOf(page: Page) {
  return page.evaluate(() => {
    const controls = document.querySelectorAll(
      'a[href], button, input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea, [role=button], [role=tab]',
    );
    return Array.from(controls)
      .filter((element) => {
        if (element.closest('[aria-hidden=true], [inert]')) return false;
        const style = getComputedStyle(element);
        if (style.display === 'inline' || style.visibility === 'hidden') return false;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return false;
        return box.height < 43.5 || box.width < 43.5;
      })
      .slice(0, 8)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
        return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  });
}

/** Text cut off by a box that hides its overflow, other than a deliberate one-line ellipsis (whose full text is kept). */
function clippedTextOf(page: Page) {
  return page.evaluate(() =>
    Array.from(document.body.querySelectorAll('*'))
      .filter((element) => {
        const style = getComputedStyle(element);
        if (!['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis') return false;
        // Visually hidden for screen readers only (the skip link until it is focused).
        if (style.clip !== 'auto' || style.clipPath !== 'none') return false;
        const ownText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
        return ownText && element.scrollWidth > element.clientWidth + 1 && element.getBoundingClientRect().width > 1;
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`),
  );
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)('every page at $width px', (viewport) => {
  it('fits the width, cuts no text off, logs no console error, has no serious axe finding and, on a phone, has 44 px touch targets', async () => {
    const { context, page } = await newPage(browser, viewport);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    const dir = `${viewport.width}/`;
    const overflowing: string[] = [];
    const smallTargets: string[] = [];
    const axeFindings: string[] = [];
    const visit = async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').first().waitFor();
      const { extra, offenders } = await overflowOf(page);
      if (extra > 0) overflowing.push(`${path}: ${extra}px too wide: ${offenders.join(' | ')}`);
      const clipped = await clippedTextOf(page);
      if (clipped.length > 0) overflowing.push(`${path}: text cut off in ${clipped.join(' | ')}`);
      if (viewport.width < 640) {
        const small = await smallTargetsOf(page);
        if (small.length > 0) smallTargets.push(`${path}: ${small.join(' | ')}`);
      }
      await saveScreenshot(page, `${dir}${fileNameOf(path)}`, { fullPage: true });
      // Last: axe's script, added to the page, must not be there while the layout is measured.
      for (const finding of await seriousAxeFindings(page)) axeFindings.push(`${path}: ${finding}`);
    };
    for (const path of publicPagePaths) await visit(path);
    await verifiedPerson(page);
    for (const path of DASHBOARD_PAGES) await visit(path);

    // The crypto dialog's coin list (a package above the crypto threshold): nothing inside it may scroll sideways either.
    await startPurchase(page, { name: '350 Credits' }, 'Cryptocurrency');
    const dialog = page.getByRole('dialog', { name: 'Select Cryptocurrency' });
    await dialog.getByRole('searchbox', { name: 'Search coins' }).waitFor();
    const sideways = await dialog.evaluate((root) =>
      [root, ...Array.from(root.querySelectorAll('*'))]
        .filter(
          (element) => element.scrollWidth > element.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX),
        )
        .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 4).join('.')}`),
    );
    if (sideways.length > 0) overflowing.push(`crypto dialog scrolls sideways in: ${sideways.join(' | ')}`);
    await saveScreenshot(page, `${dir}crypto-dialog`);

    expect(overflowing).toEqual([]);
    expect(smallTargets).toEqual([]);
    expect(axeFindings).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 360_000);
});
