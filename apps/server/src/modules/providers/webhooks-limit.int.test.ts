import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/http-helpers.ts';
import { PROVIDER_WEBHOOKS_PER_ADDRESS_PER_MINUTE } from './webhooks.routes.ts';

const { app } = appForFile();

const deliver = (remoteAddress: string) =>
  app().inject({
    method: 'POST',
    url: '/api/v1/webhooks/providers/replicate',
    payload: '{"id":"forged","status":"succeeded"}',
    headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,forged' },
    remoteAddress,
  });

describe('the provider webhook route', () => {
  it('takes at most 600 deliveries a minute from one address, also when they arrive at once; 429 with Retry-After past it', async () => {
    const answers = await Promise.all(
      Array.from({ length: PROVIDER_WEBHOOKS_PER_ADDRESS_PER_MINUTE + 100 }, () => deliver('203.0.113.40')),
    );
    // No provider is configured in this app: a delivery within the limit is judged (404), one past it is not.
    expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(PROVIDER_WEBHOOKS_PER_ADDRESS_PER_MINUTE);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(100);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]!.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect((await deliver('203.0.113.41')).statusCode).toBe(404);
  });
});
