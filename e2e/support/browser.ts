import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Chromium's own network chatter is refused on this machine's closed network; keep it quiet.
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  server = baseUrl(),
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server, viewport });
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (response?.headers()['content-type']?.startsWith('text/html')) await untilReactIsMounted(page);
    return response;
  };
  return { context, page };
}

/**
 * Waits until React has taken the page over. Public pages arrive rendered by the server, so their buttons are visible
 * before the code that answers them has run; once React owns the root, it replays a click on a part it has not
 * hydrated yet, so a test may click from then on.
 */
export async function untilReactIsMounted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@e2e.test`;
}
