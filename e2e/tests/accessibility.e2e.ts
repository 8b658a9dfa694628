import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { publicPagePaths } from '../../packages/core/src/content/public-pages.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { DASHBOARD_PAGES } from '../support/pages.ts';
import { verifiedPerson } from '../support/payments.ts';

// axe (the engine behind Lighthouse's and the browsers' accessibility audits) over every public and dashboard page,
// at a phone's width and a laptop's: no finding rated serious or critical.
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
];

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Finding = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** The page's serious and critical axe findings, one line each with up to three of the elements. */
async function seriousFindings(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not stop it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Finding[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)('accessibility at $width px', (viewport) => {
  it('axe finds nothing serious on any public or dashboard page', async () => {
    const { context, page } = await newPage(browser, viewport);
    const findings: string[] = [];
    const audit = async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.getByRole('main').first().waitFor();
      for (const finding of await seriousFindings(page)) findings.push(`${path}: ${finding}`);
    };
    for (const path of publicPagePaths) await audit(path);
    await verifiedPerson(page);
    for (const path of DASHBOARD_PAGES) await audit(path);
    expect(findings).toEqual([]);
    await context.close();
  }, 300_000);
});
