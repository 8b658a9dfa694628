import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminCredentials } from '../support/admin.ts';
import { launchBrowser, newPage, uniqueEmail } from '../support/browser.ts';
import { signInThroughModal, type Person } from '../support/journeys.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Creates the account through the API and has the admin add credits to it. */
async function createPerson(page: Page, firstName: string, credits: number): Promise<Person> {
  const person: Person = { firstName, lastName: 'Community', email: uniqueEmail('community'), password: 'community-e2e-2026' };
  const registered = await page.request.post('/api/v1/auth/register', { data: person });
  expect(registered.status()).toBe(201);
  if (credits > 0) {
    const userId = ((await registered.json()) as { data: { user: { id: string } } }).data.user.id;
    const login = await page.request.post('/api/v1/auth/login', { data: adminCredentials });
    const adminToken = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const granted = await page.request.post(`/api/v1/admin/users/${userId}/credits`, {
      data: { amount: credits, reason: 'e2e: community journey' },
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(granted.status()).toBeLessThan(300);
  }
  return person;
}

/** A word no other run has used, letters only, so the search finds exactly this journey's post. */
function uniqueWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = 'zephyr';
  for (let index = 0; index < 8; index += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

describe('the community', () => {
  it('a user publishes a result to the community, another finds it through /prompt-search, reports it, and the admin hides it', async () => {
    const word = uniqueWord();
    const prompt = `a copper ${word} balloon drifting over a quiet harbour at dawn`;

    // Ada makes an image with the built-in engine and shares it with its prompt.
    const ada = await newPage(browser);
    const adaPerson = await createPerson(ada.page, 'Ada', 5);
    await signInThroughModal(ada.page, adaPerson.email, adaPerson.password);
    await ada.page.goto('/dashboard/tools/image-generator');
    const gotIt = ada.page.getByRole('dialog').getByRole('button', { name: 'Got it' });
    await gotIt.waitFor();
    await gotIt.click();
    await ada.page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(prompt);
    await ada.page.getByRole('button', { name: 'Generate' }).click();
    await ada.page.getByRole('heading', { name: 'Result' }).waitFor({ timeout: 60_000 });
    await ada.page.getByRole('img', { name: 'Result: generated-1.png' }).waitFor();

    await ada.page.goto('/dashboard/community');
    await ada.page
      .getByRole('button', { name: /^Publish the Image Generation result of .* to community$/ })
      .first()
      .click();
    const publish = ada.page.getByRole('dialog', { name: 'Publish to community' });
    await publish.getByTestId('shared-prompt').getByText(prompt).waitFor();
    await publish.getByLabel('Title (optional)').fill(`Harbour ${word}`);
    await publish.getByRole('button', { name: 'Publish' }).click();
    await ada.page.getByText('Shared with the community').first().waitFor();
    const mine = ada.page.getByRole('region', { name: 'Your posts' });
    await mine.getByText(prompt).waitFor();

    // Bob, signed in elsewhere, finds it by a word of its prompt and reports it.
    const bob = await newPage(browser);
    const bobPerson = await createPerson(bob.page, 'Bob', 0);
    await signInThroughModal(bob.page, bobPerson.email, bobPerson.password);
    await bob.page.goto('/prompt-search');
    await bob.page.getByLabel('Search prompts').fill(word);
    await bob.page.getByRole('button', { name: 'Search' }).click();
    await bob.page.getByText(`1 result for “${word}”`).waitFor();
    const card = bob.page.getByTestId('community-post');
    await card.getByText(prompt).waitFor();
    await card.getByRole('heading', { name: `Harbour ${word}` }).waitFor();
    expect(await card.getByRole('link', { name: /Use this prompt/ }).getAttribute('href')).toBe(
      `/dashboard/tools/image-generator?prompt=${encodeURIComponent(prompt)}`,
    );
    await expect
      .poll(() => card.getByRole('img', { name: `Harbour ${word}` }).evaluate((image: HTMLImageElement) => image.naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await card.getByRole('button', { name: 'Report this post' }).click();
    const report = bob.page.getByRole('dialog', { name: 'Report this post' });
    await report.getByLabel('Reason').fill('This looks copied from my portfolio');
    await report.getByRole('button', { name: 'Send report' }).click();
    await bob.page.getByText('Thanks, a moderator will look at this post').first().waitFor();

    // The admin sees the report in the queue and hides the post with a reason.
    const admin = await newPage(browser);
    await signInThroughModal(admin.page, adminCredentials.email, adminCredentials.password);
    await admin.page.goto('/admin/community-moderation');
    const queued = admin.page.getByTestId('moderation-post').filter({ hasText: word });
    await queued.getByText('1 open report').waitFor();
    await queued.getByText(/This looks copied from my portfolio/).waitFor();
    await queued.getByRole('button', { name: 'Hide' }).click();
    const hide = admin.page.getByRole('dialog', { name: 'Hide this post' });
    await hide.getByLabel('Reason').fill('Reported as copied work');
    await hide.getByRole('button', { name: 'Hide' }).click();
    await admin.page.getByText('Post hidden').first().waitFor();

    // Gone from search and the public gallery at once; its author sees it marked hidden.
    await bob.page.goto(`/prompt-search?q=${word}`);
    await bob.page.getByText(`No prompts match “${word}”`).waitFor();
    const searchAfter = await bob.page.request.get(`/api/v1/community/search?q=${word}`);
    expect(((await searchAfter.json()) as { data: { total: number } }).data.total).toBe(0);
    await bob.page.goto('/resources/community');
    await bob.page.getByRole('heading', { name: 'Community' }).waitFor();
    await bob.page
      .getByTestId('community-post')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    expect(await bob.page.getByText(prompt).count()).toBe(0);

    await ada.page.reload();
    await ada.page.getByRole('region', { name: 'Your posts' }).getByText('Hidden by a moderator').waitFor();

    await Promise.all([ada.context.close(), bob.context.close(), admin.context.close()]);
  }, 150_000);
});
