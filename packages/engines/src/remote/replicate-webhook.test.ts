import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeServer } from './fake-provider-server.ts';
import { serveReplicate } from './fake-replicate.ts';
import { createReplicateQueue } from './replicate-client.ts';
import type { ReplicateSettings } from './replicate-client.ts';
import { signStandardWebhook } from './standard-webhooks.ts';

const TOKEN = 'r8_token';
const SECRET = `whsec_${Buffer.from('a 32-byte secret for the tests!!').toString('base64')}`;
const now = new Date('2026-11-25T10:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);
const never = new AbortController().signal;
let server: FakeServer;

const prediction = JSON.stringify({
  id: 'ufawqhfynnddngldkgtslldrkq',
  model: 'black-forest-labs/flux-schnell',
  status: 'succeeded',
  input: { prompt: 'fox' },
  output: ['https://replicate.delivery/xezq/out-0.webp'],
  error: null,
});
const headersFor = (body: string, options: { id?: string; timestamp?: number; secret?: string } = {}) => ({
  'webhook-id': options.id ?? 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  'webhook-timestamp': String(options.timestamp ?? seconds),
  'webhook-signature': signStandardWebhook(
    options.secret ?? SECRET,
    options.id ?? 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
    options.timestamp ?? seconds,
    body,
  ),
});
const settings = (extra: Partial<ReplicateSettings> = {}): ReplicateSettings => ({
  apiToken: TOKEN,
  baseUrl: server.url,
  http: { provider: 'Replicate', timeoutMs: 2000, retries: 1, baseDelayMs: 5, maxDelayMs: 100 },
  pollIntervalMs: 5,
  ...extra,
});

beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  serveReplicate(server, { token: TOKEN, models: { 'test/model': { endless: true } }, files: {}, webhookSecret: SECRET });
});

describe('Replicate predictions for durable jobs', () => {
  it('creates with webhook and webhook_events_filter, reads the status and cancels', async () => {
    const client = createReplicateQueue(settings(), 'test/model');
    const { requestId } = await client.submit({ prompt: 'fox' }, { webhookUrl: 'https://studio.example/api/webhooks/replicate' }, never);
    expect(server.requests[0]!.body).toEqual({
      input: { prompt: 'fox' },
      webhook: 'https://studio.example/api/webhooks/replicate',
      webhook_events_filter: ['completed'],
    });
    expect(await client.status(requestId, never)).toEqual({ requestId: 'p1', state: 'running' });
    expect(await client.cancel(requestId)).toBe(true);
    expect(server.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/predictions/p1/cancel',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(await client.status(requestId, never)).toEqual({ requestId: 'p1', state: 'canceled' });
    await expect(client.result(requestId, never)).rejects.toMatchObject({ transient: false });
  });
});

describe('Replicate webhooks (Standard Webhooks)', () => {
  it('agrees with the reference standardwebhooks package both ways: its signature passes ours, ours passes its verifier', async () => {
    const reference = new Webhook(SECRET);
    const id = 'msg_reference';
    const signed = { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': reference.sign(id, now, prediction) };
    const verified = await createReplicateQueue(settings({ webhookSecret: SECRET }), 'black-forest-labs/flux-schnell').verifyWebhook(
      prediction,
      signed,
      now,
    );
    expect(verified).toMatchObject({ ok: true, event: { requestId: 'ufawqhfynnddngldkgtslldrkq', state: 'succeeded' } });
    const tampered = await createReplicateQueue(settings({ webhookSecret: SECRET }), 'black-forest-labs/flux-schnell').verifyWebhook(
      prediction.replace('fox', 'cat'),
      signed,
      now,
    );
    expect(tampered.ok).toBe(false);
    // The reference verifier checks the timestamp against the real clock: sign ours for now.
    const at = Math.floor(Date.now() / 1000);
    const ours = {
      'webhook-id': id,
      'webhook-timestamp': String(at),
      'webhook-signature': signStandardWebhook(SECRET, id, at, prediction),
    };
    expect(reference.verify(prediction, ours)).toMatchObject({ id: 'ufawqhfynnddngldkgtslldrkq' });
  });

  it('accepts a delivery signed with the configured secret and returns the prediction as an event', async () => {
    const client = createReplicateQueue(settings({ webhookSecret: SECRET }), 'test/model');
    expect(await client.verifyWebhook(Buffer.from(prediction), headersFor(prediction), now)).toEqual({
      ok: true,
      event: {
        provider: 'replicate',
        requestId: 'ufawqhfynnddngldkgtslldrkq',
        state: 'succeeded',
        signed: true,
        output: ['https://replicate.delivery/xezq/out-0.webp'],
      },
    });
    const failed = JSON.stringify({ id: 'p9', status: 'failed', error: 'CUDA out of memory' });
    expect(await client.verifyWebhook(failed, new Headers(headersFor(failed)), now)).toMatchObject({
      ok: true,
      event: { state: 'failed', error: 'CUDA out of memory' },
    });
    expect(server.requests).toHaveLength(0);
  });

  it('accepts any of several signatures (secret rotation)', async () => {
    const client = createReplicateQueue(settings({ webhookSecret: SECRET }), 'test/model');
    const old = signStandardWebhook(`whsec_${Buffer.from('the previous secret').toString('base64')}`, 'msg_1', seconds, prediction);
    const headers = {
      ...headersFor(prediction, { id: 'msg_1' }),
      'webhook-signature': `${old} ${headersFor(prediction, { id: 'msg_1' })['webhook-signature']}`,
    };
    expect((await client.verifyWebhook(prediction, headers, now)).ok).toBe(true);
  });

  it('reads the secret from GET /v1/webhooks/default/secret when none is configured, once', async () => {
    const client = createReplicateQueue(settings(), 'test/model');
    expect((await client.verifyWebhook(prediction, headersFor(prediction), now)).ok).toBe(true);
    expect((await client.verifyWebhook(prediction, headersFor(prediction), now)).ok).toBe(true);
    expect(server.requests.filter((r) => r.path === '/v1/webhooks/default/secret')).toHaveLength(1);
  });

  it('does not ask again on every delivery when the secret cannot be read (a flood of forged deliveries)', async () => {
    serveReplicate(server, { token: TOKEN, models: {}, files: {} });
    const client = createReplicateQueue(settings(), 'test/model');
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.verifyWebhook(prediction, headersFor(prediction), now)));
    for (const answer of answers)
      expect(answer).toMatchObject({ ok: false, reason: expect.stringMatching(/^could not read the webhook secret/) });
    expect((await client.verifyWebhook(prediction, headersFor(prediction), now)).ok).toBe(false);
    expect(server.requests.filter((r) => r.path === '/v1/webhooks/default/secret')).toHaveLength(1);
  });

  it('refuses a wrong secret, a replayed or future timestamp, a tampered body and missing headers', async () => {
    const client = createReplicateQueue(settings({ webhookSecret: SECRET }), 'test/model');
    const cases: [string, string, Record<string, string>, string][] = [
      [
        'wrong secret',
        prediction,
        headersFor(prediction, { secret: `whsec_${Buffer.from('another').toString('base64')}` }),
        'does not match',
      ],
      ['replayed six minutes later', prediction, headersFor(prediction, { timestamp: seconds - 360 }), 'timestamp'],
      ['six minutes ahead', prediction, headersFor(prediction, { timestamp: seconds + 360 }), 'timestamp'],
      ['tampered body', prediction.replace('succeeded', 'failed'), headersFor(prediction), 'does not match'],
      ['another message id', prediction, { ...headersFor(prediction), 'webhook-id': 'msg_other' }, 'does not match'],
      ['no signature', prediction, { ...headersFor(prediction), 'webhook-signature': '' }, 'missing'],
      [
        'unknown version',
        prediction,
        { ...headersFor(prediction), 'webhook-signature': headersFor(prediction)['webhook-signature'].replace('v1,', 'v2,') },
        'does not match',
      ],
    ];
    for (const [name, body, headers, reason] of cases) {
      const verdict = await client.verifyWebhook(body, headers, now);
      expect(verdict.ok, name).toBe(false);
      expect(!verdict.ok && verdict.reason, name).toContain(reason);
    }
  });
});
