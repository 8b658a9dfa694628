import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail } from './browser.ts';
import { readCodeFromOutbox } from './mail-outbox.ts';
import { signInThroughModal, type Person } from './journeys.ts';

/**
 * A new account, signed in, with its e-mail verified from the dashboard banner (purchases need it). `server` is the
 * page's server when it is not the suite's own.
 */
export async function verifiedPerson(page: Page, server?: string): Promise<Person> {
  const person: Person = { firstName: 'Paula', lastName: 'Payer', email: uniqueEmail('payer'), password: 'payments-e2e-2026' };
  const registered = await page.request.post('/api/v1/auth/register', { data: person });
  expect(registered.status()).toBe(201);
  await signInThroughModal(page, person.email, person.password);
  const banner = page.getByRole('region', { name: 'Please verify your email address' });
  await banner.waitFor();
  await banner.getByLabel('Verification code').fill(await readCodeFromOutbox(person.email, 'email_verification', undefined, server));
  await banner.getByRole('button', { name: 'Verify email' }).click();
  await banner.waitFor({ state: 'detached' });
  return person;
}

/** From the pricing page: pick a package, then a payment method. */
export async function startPurchase(page: Page, pkg: { name: string }, method: 'Credit or Debit Card' | 'Cryptocurrency') {
  await page.goto('/company/pricing');
  await page
    .getByRole('article', { name: pkg.name, exact: true })
    .getByRole('button', { name: `Buy ${pkg.name}` })
    .click();
  const choose = page.getByRole('dialog', { name: 'Choose Payment Method' });
  await choose.getByText('Choose your preferred payment method to complete the purchase.').waitFor();
  await choose.getByRole('button', { name: new RegExp(method) }).click();
}
