import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Browser } from 'playwright-core';
import { adminCredentials } from '../support/admin.ts';
import { baseUrl, launchBrowser, newPage, uniqueEmail } from '../support/browser.ts';
import { expectPath, fillSignIn, signInThroughModal } from '../support/journeys.ts';

const SUSPENDED = 'Your account has been suspended. Contact support.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('admin users', () => {
  it('an admin suspends a user who is then signed out (their open tab loses the session on its next request) and cannot sign in', async () => {
    const person = { firstName: 'Sam', lastName: `Suspend${Date.now()}`, email: uniqueEmail('sam'), password: 'sam-password-1' };
    const api = await request.newContext({ baseURL: baseUrl() });
    expect((await api.post('/api/v1/auth/register', { data: person })).status()).toBe(201);
    await api.dispose();

    // The person is signed in, with a tab open on their dashboard.
    const user = await newPage(browser);
    await signInThroughModal(user.page, person.email, person.password);
    expect(await user.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // The admin finds them on /admin/users and suspends them with a reason.
    const admin = await newPage(browser);
    await signInThroughModal(admin.page, adminCredentials.email, adminCredentials.password);
    await admin.page.goto('/admin/users');
    await admin.page.getByLabel('Name or e-mail').fill(person.email);
    await admin.page.getByRole('button', { name: 'Search' }).click();
    await admin.page.getByRole('link', { name: `${person.firstName} ${person.lastName}` }).click();
    await admin.page.waitForURL((url) => url.pathname.startsWith('/admin/users/'));
    await admin.page.getByRole('heading', { name: `${person.firstName} ${person.lastName}` }).waitFor();
    await admin.page.getByRole('button', { name: 'Suspend user' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Chargeback fraud');
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await admin.page.getByText('Reason: Chargeback fraud').waitFor();
    await admin.page.getByRole('button', { name: 'Reactivate user' }).waitFor();

    // The person's open tab: its next request is refused, the session is cleared and they land signed out on /.
    await user.page.reload();
    await expectPath(user.page, '/');
    await user.page.waitForFunction(() => localStorage.getItem('token') === null);

    // Signing in again is refused with the clear message.
    await user.page.evaluate(() => window.dispatchEvent(new CustomEvent('auth:open', { detail: { mode: 'login' } })));
    await fillSignIn(user.page, person.email, person.password);
    await user.page.getByText(SUSPENDED).first().waitFor();
    expect(new URL(user.page.url()).pathname).toBe('/');
    expect(await user.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The admin's own session is untouched: reactivating brings the person back.
    await admin.page.getByRole('button', { name: 'Reactivate user' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Reactivate', exact: true }).click();
    await admin.page.getByRole('button', { name: 'Suspend user' }).waitFor();
    await user.page.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectPath(user.page, '/dashboard');

    await user.context.close();
    await admin.context.close();
  });
});
