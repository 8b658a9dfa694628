import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminCredentials } from '../support/admin.ts';
import { baseUrl, launchBrowser, newPage, uniqueEmail } from '../support/browser.ts';
import { signInThroughModal, type Person } from '../support/journeys.ts';
import { readCodeFromOutbox } from '../support/mail-outbox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Creates the account through the API and has the admin add credits to it. */
async function createPerson(page: Page, credits: number): Promise<Person> {
  const person: Person = { firstName: 'Dev', lastName: 'Keys', email: uniqueEmail('keys'), password: 'api-keys-e2e-2026' };
  const registered = await page.request.post('/api/v1/auth/register', { data: person });
  expect(registered.status()).toBe(201);
  const userId = ((await registered.json()) as { data: { user: { id: string } } }).data.user.id;
  const login = await page.request.post('/api/v1/auth/login', { data: adminCredentials });
  const adminToken = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const granted = await page.request.post(`/api/v1/admin/users/${userId}/credits`, {
    data: { amount: credits, reason: 'e2e: API keys journey' },
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(granted.status()).toBeLessThan(300);
  return person;
}

type Envelope<T> = { success: boolean; data: T; message?: string };
type JobBody = { id: string; status: 'queued' | 'running' | 'at_provider' | 'succeeded' | 'failed'; error: string | null };

/** What a developer's script does: plain HTTP with the key, no browser. */
async function callWithKey(key: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseUrl()}/api/v1${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

describe('API keys', () => {
  it('a person creates a key on the page, a script runs a tool with it, the job is in the library; after revoking, the script gets 401', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const person = await createPerson(page, 5);
    await signInThroughModal(page, person.email, person.password);

    // Keys need a verified address: verify from the dashboard banner.
    await page.goto('/dashboard/account/api-management');
    const banner = page.getByRole('region', { name: 'Please verify your email address' });
    await banner.waitFor();
    const code = await readCodeFromOutbox(person.email, 'email_verification');
    await banner.getByLabel('Verification code').fill(code);
    await banner.getByRole('button', { name: 'Verify email' }).click();
    await banner.waitFor({ state: 'detached' });

    // No active key: the name form, with the name rule, then Generate.
    await page.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('form', { name: 'Generate an API key' });
    await form.getByRole('button', { name: 'Generate' }).click();
    await form.getByText('Please enter a name for your API key').waitFor();
    await form.getByLabel('Key name').fill('e2e script');
    await form.getByRole('button', { name: 'Generate' }).click();

    // The one-time dialog: read the key from its text and copy it.
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await dialog.waitFor();
    const key = ((await dialog.getByTestId('new-api-key').textContent()) ?? '').trim();
    expect(key).toMatch(/^sk_live_\S{20,}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await dialog.getByRole('button', { name: "I've Saved My Key" }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(key);
    await page.getByRole('button', { name: 'Show prefix' }).click();
    expect((await page.getByTestId('masked-key').textContent())?.startsWith(key.slice(0, 16))).toBe(true);

    // A script runs the image generator with the key over HTTP and polls the job.
    const created = await callWithKey(key, '/jobs', {
      method: 'POST',
      headers: { 'Idempotency-Key': `e2e-${Date.now()}` },
      body: JSON.stringify({ service: 'image-generator', params: { prompt: 'a paper boat on a calm lake' } }),
    });
    expect(created.status).toBe(201);
    let job = ((await created.json()) as Envelope<JobBody>).data;
    const deadline = Date.now() + 60_000;
    while (job.status !== 'succeeded' && job.status !== 'failed') {
      if (Date.now() > deadline) throw new Error(`Job ${job.id} still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const polled = await callWithKey(key, `/jobs/${job.id}`);
      expect(polled.status).toBe(200);
      job = ((await polled.json()) as Envelope<JobBody>).data;
    }
    expect(job.status, job.error ?? '').toBe('succeeded');

    // The job is the person's: it is in their result library.
    await page.goto('/dashboard/result-library');
    await expect.poll(() => page.getByTestId('result-card').count(), { timeout: 15_000 }).toBe(1);

    // The person revokes the key on the page; the script is refused at once.
    await page.goto('/dashboard/account/api-management');
    await page.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByText('Are you sure you want to revoke this API key? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('API key revoked successfully').waitFor();
    await page.getByRole('button', { name: 'Create API key' }).waitFor();

    const refused = await callWithKey(key, `/jobs/${job.id}`);
    expect(refused.status).toBe(401);
    await context.close();
  });

  it("the API reference renders the server's OpenAPI document collapsed, without admin routes, searches it, copies curl and tries a route", async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/resources/open-api');
    const jobsHeading = page.getByRole('heading', { name: 'Jobs', level: 3 });
    await jobsHeading.waitFor();
    // Every group starts collapsed; a visitor gets no admin routes; the groups that take a key come first.
    expect(await page.getByTestId('operation').count()).toBe(0);
    const groups = await page.getByTestId('operation-group').getByRole('heading', { level: 3 }).allTextContents();
    expect(groups[0]).toBe('Jobs');
    expect(groups.filter((name) => name.startsWith('Admin'))).toEqual([]);

    await jobsHeading.click();
    const jobs = page.getByRole('region', { name: 'Jobs' });
    await expect.poll(() => jobs.getByTestId('operation').count()).toBeGreaterThan(10);
    const submit = jobs.getByTestId('operation').filter({ hasText: 'Submit a job' });
    await submit.getByText('API key', { exact: true }).waitFor();
    await submit.locator('summary').first().click();
    await submit.getByRole('button', { name: 'Copy curl example for POST /api/v1/jobs' }).click();
    await submit.getByRole('button', { name: 'Copied curl example for POST /api/v1/jobs' }).waitFor();
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain(`curl -X POST "${baseUrl()}/api/v1/jobs"`);
    expect(curl).toContain('-H "X-API-Key: $LUMEN_API_KEY"');

    const search = page.getByRole('searchbox', { name: 'Search the API' });
    await search.fill('download');
    await expect.poll(() => page.getByTestId('operation').count()).toBeLessThan(5);
    expect(await page.getByTestId('operation').count()).toBeGreaterThan(0);
    await page.getByText(/^[1-4] of \d+ operations$/).waitFor();
    expect(errors).toEqual([]);

    // Try it sends the key typed on the page to this site and shows the answer: an unknown key gets 401.
    await search.fill('get /api/v1/credits/balance');
    const balance = page.getByTestId('operation').filter({ hasText: 'Your credit balance' });
    await balance.locator('summary').first().click();
    await balance.getByLabel('API key (kept in this page only)').fill(`sk_live_${'x'.repeat(40)}`);
    await balance.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => balance.getByRole('status', { name: 'Response' }).textContent()).toMatch(/^401/);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('sk_live_xxx');
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
    await context.close();
  });

  it('the API reference fits a 360 px phone: no sideways scrolling, and short because it starts collapsed', async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 740 });
    await page.goto('/resources/open-api');
    const jobsHeading = page.getByRole('heading', { name: 'Jobs', level: 3 });
    await jobsHeading.waitFor();
    const size = () =>
      page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
    const collapsed = await size();
    expect(collapsed.width).toBeLessThanOrEqual(360);
    // About 8,250 px with the guides (quick start, SDK, authentication, workflow, webhooks, MCP) and 15 collapsed
    // groups; one group open by default adds about 900 px, every operation open adds tens of thousands.
    expect(collapsed.height).toBeLessThan(9000);

    // Opened, an operation's schemas, curl example and Try it still fit the width.
    await jobsHeading.click();
    const submit = page.getByTestId('operation').filter({ hasText: 'Submit a job' });
    await submit.locator('summary').first().click();
    await submit.getByRole('button', { name: 'Send request' }).waitFor();
    expect((await size()).width).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('the API reference lists the admin routes to an admin, after the user groups', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughModal(page, adminCredentials.email, adminCredentials.password);
    await page.goto('/resources/open-api');
    // The session is read after hydration, so the admin groups arrive a moment after the page.
    await page.getByRole('heading', { name: 'Admin', level: 3 }).waitFor();
    const groups = await page.getByTestId('operation-group').getByRole('heading', { level: 3 }).allTextContents();
    const firstAdmin = groups.findIndex((name) => name.startsWith('Admin'));
    expect(firstAdmin).toBeGreaterThan(groups.indexOf('Users'));
    expect(groups.slice(firstAdmin).every((name) => name.startsWith('Admin'))).toBe(true);
    await context.close();
  });
});
