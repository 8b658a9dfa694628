import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser.ts';
import { adminCredentials } from '../support/admin.ts';
import { expectPath, signInThroughModal } from '../support/journeys.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the blog', () => {
  it('an admin writes and publishes a post that a visitor then reads with its reading time', async () => {
    const admin = await newPage(browser);
    await signInThroughModal(admin.page, adminCredentials.email, adminCredentials.password);
    await admin.page.goto('/admin/blog');
    await admin.page.getByRole('link', { name: 'New article' }).click();
    await expectPath(admin.page, '/admin/blog/new');

    const title = `Try-on tips ${Date.now()}`;
    await admin.page.getByLabel('Title', { exact: true }).fill(title);
    const slug = await admin.page.getByLabel('Slug', { exact: true }).inputValue();
    expect(slug).toMatch(/^try-on-tips-\d+$/);
    await admin.page.getByLabel('Excerpt', { exact: true }).fill('Three things that make virtual try-on look real.');
    // 450 words: 3 min read at 200 words a minute, rounded up.
    const words = Array.from({ length: 448 }, (_, i) => `word${i}`).join(' ');
    await admin.page
      .getByLabel('Article (markdown)')
      .fill(`## Light matters\n\n**Soft light** ${words}\n\n<script>window.__pwned = true</script>`);
    const preview = admin.page.getByRole('region', { name: 'Article preview' });
    await preview.getByRole('heading', { name: 'Light matters' }).waitFor();
    await admin.page.getByText('3 min read').waitFor();
    await admin.page.getByLabel('Tags', { exact: true }).fill('virtual try-on, guides');
    await admin.page.getByRole('button', { name: 'Publish' }).click();
    await expectPath(admin.page, `/admin/blog/${slug}`);
    await admin.page.getByText('Published', { exact: true }).first().waitFor();

    const visitor = await newPage(browser, { width: 390, height: 844 });
    await visitor.page.goto('/company/blogs');
    await visitor.page.getByRole('link', { name: title }).click();
    await expectPath(visitor.page, `/company/blogs/${slug}`);
    await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await visitor.page.getByText('3 min read').waitFor();
    await visitor.page.getByRole('heading', { name: 'Light matters' }).waitFor();
    await visitor.page.getByText('<script>window.__pwned = true</script>').waitFor(); // shown as text
    expect(await visitor.page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();

    // Unpublishing hides it from visitors again.
    await admin.page.getByRole('button', { name: 'Unpublish (back to draft)' }).click();
    await admin.page.getByText('Draft', { exact: true }).first().waitFor();
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { level: 1, name: 'Article not found' }).waitFor();

    await visitor.context.close();
    await admin.context.close();
  });
});
