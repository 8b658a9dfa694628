import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privatePathPrefixes, publicPagePaths } from '@lumen/core/content/public-pages';
import { adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';

const origin = 'http://localhost:3000';
let t: TestApp;
let admin: { authorization: string };

const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
const post = (slug: string, status: 'published' | 'draft') => ({
  title: `Post ${slug}`,
  slug,
  excerpt: 'Short',
  body: words,
  tags: ['guides'],
  authorName: 'Ada',
  status,
});

beforeAll(async () => {
  t = await buildTestApp();
  admin = { authorization: `Bearer ${await adminAccessToken(t.app)}` };
  for (const [slug, status] of [
    ['crawl-published', 'published'],
    ['crawl-draft', 'draft'],
  ] as const) {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/admin/blog/posts', headers: admin, payload: post(slug, status) });
    expect(created.statusCode).toBe(201);
  }
});
afterAll(async () => t?.close());

describe('crawl files', () => {
  it('/robots.txt keeps crawlers out of the app, the admin and the API, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    for (const prefix of ['/dashboard', '/admin', '/api/']) expect(privatePathPrefixes).toContain(prefix);
    for (const prefix of privatePathPrefixes) expect(response.body).toContain(`Disallow: ${prefix}\n`);
    expect(response.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('/sitemap.xml lists every public page and each live post, not drafts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of publicPagePaths) expect(locations).toContain(origin + path);
    expect(locations).toContain(`${origin}/company/blogs/crawl-published`);
    expect(locations).not.toContain(`${origin}/company/blogs/crawl-draft`);
    expect(locations.some((location) => /\/(dashboard|admin|api)(\/|$)/.test(new URL(location!).pathname))).toBe(false);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(response.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  });
});
