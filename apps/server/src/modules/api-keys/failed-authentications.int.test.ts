import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { BuildTestAppOptions, TestApp } from '../../test/build-test-app.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';
import { noClientLimits } from '../limits/index.ts';

const FAILURES_ALLOWED = 5;
const LOCKED_OUT = /^Too many attempts with an invalid API key or session from your network\. Please try again in 15 minutes\.$/;

/** A key of the right form that nobody was ever given. */
const randomKey = () => `sk_live_${randomBytes(32).toString('base64url')}`;

function appWith(options: BuildTestAppOptions) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp(options);
  });
  afterAll(async () => {
    await t?.close();
  });
  return () => t!;
}

const statuses = (answers: LightMyRequestResponse[]) => {
  const count = (status: number) => answers.filter((answer) => answer.statusCode === status).length;
  return { unauthorized: count(401), tooMany: count(429), other: answers.length - count(401) - count(429) };
};

describe('failed authentications per address', () => {
  const app = appWith({
    config: { clientLimits: { ...noClientLimits, failedAuthPerIp: { max: FAILURES_ALLOWED, windowMs: 15 * 60_000 } } },
  });
  const balance = (key: string, remoteAddress: string) =>
    app().app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: xApiKey(key), remoteAddress });

  it('answers 400 random keys from one address with 5 × 401, then 429 with Retry-After before any lookup', async () => {
    const t = app();
    const lookups = vi.spyOn(t.app.apiKeys.keyRows, 'find');
    try {
      const answers: LightMyRequestResponse[] = [];
      for (let attempt = 0; attempt < 400; attempt += 1) answers.push(await balance(randomKey(), '203.0.113.50'));
      expect(statuses(answers)).toEqual({ unauthorized: FAILURES_ALLOWED, tooMany: 400 - FAILURES_ALLOWED, other: 0 });
      const refused = answers.at(-1)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(refused.json()).toMatchObject({ success: false, message: expect.stringMatching(LOCKED_OUT), error: { code: 'RATE_LIMITED' } });
      // The limit's own refusal looked the key up once more; every later one was refused from memory.
      expect(lookups).toHaveBeenCalledTimes(FAILURES_ALLOWED + 1);
    } finally {
      lookups.mockRestore();
    }
    // The locked-out address is refused even with a real key; another address is not locked out.
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token);
    expect((await balance(key.apiKey, '203.0.113.50')).statusCode).toBe(429);
    expect((await balance(key.apiKey, '203.0.113.51')).statusCode).toBe(200);
    expect((await balance(randomKey(), '203.0.113.51')).statusCode).toBe(401);
  });

  it('lets exactly 5 of 200 parallel guesses from one address be judged', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => balance(randomKey(), '203.0.113.60')));
    expect(statuses(answers)).toEqual({ unauthorized: FAILURES_ALLOWED, tooMany: 200 - FAILURES_ALLOWED, other: 0 });
  });

  it('refuses malformed keys without a lookup and without spending the address’s failures', async () => {
    const t = app();
    const lookups = vi.spyOn(t.app.apiKeys.keyRows, 'find');
    try {
      for (const malformed of ['sk_live_short', `sk_test_${randomBytes(32).toString('base64url')}`, `${randomKey()}x`, 'hello']) {
        for (let attempt = 0; attempt < 10; attempt += 1) expect((await balance(malformed, '203.0.113.70')).statusCode).toBe(401);
      }
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
    for (let attempt = 0; attempt < FAILURES_ALLOWED; attempt += 1)
      expect((await balance(randomKey(), '203.0.113.70')).statusCode).toBe(401);
    expect((await balance(randomKey(), '203.0.113.70')).statusCode).toBe(429);
  });

  it('counts unknown refresh tokens the same way; malformed ones cost nothing', async () => {
    const t = app();
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { cookie: `refreshToken=${token}` },
        remoteAddress: '203.0.113.80',
      });
    for (let attempt = 0; attempt < 20; attempt += 1) expect((await refresh(`short-${attempt}`)).statusCode).toBe(401);
    const answers: LightMyRequestResponse[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) answers.push(await refresh(randomBytes(32).toString('base64url')));
    expect(statuses(answers)).toEqual({ unauthorized: FAILURES_ALLOWED, tooMany: 50 - FAILURES_ALLOWED, other: 0 });
    expect(answers.at(-1)!.json().message).toMatch(LOCKED_OUT);
  });
});

describe('failed API keys and the global per-address limit', () => {
  const app = appWith({ config: { globalRateLimit: { max: 5, timeWindowMs: 60_000 } } });

  it('counts requests whose key matched nothing against the address (valid keys are counted per key)', async () => {
    const t = app();
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token);
    const balance = (apiKey: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: xApiKey(apiKey), remoteAddress: '198.51.100.90' });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await balance(randomKey())).statusCode).toBe(401);
    const refused = await balance(randomKey());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    const guest = await t.app.inject({ method: 'GET', url: '/api/v1/services', remoteAddress: '198.51.100.90' });
    expect(guest.statusCode).toBe(429);
    expect((await balance(key.apiKey)).statusCode).toBe(200);
  });
});
