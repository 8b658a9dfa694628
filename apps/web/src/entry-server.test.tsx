// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PublicPost } from '@lumen/core/content/blog';
import { PAGE_STATE_ID } from '@/app/page-state.ts';
import { defaultCosts, seededPackages } from '@/test/credits-fixtures.ts';
import { renderPage } from './entry-server.tsx';

const template = `<!doctype html><html><head><meta charset="UTF-8" /><!--page-head--><title>Shell</title><!--/page-head--></head>
<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;

const post: PublicPost = {
  slug: 'light-for-product-photos',
  title: 'Light for product photos',
  excerpt: 'Three set-ups that work on a kitchen table.',
  coverImageUrl: null,
  tags: ['photography'],
  authorName: 'Ada',
  publishedAt: '2026-10-01T09:00:00.000Z',
  readingMinutes: 4,
  html: '<p>Start with one soft light.</p>',
  seoTitle: 'Product photo lighting at home',
  seoDescription: 'How to light product photos with one lamp.',
  related: [],
};

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
const notFound = (message: string) =>
  new Response(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message } }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });

/** The API the page reads, answered in process as the server's transport does. */
function fakeApi(requested: string[] = []) {
  return async (url: string) => {
    requested.push(url);
    const path = url.split('?')[0];
    if (path === '/api/v1/credits/packages') return ok(seededPackages());
    if (path === '/api/v1/credits/costs') return ok(defaultCosts);
    if (path === '/api/v1/blog/posts') return ok({ items: [post], total: 1, page: 1, limit: 12, totalPages: 1, tags: ['photography'] });
    if (path === `/api/v1/blog/posts/${post.slug}`) return ok(post);
    return notFound(`Nothing found at GET ${path}`);
  };
}

const render = (url: string, requested?: string[]) =>
  renderPage(url, { origin: 'https://lumen.example', template, transport: fakeApi(requested) });

function headOf(html: string) {
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
}

describe('renderPage', () => {
  it('renders a public page with its own title, description, canonical link and sharing tags in <head>', async () => {
    const { status, html } = await render('/company/about-us');
    expect(status).toBe(200);
    const head = headOf(html);
    expect(head).toContain('<title>About us · Lumen Studio</title>');
    expect(head).not.toContain('<title>Shell</title>');
    expect(head).toContain('<link rel="canonical" href="https://lumen.example/company/about-us"/>');
    expect(head).toContain('<meta property="og:title" content="About us · Lumen Studio"/>');
    expect(head).toMatch(/<meta name="description" content="Who makes Lumen Studio[^"]*"\/>/);
    expect(html).toMatch(/<div id="root">.*<h1[^>]*>About us<\/h1>/s);
  });

  it('renders the data the page reads and hands it to the browser', async () => {
    const requested: string[] = [];
    const { html } = await render('/company/pricing', requested);
    expect(requested).toContain('/api/v1/credits/packages');
    // The seeded $19 package is on the page before any JavaScript runs.
    expect(html).toContain('$19');
    const state = html.match(new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">(.*?)</script>`))?.[1];
    expect(state).toBeDefined();
    expect(JSON.parse(state!).origin).toBe('https://lumen.example');
    expect(state).toContain('"creditsAmount":120');
  });

  it('renders an article with its SEO title and description, as an article', async () => {
    const { status, html } = await render(`/company/blogs/${post.slug}`);
    expect(status).toBe(200);
    const head = headOf(html);
    expect(head).toContain('<title>Product photo lighting at home · Lumen Studio</title>');
    expect(head).toContain('<meta name="description" content="How to light product photos with one lamp."/>');
    expect(head).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('Start with one soft light.');
  });

  it('answers 404 with the not-found page for an unknown address and an unknown article, and asks crawlers not to index them', async () => {
    const unknown = await render('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Page not found');
    expect(headOf(unknown.html)).toContain('<meta name="robots" content="noindex"/>');

    const missingPost = await render('/company/blogs/never-written');
    expect(missingPost.status).toBe(404);
    expect(missingPost.html).toContain('Article not found');
    // The failure travels with the page, so the browser shows the same message instead of asking again.
    expect(missingPost.html).toContain('"$apiError":{"status":404');
  });

  it('escapes the state so that an article cannot close the script that carries it', async () => {
    const hostile = { ...post, slug: 'x', title: '</script><script>alert(1)</script>' };
    const transport = async (url: string) => (url.startsWith('/api/v1/blog/posts/x') ? ok(hostile) : fakeApi()(url));
    const { html } = await renderPage('/company/blogs/x', { origin: 'https://lumen.example', template, transport });
    const state = html.slice(html.indexOf(`id="${PAGE_STATE_ID}">`));
    expect(state.indexOf('</script>')).toBeGreaterThan(state.indexOf('\\u003c/script>'));
    expect(html).not.toContain('<script>alert(1)</script>');
  });
});
