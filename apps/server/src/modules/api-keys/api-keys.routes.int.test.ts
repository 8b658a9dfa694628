import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeyMessages } from '@lumen/core/api-keys/schemas';
import { TEST_ADMIN_EMAIL, adminAccessToken, buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { expectLedgerInvariant } from '../../test/credit-helpers.ts';
import { bearer, registerUser } from '../../test/http-helpers.ts';
import { noisePng, salesPilotJob, submitJob, uploadFile } from '../../test/job-helpers.ts';
import { creditLedger } from '../credits/tables.ts';
import { jobs } from '../jobs/tables.ts';
import { users } from '../users/tables.ts';
import { hashApiKey } from './key-secrets.ts';
import { apiKeys } from './tables.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('key management', () => {
  it('generates a key shown once, stores only its hash, lists it newest first', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const first = await generateKey(t.app, user.token, { name: '  First  ' });
    expect(first.apiKey).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(first.keyPrefix).toBe(first.apiKey.slice(0, 16));
    expect(first).toMatchObject({
      name: 'First',
      status: 'active',
      isActive: true,
      rateLimit: 100,
      allowedServices: null,
      webhookSecret: null,
    });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, first.id));
    expect(row!.keyHash).toBe(hashApiKey(first.apiKey));
    expect(JSON.stringify(row)).not.toContain(first.apiKey);
    const second = await generateKey(t.app, user.token, { name: 'Second', rateLimit: 5 });
    const list = await get('/api-keys', bearer(user.token));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((key: { id: string }) => key.id)).toEqual([second.id, first.id]);
    expect(list.body).not.toContain(first.apiKey);
    expect((await get(`/api-keys/${first.id}`, bearer(user.token))).json().data.keyPrefix).toBe(first.keyPrefix);
  });

  it('requires a verified e-mail to generate', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys/generate',
      headers: bearer(user.accessToken),
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Please verify your email address first');
  });

  it('answers 400 to bad input on every route', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys/generate',
        headers: bearer(user.token),
        payload: payload as Record<string, unknown>,
      });
    const blank = await post({ name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(apiKeyMessages.nameRequired);
    for (const bad of [
      { name: 'a', rateLimit: 0 },
      { name: 'a', rateLimit: 5000 },
      { name: 'a', allowedServices: ['x'] },
      { name: 'a', monthlyCreditCap: -1 },
      { name: 'a', webhookUrl: 'http://example.com/hook' },
      { name: 'a', extra: 1 },
      { name: 'a', expiresAt: '0030-01-01T00:00:00Z' },
      { name: 'a', ipAllowList: ['10.0.0.0/33'] },
    ]) {
      expect((await post(bad)).statusCode).toBe(400);
    }
    for (const [method, url] of [
      ['GET', '/api-keys/nope'],
      ['PUT', '/api-keys/nope/revoke'],
      ['DELETE', '/api-keys/nope'],
      ['GET', '/api-keys/nope/usage'],
      ['POST', '/api-keys/nope/regenerate'],
      ['POST', '/api-keys/nope/roll'],
    ] as const) {
      expect((await t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user.token) })).statusCode).toBe(400);
    }
    const key = await generateKey(t.app, user.token);
    expect((await get(`/api-keys/${key.id}/usage?days=0`, bearer(user.token))).statusCode).toBe(400);
  });

  it("hides another user's keys (404)", async () => {
    const a = await verifiedUser(t.app, t.database.db);
    const b = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, a.token);
    expect((await get(`/api-keys/${key.id}`, bearer(b.token))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/api-keys/${key.id}/revoke`, headers: bearer(b.token) })).statusCode).toBe(
      404,
    );
    expect((await get(`/api-keys/${crypto.randomUUID()}`, bearer(a.token))).statusCode).toBe(404);
  });
});

describe('key authentication', () => {
  it('works on programmatic routes by Bearer and X-API-Key, with RateLimit headers', async () => {
    const user = await verifiedUser(t.app, t.database.db, 7);
    const key = await generateKey(t.app, user.token);
    const byBearer = await get('/credits/balance', bearer(key.apiKey));
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().data.balance).toBe(7);
    expect(byBearer.headers['ratelimit-limit']).toBe('100');
    expect(byBearer.headers['ratelimit-remaining']).toBe('99');
    expect(Number(byBearer.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect((await get('/credits/history', xApiKey(key.apiKey))).statusCode).toBe(200);
    const services = await get('/services', xApiKey(key.apiKey));
    expect(services.json().data[1].usesLeft).toBe(7);
  });

  it('never reaches account, key-management or admin routes (403)', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token);
    for (const [method, url] of [
      ['GET', '/user/me'],
      ['GET', '/auth/sessions'],
      ['GET', '/api-keys'],
      ['POST', '/api-keys/generate'],
      ['GET', `/api-keys/${key.id}`],
      ['PUT', `/api-keys/${key.id}/revoke`],
      ['GET', '/admin/users'],
      ['GET', '/credits/usage-history'],
      ['GET', '/health'],
      ['GET', '/credits/packages'],
    ] as const) {
      for (const headers of [bearer(key.apiKey), xApiKey(key.apiKey)]) {
        const response = await t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers,
          payload: method === 'POST' ? { name: 'x' } : undefined,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe(apiKeyMessages.notAllowedHere);
      }
    }
  });

  it('answers 401 to unknown, malformed, revoked and deleted keys at once', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    expect((await get('/credits/balance', xApiKey('sk_live_nope'))).statusCode).toBe(401);
    expect((await get('/credits/balance', xApiKey(`sk_live_${'A'.repeat(43)}`))).statusCode).toBe(401);
    expect((await get('/services', xApiKey('sk_live_nope'))).statusCode).toBe(401);
    const revoked = await generateKey(t.app, user.token);
    expect((await get('/credits/balance', xApiKey(revoked.apiKey))).statusCode).toBe(200);
    const revoke = await t.app.inject({ method: 'PUT', url: `/api/v1/api-keys/${revoked.id}/revoke`, headers: bearer(user.token) });
    expect(revoke.json()).toMatchObject({ message: 'API key revoked successfully', data: { status: 'revoked', isActive: false } });
    const after = await get('/credits/balance', xApiKey(revoked.apiKey));
    expect(after.statusCode).toBe(401);
    const deleted = await generateKey(t.app, user.token);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${deleted.id}`, headers: bearer(user.token) })).statusCode).toBe(
      200,
    );
    expect((await get('/credits/balance', bearer(deleted.apiKey))).statusCode).toBe(401);
    expect((await get('/api-keys', bearer(user.token))).json().data.map((key: { id: string }) => key.id)).not.toContain(deleted.id);
  });

  it("keeps user A's key away from user B's jobs and files (404)", async () => {
    const a = await verifiedUser(t.app, t.database.db, 5);
    const b = await verifiedUser(t.app, t.database.db, 5);
    const keyA = await generateKey(t.app, a.token);
    const jobB = (await submitJob(t.app, b.token, salesPilotJob)).json().data;
    expect((await get(`/jobs/${jobB.id}`, xApiKey(keyA.apiKey))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/jobs/${jobB.id}`, headers: xApiKey(keyA.apiKey) })).statusCode).toBe(404);
    expect((await get('/jobs', xApiKey(keyA.apiKey))).json().data.items).toEqual([]);
    const uploadB = (await uploadFile(t.app, b.token, { name: 'b.png', type: 'image/png', data: await noisePng() })).json().data;
    const job = await submitJob(t.app, keyA.apiKey, {
      service: 'ai-background',
      params: { mode: 'transparent' },
      files: { image: uploadB.id },
    });
    expect(job.statusCode, job.body).toBe(404);
  });

  it('regenerate revokes the old key at once; the new one works and keeps name and limits', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const old = await generateKey(t.app, user.token, { name: 'CI', rateLimit: 50, webhookUrl: 'https://hooks.example.com/x' });
    expect(old.webhookSecret).toMatch(/^whsec_/);
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/api-keys/${old.id}/regenerate`, headers: bearer(user.token) });
    expect(response.statusCode).toBe(201);
    const fresh = response.json().data;
    expect(response.json().message).toBe('API key regenerated successfully!');
    expect(fresh).toMatchObject({ name: 'CI', rateLimit: 50, status: 'active', webhookUrl: 'https://hooks.example.com/x' });
    expect(fresh.apiKey).not.toBe(old.apiKey);
    expect((await get('/credits/balance', xApiKey(old.apiKey))).statusCode).toBe(401);
    expect((await get('/credits/balance', xApiKey(fresh.apiKey))).statusCode).toBe(200);
    expect((await get(`/api-keys/${old.id}`, bearer(user.token))).json().data.status).toBe('revoked');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/api-keys/${old.id}/regenerate`, headers: bearer(user.token) })).statusCode,
    ).toBe(409);
  });
});

describe('jobs by key', () => {
  it('records the key, charges the owner, counts usage; the same Idempotency-Key 10 times makes one job', async () => {
    const user = await verifiedUser(t.app, t.database.db, 10);
    const key = await generateKey(t.app, user.token);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => submitJob(t.app, key.apiKey, salesPilotJob, { 'idempotency-key': 'key-idem-1' })),
    );
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    const ids = new Set(responses.map((response) => response.json().data.id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db.select().from(jobs).where(eq(jobs.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.apiKeyId).toBe(key.id);
    const charges = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(charges.filter((entry) => entry.kind === 'job_charge')).toHaveLength(1);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(9);
    const usage = await get(`/api-keys/${key.id}/usage?days=7`, bearer(user.token));
    expect(usage.statusCode).toBe(200);
    const data = usage.json().data;
    expect(data).toMatchObject({ totalRequests: 10, errors: 0, creditsUsed: 1, creditsUsedThisMonth: 1 });
    expect(data.perDay).toHaveLength(7);
    expect(data.perDay[6]).toMatchObject({ requests: 10, credits: 1 });
    expect(data.perEndpoint).toEqual([{ method: 'POST', route: '/api/v1/jobs', requests: 10, errors: 0 }]);
    expect(data.lastUsedAt).not.toBeNull();
    expect((await get('/jobs', bearer(user.token))).json().data.items[0].id).toBe([...ids][0]);
  });

  it('the same Idempotency-Key on POST /uploads returns the first upload', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token);
    const file = { name: 'a.png', type: 'image/png', data: await noisePng() };
    const first = await uploadFile(t.app, key.apiKey, file, { headers: { 'idempotency-key': 'up-1' } });
    const again = await uploadFile(t.app, key.apiKey, file, { headers: { 'idempotency-key': 'up-1' } });
    expect(first.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses services outside allowedServices (403) and jobs past the monthly cap (402), also after regenerate', async () => {
    const user = await verifiedUser(t.app, t.database.db, 50);
    const key = await generateKey(t.app, user.token, { allowedServices: ['sales-pilot'], monthlyCreditCap: 2 });
    const other = await submitJob(t.app, key.apiKey, { service: 'image-generator', params: { prompt: 'a red fox' }, files: {} });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(apiKeyMessages.serviceNotAllowed);
    expect((await submitJob(t.app, key.apiKey, salesPilotJob)).statusCode).toBe(201);
    expect((await submitJob(t.app, key.apiKey, salesPilotJob)).statusCode).toBe(201);
    const capped = await submitJob(t.app, key.apiKey, salesPilotJob);
    expect(capped.statusCode).toBe(402);
    expect(capped.json().message).toBe(apiKeyMessages.monthlyCapReached);
    const fresh = (await t.app.inject({ method: 'POST', url: `/api/v1/api-keys/${key.id}/regenerate`, headers: bearer(user.token) })).json()
      .data;
    expect(fresh.creditsUsedThisMonth).toBe(2);
    expect(fresh.creditsUsed).toBe(0);
    expect((await submitJob(t.app, fresh.apiKey, salesPilotJob)).statusCode).toBe(402);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(48);
    // The owner's own session is not bound by the key's cap.
    expect((await submitJob(t.app, user.token, salesPilotJob)).statusCode).toBe(201);
  });

  it('lets parallel submissions pass the cap only up to it', async () => {
    const user = await verifiedUser(t.app, t.database.db, 50);
    const key = await generateKey(t.app, user.token, { monthlyCreditCap: 3 });
    const responses = await Promise.all(Array.from({ length: 8 }, () => submitJob(t.app, key.apiKey, salesPilotJob)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 402)).toHaveLength(5);
    expect(await expectLedgerInvariant(t.database.db, user.id)).toBe(47);
  });
});

describe('rate limit (in memory)', () => {
  it('answers the 101st request in a minute with 429 and Retry-After', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token);
    for (let index = 0; index < 100; index += 1) {
      const response = await get('/credits/balance', xApiKey(key.apiKey));
      expect(response.statusCode).toBe(200);
    }
    const limited = await get('/credits/balance', xApiKey(key.apiKey));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    // JWT requests of the same user are not limited by the key.
    expect((await get('/credits/balance', bearer(user.token))).statusCode).toBe(200);
  });
});

describe('admin token', () => {
  it('an admin key is a plain user key (no admin routes)', async () => {
    const token = await adminAccessToken(t.app);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, TEST_ADMIN_EMAIL));
    const key = await generateKey(t.app, token);
    expect((await get('/admin/users', xApiKey(key.apiKey))).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the security schemes and which operations take a key', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearerAuth', 'apiKeyBearer', 'apiKeyHeader']);
    expect(document.components.securitySchemes.apiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const takesKey = (path: string, method: string) =>
      (document.paths[path][method].security as Record<string, unknown>[]).some((entry) => 'apiKeyHeader' in entry);
    for (const [path, method] of [
      ['/api/v1/jobs', 'post'],
      ['/api/v1/uploads', 'post'],
      ['/api/v1/credits/balance', 'get'],
      ['/api/v1/services', 'get'],
      ['/api/v1/jobs/{id}/events', 'get'],
    ]) {
      expect(takesKey(path!, method!), `${method} ${path}`).toBe(true);
    }
    expect(takesKey('/api/v1/api-keys', 'get')).toBe(false);
    expect(document.paths['/api/v1/api-keys/generate'].post.tags).toEqual(['api-keys']);
    const generateBody = JSON.stringify(document.paths['/api/v1/api-keys/generate'].post.requestBody);
    expect(generateBody).toContain('expiresAt');
    expect(generateBody).toContain('ipAllowList');
    const roll = document.paths['/api/v1/api-keys/{id}/roll'].post;
    expect(JSON.stringify(roll.requestBody)).toContain('"enum":["none","1h","24h","7d"]');
    expect(JSON.stringify(roll.responses['201'])).toContain('previousKeyExpiresAt');
  });
});
