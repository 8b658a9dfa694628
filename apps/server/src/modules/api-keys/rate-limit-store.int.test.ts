import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { createMemoryRateLimitStore, createRedisRateLimitStore } from './rate-limit-store.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import { generateKey, verifiedUser, xApiKey } from '../../test/api-key-helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(Number(url.port || 6379), url.hostname);
  });
}

const hasRedis = await redisReachable();

describe('memory store', () => {
  it('counts within a window and starts over after it', async () => {
    let now = 1_000;
    const store = createMemoryRateLimitStore(() => now);
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetAtMs: 61_000 });
    expect((await store.hit('a', 60_000)).count).toBe(2);
    expect((await store.hit('b', 60_000)).count).toBe(1);
    now = 61_000;
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetAtMs: 121_000 });
  });
});

describe('the global per-IP limit', () => {
  it('keeps limiting JWT requests while key requests are limited per key', async () => {
    const t = await buildTestApp({ config: { globalRateLimit: { max: 5, timeWindowMs: 60_000 } } });
    try {
      const user = await verifiedUser(t.app, t.database.db);
      const key = await generateKey(t.app, user.token, { rateLimit: 8 });
      const statuses = async (headers: Record<string, string>, count: number) => {
        const codes: number[] = [];
        for (let index = 0; index < count; index += 1) {
          codes.push((await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers })).statusCode);
        }
        return codes;
      };
      expect(await statuses(xApiKey(key.apiKey), 9)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
      expect((await statuses({ authorization: `Bearer ${user.token}` }, 5)).at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!hasRedis)('Redis store (local Redis)', () => {
  const prefix = `lumen-test:${randomBytes(6).toString('hex')}:`;
  let store: RateLimitStore;
  let other: RateLimitStore;
  let t: TestApp;

  beforeAll(async () => {
    store = await createRedisRateLimitStore({ url: REDIS_URL, prefix });
    other = await createRedisRateLimitStore({ url: REDIS_URL, prefix });
    t = await buildTestApp({ apiKeys: { rateLimitStore: store } });
  });
  afterAll(async () => {
    await t.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await store.close();
    await other.close();
  });

  it('shares one window between two stores (two processes) atomically', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? store : other).hit('shared', 60_000)));
    expect(results.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(results[0]!.resetAtMs).toBeGreaterThan(Date.now() + 55_000);
  });

  it('expires the window', async () => {
    await store.hit('short', 150);
    expect((await store.hit('short', 150)).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await store.hit('short', 150)).count).toBe(1);
  });

  it('answers the 101st request in a minute on a default key with 429 and Retry-After', async () => {
    const user = await verifiedUser(t.app, t.database.db);
    const key = await generateKey(t.app, user.token);
    for (let index = 0; index < 100; index += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: xApiKey(key.apiKey) });
      expect(response.statusCode).toBe(200);
    }
    const limited = await t.app.inject({ method: 'GET', url: '/api/v1/credits/balance', headers: xApiKey(key.apiKey) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-limit']).toBe('100');
    // The count lives in Redis: another process sees it.
    expect((await other.hit(`key:${key.id}`, 60_000)).count).toBe(102);
  });
});
