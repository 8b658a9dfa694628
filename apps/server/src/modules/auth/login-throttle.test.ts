import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDatabase } from '../../test/build-test-app.ts';
import { createLoginThrottle, defaultLoginThrottleOptions } from './login-throttle.ts';
import type { LoginThrottle } from './login-throttle.ts';

let database: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
let now = new Date('2026-11-25T12:00:00Z');
let throttle: LoginThrottle;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
  throttle = createLoginThrottle({ db: database.db, clock: () => now });
});
afterAll(async () => {
  await database?.close();
});

async function fail(email: string, ip: string, device: string | null = null) {
  const attempt = await throttle.begin(email, ip, device);
  if ('retryAfterSeconds' in attempt) return attempt;
  return { delayMs: attempt.failed() };
}

describe('login throttle', () => {
  it('slows repeated failures from unknown devices, then refuses the account until the window ends', async () => {
    const results = [];
    for (let attempt = 0; attempt < 6; attempt += 1) results.push(await fail('A@example.com', `1.1.1.${attempt}`));
    expect(results.slice(0, 5)).toEqual([{ delayMs: 0 }, { delayMs: 250 }, { delayMs: 500 }, { delayMs: 750 }, { delayMs: 1000 }]);
    expect(results[5]).toEqual({ retryAfterSeconds: 15 * 60 });
    now = new Date(now.getTime() + 15 * 60 * 1000);
    expect(await fail('a@example.com', '2.2.2.2')).toEqual({ delayMs: 0 });
  });

  it('judges at most 5 of 200 parallel guesses at one account', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, index) => fail('b@example.com', `3.3.${index % 250}.1`)));
    expect(results.filter((result) => 'delayMs' in result)).toHaveLength(5);
  });

  it('counts failures per IP across accounts', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1) expect(await fail(`u${attempt}@example.com`, '4.4.4.4')).toHaveProperty('delayMs');
    expect(await fail('fresh@example.com', '4.4.4.4')).toHaveProperty('retryAfterSeconds');
    expect(await fail('fresh@example.com', '5.5.5.5')).toHaveProperty('delayMs');
  });

  it('lets a device cookie through while the account is locked for everyone else, until that device fails 5 times', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await fail('c@example.com', '6.6.6.6');
    expect(await fail('c@example.com', '6.6.6.6')).toHaveProperty('retryAfterSeconds');
    const trusted = await throttle.begin('c@example.com', '6.6.6.6', 'device-1');
    expect(trusted).toHaveProperty('succeeded');
    if ('succeeded' in trusted) await trusted.succeeded();
    for (let attempt = 0; attempt < defaultLoginThrottleOptions.maxFailuresPerDevice; attempt += 1) {
      expect(await fail('c@example.com', '6.6.6.6', 'device-1')).toEqual({ delayMs: 0 });
    }
    // Its trust used up, the device is judged as an unknown one, and the account is locked for those.
    expect(await fail('c@example.com', '6.6.6.6', 'device-1')).toHaveProperty('retryAfterSeconds');
    expect(await throttle.begin('c@example.com', '6.6.6.6', 'device-2')).toHaveProperty('succeeded');
  });

  it('does not count an attempt whose password was right', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) await fail('d@example.com', '7.7.7.7');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const right = await throttle.begin('d@example.com', '7.7.7.7', null);
      if (!('succeeded' in right)) throw new Error('refused');
      await right.succeeded();
    }
    expect(await fail('d@example.com', '7.7.7.7')).toHaveProperty('delayMs');
    expect(await fail('d@example.com', '7.7.7.7')).toHaveProperty('retryAfterSeconds');
  });
});
