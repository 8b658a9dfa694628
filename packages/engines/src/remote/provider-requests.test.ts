import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AtProvider, HandOver } from '../engine.ts';
import type { EngineContext, ProviderRequest } from '../engine.ts';
import { ProviderError } from '../provider-error.ts';
import { createFalQueue } from './fal-client.ts';
import type { FakeFalEndpoint } from './fake-fal.ts';
import { serveFal } from './fake-fal.ts';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeServer } from './fake-provider-server.ts';
import { defaultHttpPolicy } from './http-client.ts';
import { runOnQueue } from './provider-queue.ts';
import { publishedPriceMicroUsd } from './provider-prices.ts';

const KEY = 'fal-key:secret';
const MODEL = 'test-ai/flux/schnell';
let server: FakeServer;
let endpoint: FakeFalEndpoint;

/** A job's row as the worker keeps it: the stored request and the calls made to store and clear it. */
function requestStore(existing: ProviderRequest | null = null) {
  const calls: string[] = [];
  let stored = existing;
  return {
    calls,
    stored: () => stored,
    store: {
      existing,
      async submitted(request: ProviderRequest) {
        calls.push(`submitted ${request.requestId}`);
        stored = request;
      },
      async ended(request: ProviderRequest) {
        calls.push(`ended ${request.requestId}`);
        stored = null;
      },
    },
  };
}

const client = () =>
  createFalQueue(
    {
      apiKey: KEY,
      queueUrl: server.url,
      jwksUrl: `${server.url}/.well-known/jwks.json`,
      http: { ...defaultHttpPolicy, provider: 'fal', timeoutMs: 2000, retries: 0 },
      pollIntervalMs: 10,
    },
    MODEL,
  );
const submissions = () => server.requests.filter((request) => request.method === 'POST' && request.path === `/${MODEL}`);
const cancels = () => server.requests.filter((request) => request.method === 'PUT' && request.path.endsWith('/cancel'));

beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  endpoint = { output: { images: [] } };
  serveFal(server, { key: KEY, endpoints: { [MODEL]: endpoint }, files: {} });
});

const contextOf = (store: ReturnType<typeof requestStore>['store'], signal = new AbortController().signal): EngineContext => ({
  signal,
  onProgress: () => {},
  requests: store,
});

describe('a provider request kept on the job', () => {
  it('is stored before the run waits on it, and resumed by the next run instead of submitted again', async () => {
    endpoint.endless = true;
    const first = requestStore();
    const stop = new AbortController();
    const running = runOnQueue(client(), { prompt: 'a fox' }, contextOf(first.store, stop.signal), 10);
    while (!first.stored()) await new Promise((resolve) => setTimeout(resolve, 5));
    stop.abort(new HandOver('worker stopping'));
    await expect(running).rejects.toBeInstanceOf(HandOver);
    expect(first.calls).toEqual([`submitted ${first.stored()!.requestId}`]);
    expect(cancels()).toHaveLength(0);

    endpoint.endless = false;
    const second = requestStore(first.stored());
    await expect(runOnQueue(client(), { prompt: 'a fox' }, contextOf(second.store), 10)).resolves.toEqual({ images: [] });
    expect(submissions()).toHaveLength(1);
    expect(second.calls).toEqual([]);
  });

  it('cancels the request at the provider when the job times out, and forgets it', async () => {
    endpoint.endless = true;
    const store = requestStore();
    const timeout = new AbortController();
    const running = runOnQueue(client(), { prompt: 'a fox' }, contextOf(store.store, timeout.signal), 10);
    while (!store.stored()) await new Promise((resolve) => setTimeout(resolve, 5));
    const { requestId } = store.stored()!;
    timeout.abort();
    await expect(running).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cancels().map((request) => request.path)).toEqual([`/test-ai/flux/requests/${requestId}/cancel`]);
    expect(store.calls).toEqual([`submitted ${requestId}`, `ended ${requestId}`]);
  });

  it('cancels a request it could not store, so nobody pays for a request no job knows', async () => {
    const store = requestStore();
    store.store.submitted = async () => {
      throw new Error('the job is no longer held by this worker');
    };
    await expect(runOnQueue(client(), { prompt: 'a fox' }, contextOf(store.store), 10)).rejects.toThrow(/no longer held/);
    // The cancel is sent without waiting for it: give it time on a loaded machine (50 ms was not always enough).
    for (let waited = 0; cancels().length === 0 && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cancels()).toHaveLength(1);
  });

  it('forgets a request that failed at the provider, so a retry submits a new one', async () => {
    endpoint.error = 'NSFW content detected';
    const store = requestStore();
    await expect(runOnQueue(client(), { prompt: 'a fox' }, contextOf(store.store), 10)).rejects.toBeInstanceOf(ProviderError);
    expect(store.calls.map((call) => call.split(' ')[0])).toEqual(['submitted', 'ended']);
    expect(store.stored()).toBeNull();
  });

  it('resumes only a request of the same provider and model', async () => {
    const store = requestStore({ provider: 'fal', model: 'test-ai/other-model', requestId: 'old' });
    await runOnQueue(client(), { prompt: 'a fox' }, contextOf(store.store), 10);
    expect(submissions()).toHaveLength(1);
    expect(store.calls[0]).toMatch(/^submitted /);
  });
});

describe('a provider request left to the webhook', () => {
  const webhooks = (holdMs: number) => ({ urlFor: (provider: string) => `https://studio.example.com/hooks/${provider}`, holdMs });

  it('is submitted with our webhook URL, stored, and left at the provider once the hold is over', async () => {
    endpoint.endless = true;
    const store = requestStore();
    const context = { ...contextOf(store.store), webhooks: webhooks(40) };
    const left = await runOnQueue(client(), { prompt: 'a fox' }, context, 10).catch((error: unknown) => error);
    expect(left).toBeInstanceOf(AtProvider);
    expect((left as AtProvider).request).toEqual(store.stored());
    expect(submissions()).toHaveLength(0);
    const [submitted] = server.requests.filter((request) => request.method === 'POST');
    expect(submitted!.path).toBe(`/${MODEL}?fal_webhook=${encodeURIComponent('https://studio.example.com/hooks/fal')}`);
    expect(store.calls).toEqual([`submitted ${store.stored()!.requestId}`]);
    expect(cancels()).toHaveLength(0);
  });

  it('finishes within the hold without leaving the request (short jobs stay in one run)', async () => {
    const store = requestStore();
    const output = await runOnQueue(client(), { prompt: 'a fox' }, { ...contextOf(store.store), webhooks: webhooks(10_000) }, 10);
    expect(output).toEqual({ images: [] });
  });

  it('resumed after the webhook: looks at the request at once and returns its output, or leaves it again if it still runs', async () => {
    endpoint.endless = true;
    const first = requestStore();
    await expect(
      runOnQueue(client(), { prompt: 'a fox' }, { ...contextOf(first.store), webhooks: webhooks(0) }, 10),
    ).rejects.toBeInstanceOf(AtProvider);
    const again = requestStore(first.stored());
    const startedAt = Date.now();
    await expect(
      runOnQueue(client(), { prompt: 'a fox' }, { ...contextOf(again.store), webhooks: webhooks(60_000) }, 10_000),
    ).rejects.toBeInstanceOf(AtProvider);
    expect(Date.now() - startedAt).toBeLessThan(5000);
    endpoint.endless = false;
    const last = requestStore(first.stored());
    await expect(
      runOnQueue(client(), { prompt: 'a fox' }, { ...contextOf(last.store), webhooks: webhooks(60_000) }, 10_000),
    ).resolves.toEqual({
      images: [],
    });
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});

describe('published prices', () => {
  it('prices a run from the provider’s published unit price, and records nothing it does not know', () => {
    expect(publishedPriceMicroUsd('fal', 'fal-ai/flux/schnell', { aspectRatio: '4:3', numberOfImages: 2 })).toBe(6000);
    // fal's megapixel is 1024 × 1024 pixels: a square 1024 image is one, not two.
    expect(publishedPriceMicroUsd('fal', 'fal-ai/flux/schnell', { aspectRatio: '1:1', numberOfImages: 1 })).toBe(3000);
    expect(publishedPriceMicroUsd('fal', 'fal-ai/flux/schnell', { aspectRatio: '16:9', numberOfImages: 4 })).toBe(12_000);
    // The hosted clip is capped at the configured length (5 s unless FAL_SPEEDPAINTING_SECONDS=10).
    expect(publishedPriceMicroUsd('fal', 'fal-ai/kling-video/v2.1/pro/image-to-video', { durationSeconds: 10 })).toBe(490_000);
    expect(publishedPriceMicroUsd('fal', 'fal-ai/kling-video/v2.1/pro/image-to-video', { durationSeconds: 10, clipSeconds: 10 })).toBe(
      980_000,
    );
    expect(publishedPriceMicroUsd('fal', 'fal-ai/elevenlabs/sound-effects/v2', { durationSeconds: 30 })).toBe(44_000);
    expect(publishedPriceMicroUsd('replicate', 'black-forest-labs/flux-schnell', { numberOfImages: 4 })).toBe(12_000);
    expect(publishedPriceMicroUsd('replicate', 'minimax/video-01', {})).toBe(500_000);
    expect(publishedPriceMicroUsd('replicate', 'owner/unpriced-model', {})).toBeNull();
  });
});
