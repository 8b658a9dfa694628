import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

const script = `console.log(${JSON.stringify('a fairly long line of the web app '.repeat(200))});\n`;
const page = `<!doctype html><title>Lumen</title><div id="root">${'<p>prerendered text</p>'.repeat(100)}</div>`;

let dist: string;
let t: TestApp;

beforeAll(async () => {
  // A built web app as `npm run build` leaves it: each text file beside its .br and .gz copies.
  dist = await mkdtemp(join(tmpdir(), 'lumen-dist-'));
  await mkdir(join(dist, 'assets'));
  for (const [path, body] of [
    ['index.html', page],
    ['assets/index-abc123.js', script],
  ] as const) {
    await writeFile(join(dist, path), body);
    await writeFile(join(dist, `${path}.br`), brotliCompressSync(body));
    await writeFile(join(dist, `${path}.gz`), gzipSync(body));
  }
  t = await buildTestApp({ config: { webDistDir: dist } });
});

afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('API responses', () => {
  it('are brotli- or gzip-compressed over 1 KB, as the client accepts, and decode to the same JSON', async () => {
    const plain = await get('/api/v1/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const brotli = await get('/api/v1/openapi.json', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gzip = await get('/api/v1/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('stay as they are under 1 KB, and errors keep their status', async () => {
    const health = await get('/api/v1/health', 'br');
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();

    const missing = await get('/api/v1/no-such-route', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false });
  });
});

describe('the built web app', () => {
  it('sends the brotli copy of a script, the gzip copy to a gzip-only client, the file itself otherwise', async () => {
    const brotli = await get('/assets/index-abc123.js', 'gzip, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends pages compressed, revalidated on every visit', async () => {
    for (const url of ['/', '/dashboard/account/profile']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
    }
  });
});

describe('request bodies', () => {
  it('are not inflated: a gzip body is refused, not expanded', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'someone@example.com', password: 'whatever-password' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
