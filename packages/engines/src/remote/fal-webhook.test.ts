import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFalQueue } from './fal-client.ts';
import type { FalSettings } from './fal-client.ts';
import { falSigningKeys, serveFal, signFalDelivery } from './fake-fal.ts';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeServer } from './fake-provider-server.ts';
import type { QueueClient } from './provider-queue.ts';

const KEY = 'fal-key';
const MODEL = 'test-ai/flux/schnell';
const REQUEST_ID = '764cabcf-b745-4b3e-ae38-1200304cf45b';
const now = new Date('2026-11-25T10:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);
const keys = falSigningKeys();
let server: FakeServer;
let jwks: { keys: unknown[] };
let client: QueueClient;

const okBody = JSON.stringify({
  request_id: REQUEST_ID,
  gateway_request_id: REQUEST_ID,
  status: 'OK',
  payload: { images: [{ url: 'https://v3.fal.media/files/x.png', content_type: 'image/png' }], seed: 3 },
});
const signed = (body: string, overrides: { timestamp?: number; privateKey?: typeof keys.privateKey; requestId?: string } = {}) =>
  signFalDelivery(overrides.privateKey ?? keys.privateKey, {
    requestId: overrides.requestId ?? REQUEST_ID,
    userId: 'user-1',
    timestamp: overrides.timestamp ?? seconds,
    body,
  });

beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  jwks = { keys: [...keys.jwks.keys] };
  serveFal(server, { key: KEY, endpoints: { [MODEL]: { output: {} } }, files: {}, jwks });
  const settings: FalSettings = {
    apiKey: KEY,
    queueUrl: server.url,
    jwksUrl: `${server.url}/.well-known/jwks.json`,
    http: { provider: 'fal', timeoutMs: 2000, retries: 1, baseDelayMs: 5, maxDelayMs: 100 },
    pollIntervalMs: 5,
  };
  client = createFalQueue(settings, MODEL);
});

describe('fal webhooks', () => {
  it('submit passes our webhook URL as fal_webhook', async () => {
    const { requestId } = await client.submit(
      { prompt: 'fox' },
      { webhookUrl: 'https://studio.example/api/webhooks/fal?job=7' },
      new AbortController().signal,
    );
    expect(requestId).toMatch(/fal0/);
    expect(server.requests[0]!.path).toBe(`/${MODEL}?fal_webhook=${encodeURIComponent('https://studio.example/api/webhooks/fal?job=7')}`);
  });

  it('accepts a delivery signed by a key of fal’s JWKS, and reads the keys once', async () => {
    const first = await client.verifyWebhook(Buffer.from(okBody), signed(okBody), now);
    expect(first).toEqual({
      ok: true,
      event: {
        provider: 'fal',
        requestId: REQUEST_ID,
        state: 'succeeded',
        signed: true,
        output: { images: [{ url: 'https://v3.fal.media/files/x.png', content_type: 'image/png' }], seed: 3 },
      },
    });
    const errorBody = JSON.stringify({
      request_id: REQUEST_ID,
      status: 'ERROR',
      error: 'Invalid status code: 422',
      payload: { detail: [] },
    });
    const second = await client.verifyWebhook(errorBody, new Headers(signed(errorBody)), now);
    expect(second).toMatchObject({ ok: true, event: { state: 'failed', error: 'Invalid status code: 422' } });
    expect(server.requests.filter((r) => r.path === '/.well-known/jwks.json')).toHaveLength(1);
  });

  it('refuses a bad signature, a replayed or future timestamp, a tampered body and missing headers', async () => {
    const stranger = falSigningKeys();
    const tampered = okBody.replace('"seed":3', '"seed":4');
    const otherRequest = okBody.replaceAll(REQUEST_ID, 'another-id');
    const cases: [string, string, Record<string, string>, string][] = [
      ['signed by another key', okBody, signed(okBody, { privateKey: stranger.privateKey }), 'signature does not match'],
      ['six minutes old', okBody, signed(okBody, { timestamp: seconds - 360 }), 'timestamp'],
      ['six minutes ahead', okBody, signed(okBody, { timestamp: seconds + 360 }), 'timestamp'],
      ['body changed after signing', tampered, signed(okBody), 'signature does not match'],
      ['signature missing', okBody, { ...signed(okBody), 'x-fal-webhook-signature': '' }, 'missing'],
      ['not hex', okBody, { ...signed(okBody), 'x-fal-webhook-signature': 'zz' }, 'hex'],
      ['another request in the body', otherRequest, signed(otherRequest), 'another request'],
    ];
    for (const [name, body, headers, reason] of cases) {
      const verdict = await client.verifyWebhook(body, headers, now);
      expect(verdict.ok, name).toBe(false);
      expect(!verdict.ok && verdict.reason, name).toContain(reason);
    }
  });

  it('reads the keys again when fal has rotated them, but not on every bad signature', async () => {
    expect((await client.verifyWebhook(okBody, signed(okBody), now)).ok).toBe(true);
    const rotated = falSigningKeys();
    jwks.keys.splice(0, jwks.keys.length, ...rotated.jwks.keys);
    const soon = new Date(now.getTime() + 60_000);
    const early = await client.verifyWebhook(okBody, signed(okBody, { privateKey: rotated.privateKey, timestamp: seconds + 60 }), soon);
    expect(early.ok).toBe(false);
    const later = new Date(now.getTime() + 11 * 60_000);
    const verdict = await client.verifyWebhook(okBody, signed(okBody, { privateKey: rotated.privateKey, timestamp: seconds + 660 }), later);
    expect(verdict.ok).toBe(true);
    expect(server.requests.filter((r) => r.path === '/.well-known/jwks.json')).toHaveLength(2);
  });

  it('cancel answers whether fal accepted it', async () => {
    const { requestId } = await client.submit({ prompt: 'fox' }, {}, new AbortController().signal);
    expect(await client.cancel(requestId)).toBe(true);
    expect(server.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/test-ai/flux/requests/${requestId}/cancel`,
      headers: { authorization: `Key ${KEY}` },
    });
    expect(await client.status(requestId, new AbortController().signal)).toMatchObject({ state: 'canceled' });
    expect(await client.cancel('unknown')).toBe(false);
  });
});
