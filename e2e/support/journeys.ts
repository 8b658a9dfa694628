import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export type Person = { firstName: string; lastName: string; email: string; password: string };

export async function fillSignUp(page: Page, person: Person) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(person.firstName);
  await dialog.getByLabel('Last name').fill(person.lastName);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Password').fill(person.password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
}

export async function fillSignIn(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Signs in through the API in the page, as the app itself does, then reloads. Users land on /dashboard, admins on /admin. */
export async function signInThroughModal(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('auth:open', { detail: { mode: 'login' } })));
  await fillSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/admin');
}

export async function expectPath(page: Page, pathname: string) {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
  } catch (error) {
    const shown = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    ).slice(0, 500);
    throw new Error(`expected ${pathname}, still at ${page.url()} after 15 s; the page shows: ${shown}`, { cause: error });
  }
  expect(new URL(page.url()).pathname).toBe(pathname);
}
