import { describe, expect, it } from 'vitest';
import { SECRET_RETRY_FIRST_MS, SECRET_RETRY_MAX_MS, createWebhookSecretSource } from './webhook-secret-source.ts';

describe('a webhook secret read from the provider', () => {
  it('reads once for 20 deliveries at once, then keeps the secret', async () => {
    let reads = 0;
    const source = createWebhookSecretSource(async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 'whsec_kept';
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => source.get()));
    expect(answers.every((answer) => answer.ok && answer.secret === 'whsec_kept')).toBe(true);
    expect(await source.get()).toEqual({ ok: true, secret: 'whsec_kept' });
    expect(reads).toBe(1);
  });

  it('keeps a failure: no read until its wait ends, which doubles with each failure up to 5 minutes', async () => {
    let now = 0;
    let reads = 0;
    let provider: 'down' | 'up' = 'down';
    const source = createWebhookSecretSource(
      async () => {
        reads += 1;
        if (provider === 'down') throw new Error('Replicate answered 503');
        return 'whsec_back';
      },
      () => now,
    );
    const refused = { ok: false, reason: 'could not read the webhook secret: Replicate answered 503' };

    expect(await Promise.all(Array.from({ length: 50 }, () => source.get()))).toEqual(Array(50).fill(refused));
    expect(reads).toBe(1);
    now += SECRET_RETRY_FIRST_MS - 1;
    expect(await source.get()).toEqual(refused);
    expect(reads).toBe(1);

    let wait = SECRET_RETRY_FIRST_MS;
    for (let failure = 2; failure <= 10; failure += 1) {
      now += wait;
      expect(await source.get()).toEqual(refused);
      expect(reads).toBe(failure);
      wait = Math.min(SECRET_RETRY_MAX_MS, wait * 2);
      now += wait - 1;
      expect(await source.get()).toEqual(refused);
      expect(reads).toBe(failure);
      now -= wait - 1;
    }
    expect(wait).toBe(SECRET_RETRY_MAX_MS);

    provider = 'up';
    now += wait;
    expect(await source.get()).toEqual({ ok: true, secret: 'whsec_back' });
    expect(await source.get()).toEqual({ ok: true, secret: 'whsec_back' });
    expect(reads).toBe(11);
  });
});
