import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccessToken, buildTestApp } from './test/build-test-app.ts';
import type { TestApp } from './test/build-test-app.ts';
import { snapshotTables } from './test/db-snapshot.ts';
import { createRandom, hostileStrings } from './test/openapi-fuzz-requests.ts';
import type { Random } from './test/openapi-fuzz-requests.ts';
import { generateKey, xApiKey } from './test/api-key-helpers.ts';
import { verifiedBuyer } from './test/card-helpers.ts';

/**
 * Every multipart route the OpenAPI document lists, sent malformed multipart bodies built from its
 * documented parts, as a user, an admin, an API key and a guest: every answer is a 4xx (never a 5xx,
 * never a success) and no table changes, but the API key's own request log.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const OVERSIZE_BYTES = 16 * 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

type Part = { name: string; filename?: string; contentType?: string; data: Buffer | string; extraHeaders?: string[] };
type Body = { defect: string; headers: Record<string, string>; payload: Buffer | string };
type MultipartRoute = { path: string; fileField: string; textFields: string[] };
type Identity = { name: string; headers: Record<string, string> };

function multipartBody(defect: string, parts: Part[], options: { boundary?: string; close?: boolean } = {}): Body {
  const boundary = options.boundary ?? `----lumenFuzz${defect.length}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const headers = [
      `Content-Disposition: ${disposition}`,
      ...(part.contentType ? [`Content-Type: ${part.contentType}`] : []),
      ...(part.extraHeaders ?? []),
    ];
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { defect, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}

function randomBytes(random: Random, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => random.int(256)));
}

/** Bodies no multipart route may accept: each misses the file, breaks the framing or sends no picture. */
function malformedBodies(route: MultipartRoute, random: Random, strings: string[]): Body[] {
  const junk = () => randomBytes(random, 1 + random.int(4096));
  const file = (data: Buffer | string, filename = 'photo.png'): Part => ({
    name: route.fileField,
    filename,
    contentType: 'image/png',
    data,
  });
  const texts = (value: () => string): Part[] => route.textFields.map((name) => ({ name, data: value() }));
  return [
    { defect: 'multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, payload: junk() },
    { defect: 'bytes that are not multipart', headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, payload: junk() },
    { defect: 'a JSON body', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ [route.fileField]: 'aGVsbG8=' }) },
    multipartBody('no parts at all', []),
    multipartBody(
      'only the text fields',
      texts(() => random.pick(strings)),
    ),
    multipartBody('the file under another field name', [{ ...file(junk()), name: `${route.fileField}_x` }, ...texts(() => 'Shirt')]),
    multipartBody('an empty file', [file(Buffer.alloc(0)), ...texts(() => 'Shirt')]),
    multipartBody('text named .png', [file('hello, this is not a picture'), ...texts(() => 'Shirt')]),
    multipartBody('a PNG signature followed by junk', [file(Buffer.concat([PNG_SIGNATURE, junk()])), ...texts(() => 'Shirt')]),
    multipartBody('two junk files in the file field', [file(junk()), file(junk()), ...texts(() => 'Shirt')]),
    multipartBody('a filename with ../ and NUL', [file(junk(), '../../etc/passwd\u0000.png'), ...texts(() => 'Shirt')]),
    multipartBody('hostile text fields', [file(junk()), ...texts(() => random.pick(strings))]),
    multipartBody('text fields too long', [file(junk()), ...texts(() => 'x'.repeat(5_000))]),
    multipartBody('a part with 300 headers', [
      { ...file(junk()), extraHeaders: Array.from({ length: 300 }, (_, i) => `X-Fuzz-${i}: ${i}`) },
    ]),
    multipartBody('no closing boundary', [file(junk()), ...texts(() => 'Shirt')], { close: false }),
    { ...multipartBody('a boundary longer than 256 characters', [file(junk())], { boundary: 'b'.repeat(300) }) },
    {
      ...multipartBody('a boundary that never appears', [file(junk())], { boundary: 'written' }),
      headers: { 'content-type': 'multipart/form-data; boundary=declared' },
    },
  ];
}

function routesOf(document: {
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content?: Record<string, { schema?: { required?: string[]; properties?: Record<string, { format?: string }> } }> } }
    >
  >;
}): MultipartRoute[] {
  const routes: MultipartRoute[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const schema = item.post?.requestBody?.content?.['multipart/form-data']?.schema;
    if (!schema?.properties) continue;
    const fields = Object.entries(schema.properties);
    const fileField = fields.find(([, property]) => property.format === 'binary')?.[0];
    if (!fileField) throw new Error(`${path} documents no file field`);
    routes.push({ path, fileField, textFields: fields.filter(([name]) => name !== fileField).map(([name]) => name) });
  }
  return routes;
}

describe('fuzzing every multipart route from the OpenAPI document', () => {
  let t: TestApp;
  let routes: MultipartRoute[];
  let identities: Identity[];

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await verifiedBuyer(t.app, t.database.db, 50);
    const key = await generateKey(t.app, user.token);
    identities = [
      { name: 'user', headers: user.headers },
      { name: 'admin', headers: { authorization: `Bearer ${await adminAccessToken(t.app)}` } },
      { name: 'api key', headers: xApiKey(key.apiKey) },
      { name: 'guest', headers: {} },
    ];
    routes = routesOf((await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json());
  }, 60_000);
  afterAll(async () => t?.close());

  it('finds the upload, avatar, blog cover and try-on catalogue routes', () => {
    expect(routes.map((route) => route.path).sort()).toEqual([
      '/api/v1/admin/blog/covers',
      '/api/v1/admin/try-on/garments',
      '/api/v1/admin/try-on/models',
      '/api/v1/uploads',
      '/api/v1/user/me/avatar',
    ]);
  });

  it('refuses every malformed body with a 4xx for every caller and changes nothing', async () => {
    const random = createRandom(SEED);
    const strings = hostileStrings(SEED);
    // A key's requests are logged, refused or not; that log is the one table allowed to change.
    const before = await snapshotTables(t, ['api_key_requests', 'api_keys']);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const body of malformedBodies(route, random, strings)) {
        for (const identity of identities) {
          const response = await t.app.inject({
            method: 'POST',
            url: route.path,
            headers: { ...body.headers, ...identity.headers },
            payload: body.payload,
          });
          sent += 1;
          if (response.statusCode < 400 || response.statusCode >= 500) {
            failures.push(
              `POST ${route.path} as ${identity.name} (${body.defect}) answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
            );
          }
        }
      }
    }
    expect(failures.join('\n')).toBe('');
    expect(sent).toBeGreaterThanOrEqual(routes.length * 16 * identities.length);
    expect(await snapshotTables(t, ['api_key_requests', 'api_keys'])).toEqual(before);
  }, 300_000);

  it('says plainly that a body cut before its closing boundary is malformed', async () => {
    const body = multipartBody('no closing boundary', [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: 'abc' }], {
      close: false,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...body.headers, ...identities[0]!.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    expect(response.json().message).toBe(
      'The multipart/form-data body is malformed (no boundary, or it ends before its closing boundary); send it again as a whole form',
    );
  });

  it('answers a file larger than any limit with 413 and a clear message, and stores nothing', async () => {
    const admin = identities[1]!;
    const before = await snapshotTables(t, ['api_key_requests', 'api_keys']);
    for (const route of routes) {
      const body = multipartBody('oversize', [
        { name: route.fileField, filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(OVERSIZE_BYTES, 7) },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: route.path,
        headers: { ...body.headers, ...admin.headers },
        payload: body.payload,
      });
      expect(response.statusCode, `${route.path}: ${response.body}`).toBe(413);
      expect(response.json().message).toMatch(/too large|at most|max/i);
    }
    expect(await snapshotTables(t, ['api_key_requests', 'api_keys'])).toEqual(before);
  }, 120_000);
});
