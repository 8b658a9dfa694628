import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, uniqueEmail } from '../support/browser.ts';
import { adminCredentials } from '../support/admin.ts';
import { expectPath, fillSignIn, fillSignUp, signInThroughModal, signOut, type Person } from '../support/journeys.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newPerson = (): Person => ({ firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('grace'), password: 'cobol-1959' });

describe('a visitor', () => {
  it('signs up from the home page, lands on the dashboard with 5 credits, and signs out', async () => {
    const { context, page } = await newPage(browser);
    const person = newPerson();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign Up for Free' }).first().click();
    await fillSignUp(page, person);
    await expectPath(page, '/dashboard');
    await expect.poll(() => page.getByTestId('credit-balance').textContent()).toBe('5');
    await page.getByText('Registered successfully').waitFor();

    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/dashboard');
    await expectPath(page, '/');
    await context.close();
  });

  it('is sent home from a protected page and comes back to it after signing in', async () => {
    const { context, page } = await newPage(browser);
    const person = newPerson();
    // Create the account through the API, as another device would have.
    const response = await page.request.post('/api/v1/auth/register', { data: person });
    expect(response.status()).toBe(201);

    await page.goto('/dashboard/account/profile');
    await expectPath(page, '/');
    await page.getByText('Please log in to access this page').waitFor();
    await fillSignIn(page, person.email, person.password);
    await expectPath(page, '/dashboard/account/profile');
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Grace');
    await context.close();
  });

  it('sees the not-found page on an unknown path', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});

describe('admin pages', () => {
  it('send a signed-in user without the ADMIN role to /dashboard', async () => {
    const { context, page } = await newPage(browser);
    const person = newPerson();
    expect((await page.request.post('/api/v1/auth/register', { data: person })).status()).toBe(201);
    await signInThroughModal(page, person.email, person.password);
    await page.goto('/admin');
    await expectPath(page, '/dashboard');
    await page.getByText('You need ADMIN privileges to access this page').waitFor();
    await context.close();
  });

  it('open for the admin', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughModal(page, adminCredentials.email, adminCredentials.password);
    await page.goto('/admin');
    await expectPath(page, '/admin');
    await page.goto('/admin/users');
    await expectPath(page, '/admin/users');
    await context.close();
  });
});
