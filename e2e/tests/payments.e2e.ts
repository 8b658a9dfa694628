import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { adminCredentials } from '../support/admin.ts';
import { signInThroughModal } from '../support/journeys.ts';
import { startPurchase, verifiedPerson } from '../support/payments.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The seeded packages: $5/20 ('20 Credits'), $9/50 ('Pro'), $19/120 ('Plus'), $49/350 ('350 Credits').
const PRO = { name: 'Pro', price: '$9', credits: 50 };
const BIG = { name: '350 Credits', price: '$49', credits: 350 };

/** The balance as the server has it, read with the page's own token. */
async function balance(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/credits/balance', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await response.json()) as { data: { balance: number } }).data.balance;
  });
}

async function payByTestCard(page: Page, cardNumber: string) {
  const dialog = page.getByRole('dialog', { name: `Purchase Credits - ${PRO.name}` });
  await dialog.getByText("Complete your credit purchase using Stripe's secure payment system.").waitFor();
  await dialog.getByRole('note', { name: 'Test mode' }).getByText('TEST MODE').waitFor();
  await dialog.getByLabel('Card number').fill(cardNumber);
  await dialog.getByLabel('Expiry (MM/YY)').fill('1234');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('Name on card').fill('Ada Lovelace');
  await dialog.getByRole('button', { name: `Pay ${PRO.price}` }).click();
  return dialog;
}

async function buyProByCard(page: Page) {
  await startPurchase(page, PRO, 'Credit or Debit Card');
  const dialog = await payByTestCard(page, '4242 4242 4242 4242');
  await page.getByText('Payment Successful', { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByText('Your credits have been added to your account').waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('payments in test mode', () => {
  it('buys a package by card: Payment Successful, the balance goes up by its credits; a declined card changes nothing', async () => {
    const { context, page } = await newPage(browser);
    await verifiedPerson(page);
    const before = await balance(page);

    // Declined: the failure is shown, the dialog stays, nothing changes.
    await startPurchase(page, PRO, 'Credit or Debit Card');
    const declined = await payByTestCard(page, '4000 0000 0000 0002');
    const alert = declined.getByRole('alert');
    await alert.getByText('Your card was declined.').waitFor();
    await alert.getByText('Payment status: requires_payment_method').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await balance(page)).toBe(before);
    expect(await page.getByText('Payment Successful', { exact: true }).count()).toBe(0);
    await declined.getByRole('button', { name: 'Close' }).click();

    // Succeeds with 4242…
    await buyProByCard(page);
    expect(await balance(page)).toBe(before + PRO.credits);
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('credit-balance').textContent()).toBe(String(before + PRO.credits));
    await context.close();
  });

  it('buys a package above $19.20 by crypto: the status advances to completed and the balance goes up; the invoice is in billing and its PDF downloads', async () => {
    const { context, page } = await newPage(browser);
    await verifiedPerson(page);
    const before = await balance(page);

    await startPurchase(page, BIG, 'Cryptocurrency');
    let dialog = page.getByRole('dialog', { name: 'Select Cryptocurrency' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Please select a cryptocurrency').first().waitFor();
    await dialog.getByRole('radio', { name: 'BTC Bitcoin' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();

    dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    await dialog.waitFor();
    await dialog.getByRole('note', { name: 'Test mode' }).waitFor();
    expect(await dialog.getByRole('img', { name: 'QR code of the BTC payment address' }).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(((await dialog.getByLabel('Address', { exact: true }).textContent()) ?? '').length).toBeGreaterThan(10);
    expect(await dialog.getByTestId('crypto-countdown').textContent()).toMatch(/^\d+:\d\d(:\d\d)?$/);
    await dialog.getByRole('button', { name: "I've Sent the Payment" }).click();

    dialog = page.getByRole('dialog', { name: 'Payment Status' });
    await dialog.getByText('Payment completed successfully!').waitFor({ timeout: 45_000 });
    await page.getByText('Payment Successful', { exact: true }).waitFor({ timeout: 10_000 });
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBe(before + BIG.credits);

    // The invoice is listed in billing, and its receipt is a real PDF.
    await page.goto('/dashboard/account/billing');
    const table = page.getByRole('table', { name: 'Invoices, newest first' });
    const row = table.getByRole('row').filter({ hasText: '$49.00' });
    await row.waitFor();
    const number = ((await row.getByRole('rowheader').textContent()) ?? '').match(/INV-\d{6}/)?.[0];
    expect(number).toBeDefined();
    expect(await row.textContent()).toContain('Paid');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download PDF of ${number}` }).click(),
    ]);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const fetched = await page.request.get(download.url());
    expect(fetched.status()).toBe(200);
    expect((await fetched.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await context.close();
  });

  it('a free user’s download is locked; after a test-mode card purchase the same download succeeds', async () => {
    const { context, page } = await newPage(browser);
    await verifiedPerson(page);

    await page.goto('/dashboard/tools/image-generator');
    const gotIt = page.getByRole('dialog').getByRole('button', { name: 'Got it' });
    await gotIt.waitFor();
    await gotIt.click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('a paper boat on a quiet lake');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('heading', { name: 'Result' }).waitFor({ timeout: 60_000 });
    await page.getByRole('img', { name: 'Result: generated-1.png' }).waitFor();
    await page.getByRole('button', { name: /generated-1\.png \(locked: buy credits to download\)/ }).waitFor();
    const jobUrl = page.url();
    expect(new URL(jobUrl).searchParams.get('job')).toBeTruthy();

    await buyProByCard(page);

    await page.goto(jobUrl);
    await page.getByRole('img', { name: 'Result: generated-1.png' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: /locked: buy credits to download/ }).count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download generated-1.png' }).click(),
    ]);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    await context.close();
  });

  it('a buyer asks for a refund from billing; the admin approves it on the refunds page; the credits go back and the order reads Refunded', async () => {
    const buyer = await newPage(browser);
    const person = await verifiedPerson(buyer.page);
    const before = await balance(buyer.page);
    await buyProByCard(buyer.page);
    expect(await balance(buyer.page)).toBe(before + PRO.credits);

    await buyer.page.goto('/dashboard/account/billing');
    const row = buyer.page.getByRole('table', { name: 'Invoices, newest first' }).getByRole('row').filter({ hasText: '$9.00' });
    const number = ((await row.getByRole('rowheader').textContent()) ?? '').match(/INV-\d{6}/)?.[0];
    expect(number).toBeDefined();
    await row.getByRole('button', { name: `Details of ${number}` }).click();
    const invoice = buyer.page.getByRole('dialog', { name: `Invoice ${number}` });
    await invoice.getByRole('button', { name: 'Request a refund' }).click();
    await invoice.getByLabel('Why would you like a refund?').fill('I bought the wrong package by mistake.');
    await invoice.getByRole('button', { name: 'Send request' }).click();
    const state = invoice.getByLabel('Refund request');
    await state.getByText('Pending').waitFor();

    const admin = await newPage(browser);
    await signInThroughModal(admin.page, adminCredentials.email, adminCredentials.password);
    await admin.page.goto('/admin/cancellations');
    const queue = admin.page.getByRole('table', { name: 'Refund requests, pending first' });
    await queue.getByRole('button', { name: `Approve the request of ${person.email}` }).click();
    const approve = admin.page.getByRole('dialog', { name: 'Approve refund request' });
    await approve.getByLabel('Note (optional)').fill('Refunded in full.');
    await approve.getByRole('button', { name: 'Approve and refund' }).click();
    await approve.waitFor({ state: 'detached' });
    await admin.page.getByRole('table', { name: 'Refunds made, newest first' }).getByText(person.email).waitFor();

    await expect.poll(() => balance(buyer.page), { timeout: 15_000 }).toBe(before);

    await admin.page.goto(`/admin/payments?search=${encodeURIComponent(person.email)}`);
    const payments = admin.page.getByRole('table', { name: 'Payments, newest first' });
    await payments.getByRole('row').filter({ hasText: person.email }).getByText('Refunded').waitFor({ timeout: 15_000 });

    await buyer.page.reload();
    await buyer.page
      .getByRole('table', { name: 'Invoices, newest first' })
      .getByRole('row')
      .filter({ hasText: number! })
      .getByText('Refunded')
      .waitFor();
    await admin.context.close();
    await buyer.context.close();
  });
});
