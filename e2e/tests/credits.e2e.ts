import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, uniqueEmail } from '../support/browser.ts';
import { adminCredentials } from '../support/admin.ts';
import { expectPath, fillSignUp, signInThroughModal } from '../support/journeys.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

describe('the pricing page', () => {
  it('shows the seeded packages to a visitor, who signs up from it and then has the Starter plan', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/company/pricing');
    await page.getByRole('heading', { name: 'Choose the Perfect Plan for Your Creative Needs' }).waitFor();

    await card(page, 'Starter').waitFor();
    await card(page, 'Pro').getByText('Best value').waitFor();
    await card(page, 'Pro').getByText('$0.180 per credit').waitFor();
    await card(page, 'Plus').getByText('Most Popular').waitFor();
    await card(page, '20 Credits').getByText('Selected').waitFor();
    await card(page, '350 Credits').waitFor();
    await page.getByText('No credit card required for free plan • 30-second setup').waitFor();

    await page.getByRole('button', { name: 'Sign Up for Free' }).first().click();
    await fillSignUp(page, { firstName: 'Ada', lastName: 'Byron', email: uniqueEmail('ada'), password: 'engine-1843' });
    await expectPath(page, '/dashboard');

    await page.goto('/company/pricing');
    const starterButton = card(page, 'Starter').getByRole('button', { name: 'Current Plan' });
    await starterButton.waitFor();
    expect(await starterButton.isDisabled()).toBe(true);
    await context.close();
  });

  it('shows a price an admin has just changed, with its new price per credit', async () => {
    const admin = await newPage(browser);
    await signInThroughModal(admin.page, adminCredentials.email, adminCredentials.password);
    await admin.page.goto('/admin/credit-packages');
    await admin.page.getByRole('button', { name: 'Edit 20 Credits' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Price (USD)').fill('6');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const visitor = await newPage(browser);
    await visitor.page.goto('/company/pricing');
    const changed = card(visitor.page, '20 Credits');
    await changed.getByText('$6').first().waitFor();
    await changed.getByText('$0.300 per credit').waitFor();
    await visitor.context.close();
    await admin.context.close();
  });
});
