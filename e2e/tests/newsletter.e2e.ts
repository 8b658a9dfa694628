import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { adminCredentials } from '../support/admin.ts';
import { baseUrl, launchBrowser, newPage, uniqueEmail } from '../support/browser.ts';
import { signInThroughModal } from '../support/journeys.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The path and query of the newest link to /newsletter/{purpose} in a mail to `email` (read through the admin's outbox API). */
async function linkFromOutbox(email: string, template: string, purpose: 'confirm' | 'unsubscribe'): Promise<string> {
  const api = await request.newContext({ baseURL: baseUrl() });
  try {
    const login = await api.post('/api/v1/auth/login', { data: adminCredentials });
    const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
    const headers = { Authorization: `Bearer ${accessToken}` };
    const deadline = Date.now() + 15_000;
    for (;;) {
      const list = await api.get(`/api/v1/admin/mail-outbox?to=${encodeURIComponent(email)}&limit=20`, { headers });
      const { items } = ((await list.json()) as { data: { items: Array<{ id: string; template: string }> } }).data;
      const message = items.find((item) => item.template === template);
      if (message) {
        const detail = await api.get(`/api/v1/admin/mail-outbox/${message.id}`, { headers });
        const { text } = ((await detail.json()) as { data: { text: string } }).data;
        const url = new RegExp(`https?://\\S+(/newsletter/${purpose}\\?token=\\S+)`).exec(text)?.[1];
        if (!url) throw new Error(`No ${purpose} link in:\n${text}`);
        return url;
      }
      if (Date.now() > deadline) throw new Error(`No ${template} mail to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await api.dispose();
  }
}

describe('newsletter and contact', () => {
  it('a visitor subscribes and confirms, the admin sends a campaign, the visitor unsubscribes from it', async () => {
    const reader = uniqueEmail('reader');
    const visitor = await newPage(browser, { width: 390, height: 844 });
    await visitor.page.goto('/company/blogs');
    const footer = visitor.page.locator('footer');
    await footer.getByLabel('E-mail address for the newsletter').fill(reader);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText('Almost there! Check your inbox and confirm your subscription.').waitFor();

    await visitor.page.goto(await linkFromOutbox(reader, 'newsletter_confirmation', 'confirm'));
    await visitor.page.getByRole('button', { name: 'Confirm subscription' }).click();
    await visitor.page.getByText('Your subscription is confirmed.').waitFor();

    const admin = await newPage(browser);
    await signInThroughModal(admin.page, adminCredentials.email, adminCredentials.password);
    await admin.page.goto('/admin/newsletter');
    await admin.page.getByRole('searchbox', { name: 'E-mail' }).fill(reader);
    await admin.page.getByRole('button', { name: 'Search' }).click();
    await admin.page.getByRole('cell', { name: reader }).waitFor();

    await admin.page.getByRole('tab', { name: 'Campaigns' }).click();
    await admin.page.getByRole('button', { name: 'New campaign' }).click();
    const subject = `Lumen news ${Date.now()}`;
    await admin.page.getByLabel('Subject', { exact: true }).fill(subject);
    await admin.page.getByLabel('Newsletter (markdown)').fill('## Sound generation is here\n\nMake a jingle in a minute.');
    await admin.page
      .getByRole('region', { name: 'Newsletter preview' })
      .getByRole('heading', { name: 'Sound generation is here' })
      .waitFor();
    await admin.page.getByRole('button', { name: 'Save draft' }).click();
    await admin.page.getByRole('button', { name: 'Send a test to me' }).click();
    const row = admin.page.getByRole('row', { name: new RegExp(subject) });
    await row.getByRole('button', { name: 'Send' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Send to all confirmed subscribers' }).click();
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 20_000 });
    const progress = await row.getByText(/of \d+ sent/).textContent();
    const [sent, total] = /(\d+) of (\d+) sent/
      .exec(progress ?? '')!
      .slice(1)
      .map(Number);
    expect(sent).toBe(total);

    await visitor.page.goto(await linkFromOutbox(reader, 'newsletter_campaign', 'unsubscribe'));
    await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.page.getByText('You are unsubscribed.').waitFor();
    await visitor.context.close();
    await admin.context.close();
  });

  it('a visitor writes to the team; the admin answers and grants free credits to the account', async () => {
    const visitor = await newPage(browser);
    const email = uniqueEmail('writer');
    await visitor.page.goto('/');
    await visitor.page.evaluate(() => window.dispatchEvent(new CustomEvent('auth:open', { detail: { mode: 'signup' } })));
    const dialog = visitor.page.getByRole('dialog');
    await dialog.getByLabel('First name').fill('Mary');
    await dialog.getByLabel('Last name').fill('Shelley');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('frankenstein-1818');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await visitor.page.waitForURL((url) => url.pathname === '/dashboard');

    const before = await visitor.page.evaluate(async () => {
      const response = await fetch('/api/v1/credits/balance', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return ((await response.json()) as { data: { balance: number } }).data.balance;
    });
    await visitor.page.goto('/contact');
    const subject = `Shared on Instagram ${Date.now()}`;
    await visitor.page.getByLabel('Subject', { exact: true }).fill(subject);
    await visitor.page.getByLabel('Message', { exact: true }).fill('I posted my speed painting video with a link to Lumen Studio.');
    await visitor.page.getByRole('button', { name: 'Send message' }).click();
    await visitor.page.getByText('Thanks! Your message was sent').waitFor();

    const admin = await newPage(browser);
    await signInThroughModal(admin.page, adminCredentials.email, adminCredentials.password);
    await admin.page.goto('/admin/newsletter?tab=messages');
    const card = admin.page.getByRole('article', { name: subject });
    await card.getByLabel('Reason').fill('Shared on Instagram');
    await card.getByLabel('Credits').fill('7');
    await card.getByRole('button', { name: 'Grant credits' }).click();
    await card.getByText('7 credits granted: Shared on Instagram').waitFor();
    await card.getByLabel('Reply to Mary Shelley').fill('Thank you! 7 credits are on your account.');
    await card.getByRole('button', { name: 'Send reply by e-mail' }).click();
    await admin.page.getByRole('tab', { name: 'Messages' }).waitFor();
    await admin.context.close();

    const balance = () =>
      visitor.page.evaluate(async () => {
        const response = await fetch('/api/v1/credits/balance', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
        return ((await response.json()) as { data: { balance: number } }).data.balance;
      });
    expect(await balance()).toBe(before + 7);
    await visitor.context.close();
  });
});
