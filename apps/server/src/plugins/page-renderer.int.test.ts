import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccessToken, buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { msUntil } from '../test/two-processes.ts';
import { INTERNAL_REQUEST_HEADER } from './internal-request.ts';

// A stand-in for the web app's server build: it reads the public API through the transport it is given,
// as the real renderer's queries do, and counts its renders so the cache can be seen.
const rendererSource = `
let renders = 0;
export async function renderPage(url, { origin, template, transport }) {
  renders += 1;
  const path = new URL(url, origin).pathname;
  if (path === '/explode') throw new Error('the page threw while rendering');
  const settings = await (await transport('/api/v1/settings/public')).json();
  const body = '<h1>' + path + '</h1><p>render ' + renders + '</p><p>signups open: ' + settings.data.signupsOpen + '</p><p>origin ' + origin + '</p>';
  return { status: path === '/gone' ? 404 : 200, html: template.replace('<div id="root"></div>', '<div id="root">' + body + '</div>') };
}
`;

async function builtWebApp(): Promise<string> {
  const base = await mkdtemp(join(tmpdir(), 'lumen-web-'));
  await mkdir(join(base, 'dist', 'assets'), { recursive: true });
  await mkdir(join(base, 'dist-server'));
  await writeFile(join(base, 'dist', 'index.html'), '<!doctype html><title>Lumen</title><div id="root"></div>');
  await writeFile(join(base, 'dist-server', 'entry-server.js'), rendererSource);
  return base;
}

describe('server-rendered public pages', () => {
  let base: string;
  let web: TestApp;
  beforeAll(async () => {
    base = await builtWebApp();
    web = await buildTestApp({
      config: { webDistDir: join(base, 'dist'), publicUrl: 'https://lumen.example', globalRateLimit: { max: 3, timeWindowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await web?.close();
    await rm(base, { recursive: true, force: true });
  });

  it('renders a public page with the data it reads from the API, revalidated on every visit', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/company/about-us' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(response.body).toContain('<h1>/company/about-us</h1>');
    expect(response.body).toContain('signups open: true');
    expect(response.body).toContain('origin https://lumen.example');
  });

  it('sends the page brotli- or gzip-compressed as the client accepts, and plain to a client that accepts neither', async () => {
    const plain = await web.app.inject({ method: 'GET', url: '/company/blogs' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const brotli = await web.app.inject({ method: 'GET', url: '/company/blogs', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await web.app.inject({ method: 'GET', url: '/company/blogs', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const neither = await web.app.inject({ method: 'GET', url: '/company/blogs', headers: { 'accept-encoding': 'identity' } });
    expect(neither.headers['content-encoding']).toBeUndefined();
    expect(neither.body).toBe(plain.body);
  });

  it('keeps a rendered page for a short while and answers 304 to a matching If-None-Match', async () => {
    const first = await web.app.inject({ method: 'GET', url: '/company/pricing' });
    const second = await web.app.inject({ method: 'GET', url: '/company/pricing' });
    expect(second.body).toBe(first.body);
    const revalidated = await web.app.inject({
      method: 'GET',
      url: '/company/pricing',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('passes on the status the page asks for', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/gone' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>/gone</h1>');
  });

  it('sends the signed-in app and the admin as the client-rendered shell', async () => {
    for (const url of ['/dashboard', '/dashboard/billing', '/admin/users', '/pricing']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('<!doctype html><title>Lumen</title><div id="root"></div>');
    }
  });

  it('falls back to the shell when a page fails to render', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/explode' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<!doctype html><title>Lumen</title><div id="root"></div>');
  });

  it("does not count the renderer's own API reads against a visitor's rate limit, and a guessed marker does not help", async () => {
    for (const url of ['/a', '/b', '/c', '/d', '/e']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain('signups open: true');
    }
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await web.app.inject({
        method: 'GET',
        url: '/api/v1/settings/public',
        headers: { [INTERNAL_REQUEST_HEADER]: 'guess' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('a change through the admin API', () => {
  let base: string;
  let web: TestApp;
  beforeAll(async () => {
    base = await builtWebApp();
    web = await buildTestApp({ config: { webDistDir: join(base, 'dist') } });
  });
  afterAll(async () => {
    await web?.close();
    await rm(base, { recursive: true, force: true });
  });

  it('shows on the public pages at once, without waiting for the cache to expire', async () => {
    expect((await web.app.inject({ method: 'GET', url: '/company/pricing' })).body).toContain('signups open: true');
    const admin = await adminAccessToken(web.app);
    const rejected = await web.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${admin}` },
      payload: { signupsOpen: 'maybe' },
    });
    expect(rejected.statusCode).toBe(400);
    expect((await web.app.inject({ method: 'GET', url: '/company/pricing' })).body).toContain('render 1<');

    const changed = await web.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${admin}` },
      payload: { signupsOpen: false },
    });
    expect(changed.statusCode).toBe(200);
    const page = await web.app.inject({ method: 'GET', url: '/company/pricing' });
    expect(page.body).toContain('signups open: false');
  });

  it('drops the rendered pages when another process changes what they show (the database announces it)', async () => {
    const before = (await web.app.inject({ method: 'GET', url: '/company/about-us' })).body;
    expect((await web.app.inject({ method: 'GET', url: '/company/about-us' })).body).toBe(before);
    // A write straight to the database, as another API process would make it: only the notice tells this one.
    await web.database.db.execute(sql`update service_costs set cost = cost + 1 where service_key = 'sound-generator'`);
    const elapsed = await msUntil(async () => (await web.app.inject({ method: 'GET', url: '/company/about-us' })).body !== before);
    expect(elapsed).toBeLessThan(1000);
  });
});
