import { describe, expect, it } from 'vitest';
import { createLoginThrottle, createMemoryAttemptStore, defaultLoginThrottleOptions } from './login-throttle.ts';

describe('login throttle', () => {
  it('slows repeated failures, then refuses until the window ends', async () => {
    let now = 1_000_000;
    const clock = () => now;
    const throttle = createLoginThrottle(createMemoryAttemptStore(clock), defaultLoginThrottleOptions, clock);
    const delays: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await throttle.retryAfterSeconds('a@example.com', '1.1.1.1')).toBeNull();
      delays.push(await throttle.recordFailure('A@example.com', '1.1.1.1'));
    }
    expect(delays).toEqual([0, 250, 500, 750, 1000]);
    expect(await throttle.retryAfterSeconds('a@example.com', '2.2.2.2')).toBe(15 * 60);
    now += 14 * 60 * 1000;
    expect(await throttle.retryAfterSeconds('a@example.com', '2.2.2.2')).toBe(60);
    now += 60 * 1000;
    expect(await throttle.retryAfterSeconds('a@example.com', '2.2.2.2')).toBeNull();
  });

  it('counts failures per IP across e-mails', async () => {
    const throttle = createLoginThrottle(createMemoryAttemptStore());
    for (let attempt = 0; attempt < 30; attempt += 1) await throttle.recordFailure(`u${attempt}@example.com`, '3.3.3.3');
    expect(await throttle.retryAfterSeconds('fresh@example.com', '3.3.3.3')).toBeGreaterThan(0);
    expect(await throttle.retryAfterSeconds('fresh@example.com', '4.4.4.4')).toBeNull();
  });

  it('forgets the e-mail counter after a success', async () => {
    const throttle = createLoginThrottle(createMemoryAttemptStore());
    for (let attempt = 0; attempt < 4; attempt += 1) await throttle.recordFailure('b@example.com', '5.5.5.5');
    await throttle.recordSuccess('b@example.com');
    await throttle.recordFailure('b@example.com', '5.5.5.5');
    expect(await throttle.retryAfterSeconds('b@example.com', '5.5.5.5')).toBeNull();
  });

  it('keeps memory bounded', async () => {
    const store = createMemoryAttemptStore(Date.now, 10);
    for (let index = 0; index < 50; index += 1) await store.increment(`k${index}`, 60_000);
    expect(await store.get('k0')).toBeNull();
    expect(await store.get('k49')).not.toBeNull();
  });
});
