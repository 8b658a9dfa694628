import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, uniqueEmail } from '../support/browser.ts';
import { expectPath, signInThroughModal } from '../support/journeys.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function apiStatus(path: string, data: Record<string, unknown>): Promise<number> {
  const api = await request.newContext({ baseURL: baseUrl() });
  const response = await api.post(path, { data });
  await api.dispose();
  return response.status();
}

describe('your data', () => {
  it('a person downloads their data as a zip, deletes their account with their password and lands on / signed out', async () => {
    const person = { firstName: 'Petra', lastName: 'Private', email: uniqueEmail('petra'), password: 'private-pass-1' };
    expect(await apiStatus('/api/v1/auth/register', person)).toBe(201);
    const { context, page } = await newPage(browser);
    await signInThroughModal(page, person.email, person.password);
    await page.goto('/dashboard/account/profile');

    const section = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'Your data' }) })
      .last();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^lumen-studio-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.includes(Buffer.from('profile.json'))).toBe(true);

    await section.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('not-the-password-1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Your password is incorrect').waitFor();
    await dialog.getByLabel('Your password').fill(person.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expectPath(page, '/');
    await page.getByText('Your account has been deleted').waitFor();
    await page.goto('/dashboard/account/profile');
    await expectPath(page, '/');
    expect(await apiStatus('/api/v1/auth/login', { email: person.email, password: person.password })).toBe(401);
    await context.close();
  });
});
