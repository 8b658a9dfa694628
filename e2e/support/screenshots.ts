import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/**
 * Journeys that check layouts can save what they saw for a person to look at, in e2e/artifacts/screens/, when
 * E2E_SCREENSHOTS=1. Off by default: a full-page screenshot of every page costs Chromium more than the checks do,
 * and nothing reads them in a test run.
 */
export const screenshotsWanted = /^(1|true|yes|on)$/i.test(process.env.E2E_SCREENSHOTS?.trim() ?? '');

const screensDir = fileURLToPath(new URL('../artifacts/screens/', import.meta.url));

/** Saves the page as `<name>.png` under e2e/artifacts/screens/ when screenshots are wanted; `name` may hold folders. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!screenshotsWanted) return;
  const path = `${screensDir}${name}.png`;
  await mkdir(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: options.fullPage ?? false });
}
