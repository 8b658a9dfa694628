import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, uniqueEmail } from '../support/browser.ts';
import { googleUser } from '../support/google-user.ts';
import { expectPath, fillSignIn } from '../support/journeys.ts';
import { readCodeFromOutbox } from '../support/mail-outbox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function registerThroughApi(person: { firstName: string; lastName: string; email: string; password: string }) {
  const api = await request.newContext({ baseURL: baseUrl() });
  const response = await api.post('/api/v1/auth/register', { data: person });
  expect(response.status()).toBe(201);
  await api.dispose();
}

async function apiLoginStatus(email: string, password: string): Promise<number> {
  const api = await request.newContext({ baseURL: baseUrl() });
  const response = await api.post('/api/v1/auth/login', { data: { email, password } });
  await api.dispose();
  return response.status();
}

describe('account security', () => {
  it('a person resets a forgotten password from the sign-in modal with the e-mailed code and signs in with the new one', async () => {
    const { context, page } = await newPage(browser);
    const person = { firstName: 'Rosa', lastName: 'Reset', email: uniqueEmail('rosa'), password: 'old-password-1' };
    await registerThroughApi(person);

    await page.goto('/');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('auth:open', { detail: { mode: 'login' } })));
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(person.email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();

    await dialog.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(person.email);
    await dialog.getByRole('button', { name: 'Send reset code' }).click();
    await dialog.getByText('If an account exists for this email, we have sent a reset code.').waitFor();

    const code = await readCodeFromOutbox(person.email, 'password_reset');
    await dialog.getByLabel('Reset code').fill(code);
    await dialog.getByRole('button', { name: 'Verify code' }).click();

    await dialog.getByLabel('New password', { exact: true }).fill('new-password-2');
    await dialog.getByLabel('Confirm new password').fill('new-password-2');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await dialog.getByText('Password reset successfully. Please sign in with your new password.').waitFor();

    await dialog.getByRole('button', { name: 'Back to sign in' }).click();
    await dialog.getByRole('heading', { name: 'Sign in to Lumen Studio' }).waitFor();
    await fillSignIn(page, person.email, 'new-password-2');
    await expectPath(page, '/dashboard');
    await page.getByText('Logged in successfully').waitFor();

    expect(await apiLoginStatus(person.email, person.password)).toBe(401);
    await context.close();
  });

  it('a new person verifies their e-mail address from the dashboard banner', async () => {
    const { context, page } = await newPage(browser);
    const person = { firstName: 'Vera', lastName: 'Verify', email: uniqueEmail('vera'), password: 'verify-pass-1' };
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign Up for Free' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill(person.firstName);
    await dialog.getByLabel('Last name').fill(person.lastName);
    await dialog.getByLabel('Email').fill(person.email);
    await dialog.getByLabel('Password').fill(person.password);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expectPath(page, '/dashboard');

    const banner = page.getByRole('region', { name: 'Please verify your email address' });
    await banner.waitFor();
    const code = await readCodeFromOutbox(person.email, 'email_verification');
    await banner.getByLabel('Verification code').fill(code);
    await banner.getByRole('button', { name: 'Verify email' }).click();
    await page.getByText('Email verified successfully').waitFor();
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a person signs in with the local OpenID provider (as Google) and lands on /dashboard with the success toast', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('auth:open', { detail: { mode: 'login' } })));
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();

    await expectPath(page, '/dashboard');
    await page.getByText('Successfully signed in with google!').waitFor();
    await page.getByRole('button', { name: `Account menu for ${googleUser.given_name} ${googleUser.family_name}` }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('oauth_redirect_path'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await context.close();
  });

  it('an error callback shows the Authentication Error panel and returns to / after about 3 s', async () => {
    const { context, page } = await newPage(browser);
    // Timed in the page, from the panel's first render to the move to /: the test's own polling can see the panel a
    // second late when the machine is busy, which made the wait look shorter than it was.
    await page.addInitScript(() => {
      const times: { shown?: number; left?: number } = {};
      (window as unknown as { redirectTimes: typeof times }).redirectTimes = times;
      new MutationObserver(() => {
        const headings = Array.from(document.querySelectorAll('h1, h2'));
        if (times.shown === undefined && headings.some((heading) => heading.textContent === 'Authentication Error'))
          times.shown = performance.now();
      }).observe(document, { childList: true, subtree: true });
      const replaceState = history.replaceState.bind(history);
      history.replaceState = (...args: Parameters<History['replaceState']>) => {
        replaceState(...args);
        if (times.left === undefined && location.pathname === '/') times.left = performance.now();
      };
    });
    await page.goto('/auth/callback?error=access_denied');
    await page.getByRole('heading', { name: 'Authentication Error' }).waitFor();
    await page.getByText('Access was denied. Please try again.').waitFor();
    await page.getByText('Redirecting to login page...').waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    const { shown, left } = await page.evaluate(
      () => (window as unknown as { redirectTimes: { shown?: number; left?: number } }).redirectTimes,
    );
    expect(shown, 'the panel was seen rendering').toBeDefined();
    expect(left, 'the page moved to / with history.replaceState').toBeDefined();
    const waited = left! - shown!;
    expect(waited).toBeGreaterThan(2_500);
    expect(waited).toBeLessThan(6_000);
    await context.close();
  });
});
