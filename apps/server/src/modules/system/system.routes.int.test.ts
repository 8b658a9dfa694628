import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, count } from 'drizzle-orm';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultServiceCosts } from '@lumen/core/services/catalogue';
import { packageCardName } from '@lumen/core/credits/rules';
import { isCryptoOffered } from '@lumen/core/payments/crypto';
import { seedDatabase } from '../../seed.ts';
import { createPasswordHasher } from '../auth/password-hasher.ts';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { creditPackages, serviceCosts } from '../credits/tables.ts';
import { users } from '../users/tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const api = (url: string) => `/api/v1${url}`;

describe('health and readiness', () => {
  it('GET /health answers ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('/health') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('GET /ready checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('/ready') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ready' } });

    const ping = vi.spyOn(t.database, 'ping').mockResolvedValueOnce(false);
    const down = await t.app.inject({ method: 'GET', url: api('/ready') });
    ping.mockRestore();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      success: false,
      message: 'The database is not reachable',
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
  });

  it('GET /public-config has no analytics and no sign-in providers by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('/public-config') });
    expect(response.json()).toEqual({ success: true, data: { analytics: null, oauthProviders: [] } });
  });
});

describe('request handling', () => {
  it('gives every response a request id, keeping a sane incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: api('/health') });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: api('/health'), headers: { 'x-request-id': 'proxy-id-12345' } });
    expect(kept.headers['x-request-id']).toBe('proxy-id-12345');
    const replaced = await t.app.inject({ method: 'GET', url: api('/health'), headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', api('/nope')],
      ['POST', api('/auth/nope')],
      ['GET', '/api/v2/health'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers a known API path asked with another method 405, with the methods it takes in Allow', async () => {
    const me = await t.app.inject({ method: 'DELETE', url: api('/user/me') });
    expect(me.statusCode).toBe(405);
    expect(me.headers.allow).toBe('GET, HEAD, PUT');
    expect(me.json()).toEqual({
      success: false,
      message: 'DELETE is not allowed on /api/v1/user/me; it takes GET, HEAD, PUT',
      error: { code: 'METHOD_NOT_ALLOWED' },
    });
    const job = await t.app.inject({ method: 'PUT', url: api('/jobs/0b5c1f4e-8f3e-4a57-9d43-3c1e1e0d7f11?x=1') });
    expect(job.statusCode).toBe(405);
    expect(job.headers.allow).toBe('DELETE, GET, HEAD');
  });

  it('answers a path the router refuses in the failure envelope: a bad percent-encoding 400, a too long value 414', async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: api('/jobs/%E0%A4%A') });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    const tooLong = await t.app.inject({ method: 'GET', url: api(`/jobs/${'x'.repeat(1001)}`) });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      success: false,
      message: 'A value in the address is too long (at most 1000 characters)',
      error: { code: 'BAD_REQUEST' },
    });
  });

  it('answers malformed JSON with 400 and keeps the connection open (the whole body was read)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('/auth/login'),
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'The request body is not valid JSON', error: { code: 'BAD_REQUEST' } });
    expect(response.headers.connection).toBe('keep-alive');
  });

  it('answers a prototype-poisoning body with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('/auth/login'),
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","password":"x","__proto__":{"role":"ADMIN"}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers a non-object body with 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: api('/auth/register'),
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x'])(
    'answers Content-Type %s with 415',
    async (contentType) => {
      const response = await t.app.inject({
        method: 'POST',
        url: api('/auth/login'),
        headers: { 'content-type': contentType },
        payload: 'email=a@example.com&password=x',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    },
  );

  it('answers a body over 1 MB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('/auth/register'),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(1024 * 1024 + 10), lastName: 'y', email: 'a@example.com', password: 'abc12345' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      message: 'The request body is too large (max 1 MB)',
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  /** A Content-Security-Policy header as its directives, each with its sources. */
  const policyOf = (header: unknown) =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values];
        }),
    );

  it("sends pages the SPA's security headers and CSP", async () => {
    // Headers go on in onRequest, before routing: a page's answer (here the fallback without a built web app) has them.
    const response = await t.app.inject({ method: 'GET', url: '/company/pricing' });
    const directives = policyOf(response.headers['content-security-policy']);
    // Stripe.js, its frames and its API (the card dialog), and nothing that runs inline script.
    expect(directives['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(directives['frame-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]);
    expect(directives['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directives['script-src-attr']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends API answers, errors included, a policy that lets nothing load or run but same-origin images and media', async () => {
    for (const url of [api('/health'), api('/no/such/route'), api('/credits/packages')]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(policyOf(response.headers['content-security-policy']), url).toEqual({
        'default-src': ["'none'"],
        'img-src': ["'self'"],
        'media-src': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Headers that only mean something on a page are not sent.
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(response.headers['x-dns-prefetch-control'], url).toBeUndefined();
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("sends the test-mode checkout page, an HTML page under the API, the SPA's policy", async () => {
    const response = await t.app.inject({ method: 'GET', url: api(`/payment/test-mode/checkout/cs_test_${'0'.repeat(24)}`) });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    const directives = policyOf(response.headers['content-security-policy']);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('OpenAPI', () => {
  it('serves the 3.1 document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('/openapi.json') });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/refresh',
      '/api/v1/auth/logout',
      '/api/v1/user/me',
      '/api/v1/user/me/avatar',
      '/api/v1/health',
      '/api/v1/ready',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
    expect(document.paths['/api/v1/openapi.json']).toBeUndefined();
    const register = document.paths['/api/v1/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'password']),
    );
    expect(register.responses).toHaveProperty(['201']);
    expect(register.responses).toHaveProperty(['409']);
  });

  it('names every operation (unique operationId) and states its security: [] for public ones, an API key scheme where keys work', async () => {
    const document = (await t.app.inject({ method: 'GET', url: api('/openapi.json') })).json();
    expect(document.servers).toEqual([{ url: t.config.publicUrl }]);
    const operations = Object.values(document.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap((item) =>
      Object.values(item),
    );
    expect(operations.length).toBeGreaterThan(180);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((operation) => !Array.isArray(operation.security))).toEqual([]);
    const byId = (id: string) => operations.find((operation) => operation.operationId === id)!;
    expect(byId('auth.login').security).toEqual([]);
    expect(byId('jobs.create').security).toEqual(expect.arrayContaining([{ apiKeyBearer: [] }, { apiKeyHeader: [] }]));
    expect(byId('admin.users.list').security).toEqual([{ bearerAuth: [] }]);
  });

  it('documents every failure as the JSON envelope, also on routes whose success is CSV, a zip, a file or an event stream', async () => {
    const document = (await t.app.inject({ method: 'GET', url: api('/openapi.json') })).json();
    const exportCsv = document.paths['/api/v1/admin/analytics/export'].get.responses;
    expect(Object.keys(exportCsv['200'].content)).toEqual(['text/csv']);
    for (const [path, method] of [
      ['/api/v1/admin/analytics/export', 'get'],
      ['/api/v1/admin/newsletter/subscribers/export', 'get'],
      ['/api/v1/user/me/export', 'post'],
      ['/api/v1/jobs/{id}/events', 'get'],
      ['/api/v1/files/{token}', 'get'],
    ] as const) {
      const responses = document.paths[path][method].responses as Record<string, { content?: Record<string, { schema: unknown }> }>;
      const failures = Object.entries(responses).filter(([status]) => Number(status) >= 400 && status !== '416');
      expect(failures.length, path).toBeGreaterThan(1);
      for (const [status, response] of failures) {
        expect(Object.keys(response.content ?? {}), `${path} ${status}`).toEqual(['application/json']);
        expect(response.content!['application/json']!.schema).toMatchObject({ required: ['success', 'message', 'error'] });
      }
    }
    // Every route that takes a JSON body can answer 413 and 415; every /api route 429 with Retry-After.
    const login = document.paths['/api/v1/auth/login'].post.responses;
    expect(login).toHaveProperty(['413']);
    expect(login).toHaveProperty(['415']);
    expect(login['429'].headers['Retry-After']).toBeDefined();
  });

  it('gives an example of every JSON request body and of the API-key responses, and every example matches its schema', async () => {
    const document = (await t.app.inject({ method: 'GET', url: api('/openapi.json') })).json();
    const jobsCreate = document.paths['/api/v1/jobs'].post.requestBody.content['application/json'];
    expect(Object.keys(jobsCreate.examples)).toHaveLength(6);
    type Operation = { operationId: string; requestBody?: { content?: Record<string, { example?: unknown; examples?: unknown }> } };
    const bodiesWithoutExample = Object.values(document.paths as Record<string, Record<string, Operation>>)
      .flatMap((item) => Object.values(item))
      .filter((operation) => {
        const json = operation.requestBody?.content?.['application/json'];
        return json && !json.example && !json.examples;
      })
      .map((operation) => operation.operationId);
    expect(bodiesWithoutExample).toEqual([]);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const checked: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((child, index) => visit(child, `${where}/${index}`));
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (record.schema && typeof record.schema === 'object') {
        const examples = record.examples ? Object.values(record.examples as Record<string, { value: unknown }>).map((e) => e.value) : [];
        if ('example' in record) examples.push(record.example);
        for (const example of examples) {
          const validate = ajv.compile(record.schema as object);
          expect(validate(example), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
          checked.push(where);
        }
      }
      if (Array.isArray(record.examples) && (record.type || record.properties || record.oneOf)) {
        const { examples, ...schema } = record;
        for (const example of examples as unknown[]) {
          const validate = ajv.compile(schema);
          expect(validate(example), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
          checked.push(where);
        }
      }
      for (const [key, child] of Object.entries(record)) visit(child, `${where}/${key}`);
    };
    visit(document.paths, '#/paths');
    expect(checked.some((where) => where.includes('/api/v1/jobs/{id}/get'))).toBe(true);
    expect(checked.length).toBeGreaterThan(10);
  });

  it('describes the parts of every multipart body: the file field as binary and the text fields with their rules', async () => {
    const document = (await t.app.inject({ method: 'GET', url: api('/openapi.json') })).json();
    const multipartOf = (path: string) => document.paths[path].post.requestBody?.content['multipart/form-data']?.schema;

    const upload = multipartOf('/api/v1/uploads');
    expect(upload.required).toEqual(['file']);
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload.properties.purpose).toMatchObject({ enum: ['image', 'transcript'], default: 'image' });

    expect(multipartOf('/api/v1/user/me/avatar')).toMatchObject({
      required: ['profileImage'],
      properties: { profileImage: { format: 'binary' } },
    });
    expect(multipartOf('/api/v1/admin/blog/covers')).toMatchObject({ required: ['file'] });
    const garment = multipartOf('/api/v1/admin/try-on/garments');
    expect(garment.required).toEqual(['image', 'name', 'category']);
    expect(garment.properties.name).toMatchObject({ type: 'string', maxLength: 100 });
  });
});

describe('seed', () => {
  it('creates the service costs, the credit packages in order and the admin, idempotently', async () => {
    const costs = await t.database.db.select().from(serviceCosts);
    expect(Object.fromEntries(costs.map((row) => [row.serviceKey, row.cost]))).toEqual(defaultServiceCosts);

    const packages = await t.database.db.select().from(creditPackages).orderBy(asc(creditPackages.sortOrder));
    const asListed = packages.map((pkg) => ({
      id: pkg.id,
      price: pkg.priceCents / 100,
      creditsAmount: pkg.creditsAmount,
      isActive: pkg.isActive,
    }));
    expect(asListed.map((pkg) => [pkg.price, pkg.creditsAmount])).toEqual([
      [5, 20],
      [9, 50],
      [19, 120],
      [49, 350],
    ]);
    expect(asListed.map((pkg, index) => packageCardName(pkg, index))).toEqual(['20 Credits', 'Pro', 'Plus', '350 Credits']);
    expect(asListed.some((pkg) => isCryptoOffered('CREDIT_PURCHASE', pkg.price))).toBe(true);

    const login = await t.app.inject({
      method: 'POST',
      url: api('/auth/login'),
      payload: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    // The first admin starts verified: it can buy credits and make API keys without a code from its mailbox.
    expect(login.json().data.user).toMatchObject({ role: 'ADMIN', emailVerified: true, credit: { balance: 0, spent: 0 } });

    const countAll = async () => {
      const [userRows] = await t.database.db.select({ total: count() }).from(users);
      const [packageRows] = await t.database.db.select({ total: count() }).from(creditPackages);
      return [Number(userRows?.total), Number(packageRows?.total)];
    };
    const before = await countAll();
    const print = vi.fn();
    await seedDatabase({
      db: t.database.db,
      hasher: createPasswordHasher({ isCheap: true }),
      adminEmail: undefined,
      adminPassword: undefined,
      print,
    });
    expect(await countAll()).toEqual(before);
    expect(print).not.toHaveBeenCalled();
  });
});

describe('with the web app built, analytics and the global rate limit', () => {
  let dist: string;
  let web: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'lumen-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Lumen</title><div id="root"></div>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(dist, 'meta.json'), '{"version":"v1"}');
    await mkdir(join(dist, 'main'));
    await writeFile(join(dist, 'main', 'backdrop.avif'), Buffer.from([0, 0, 0, 28]));
    web = await buildTestApp({
      config: {
        webDistDir: dist,
        analytics: { scriptUrl: 'https://plausible.example.com/js/script.js', domain: 'lumen.example' },
        globalRateLimit: { max: 5, timeWindowMs: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await web?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html for pages, with no-cache', async () => {
    for (const url of ['/', '/dashboard/account/profile', '/company/blogs/some-post', '/no/such/page']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets forever and revalidates meta.json', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const picture = await web.app.inject({ method: 'GET', url: '/main/backdrop.avif' });
    expect(picture.headers['content-type']).toBe('image/avif');
    expect(picture.headers['cache-control']).toBe('public, max-age=86400');
    const meta = await web.app.inject({ method: 'GET', url: '/meta.json?t=123' });
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['cache-control']).toBe('no-cache');
    expect(meta.json()).toEqual({ version: 'v1' });
    expect((await web.app.inject({ method: 'GET', url: '/assets/missing-zzz.js' })).statusCode).toBe(404);
  });

  it('keeps /api and /uploads out of the fallback', async () => {
    const apiMiss = await web.app.inject({ method: 'GET', url: api('/nope') });
    expect(apiMiss.statusCode).toBe(404);
    expect(apiMiss.json().success).toBe(false);
    expect((await web.app.inject({ method: 'GET', url: '/uploads/avatars/x.webp' })).statusCode).toBe(404);
  });

  it("adds the analytics origin to the pages' CSP and the public config", async () => {
    const response = await web.app.inject({ method: 'GET', url: api('/public-config') });
    expect(response.json().data).toEqual({
      analytics: { scriptUrl: 'https://plausible.example.com/js/script.js', domain: 'lumen.example' },
      oauthProviders: [],
    });
    const page = await web.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com https://plausible.example.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com https://plausible.example.com");
  });

  it('answers 429 with Retry-After once an IP passes the global limit', async () => {
    const hit = () => web.app.inject({ method: 'GET', url: api('/health'), remoteAddress: '10.9.9.9' });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await hit()).statusCode);
    expect(statuses.slice(0, 5).every((status) => status === 200)).toBe(true);
    const limited = await hit();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(limited.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    // Pages are not counted.
    expect((await web.app.inject({ method: 'GET', url: '/', remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
  });
});

describe('without the web app built', () => {
  it('GET / says how to build it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('npm run build');
  });
});
