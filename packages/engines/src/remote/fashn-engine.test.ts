import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EngineContext, EngineFile } from '../engine.ts';
import { ProviderError } from '../provider-error.ts';
import { createFashnQueue } from './fashn-client.ts';
import type { FashnSettings } from './fashn-client.ts';
import { serveFashn } from './fake-fashn.ts';
import type { FakeFashnModel } from './fake-fashn.ts';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeServer } from './fake-provider-server.ts';
import { createVirtualTryOnFashnEngine } from './virtual-try-on.fashn.ts';

const KEY = 'fa-test-key';
let server: FakeServer;
let models: Record<string, FakeFashnModel>;
let photo: EngineFile;
let result: Buffer;
let progress: number[];
const context = (signal = new AbortController().signal): EngineContext => ({ signal, onProgress: (value) => progress.push(value) });
const settings = (): FashnSettings => ({
  apiKey: KEY,
  baseUrl: server.url,
  http: { provider: 'FASHN', timeoutMs: 2000, retries: 1, baseDelayMs: 5, maxDelayMs: 100 },
  pollIntervalMs: 5,
});

beforeAll(async () => {
  server = await startFakeServer();
  photo = {
    name: 'p.png',
    contentType: 'image/png',
    data: await sharp({ create: { width: 80, height: 120, channels: 3, background: '#884422' } })
      .png()
      .toBuffer(),
  };
  result = await sharp({ create: { width: 80, height: 120, channels: 3, background: '#224488' } })
    .png()
    .toBuffer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  progress = [];
  models = { 'tryon-v1.6': { output: [`${server.url}/files/output_0.png`] } };
  serveFashn(server, { key: KEY, models, files: { 'output_0.png': result } });
});

describe('FASHN try-on', () => {
  it('runs the model with FASHN inputs, polls starting → in_queue → processing → completed and downloads the output', async () => {
    const engine = createVirtualTryOnFashnEngine(settings(), 'tryon-v1.6');
    const run = await engine.run(
      { params: { category: 'bottom', consentToLikeness: true }, files: { person: photo, garment: photo } },
      context(),
    );
    const submit = server.requests[0]!;
    expect([submit.method, submit.path, submit.headers.authorization]).toEqual(['POST', '/v1/run', `Bearer ${KEY}`]);
    expect(submit.body).toMatchObject({
      model_name: 'tryon-v1.6',
      inputs: {
        model_image: expect.stringMatching(/^data:image\/jpeg;base64,/),
        garment_image: expect.stringMatching(/^data:image\/jpeg/),
        category: 'bottoms',
      },
    });
    expect(server.requests.filter((r) => r.path.startsWith('/v1/status/'))).toHaveLength(3);
    expect(run.files[0]).toMatchObject({ name: 'try-on-bottom.png', kind: 'image' });
    expect(progress.at(-1)).toBe(1);
  });

  it('records the credits FASHN reports in the x-fashn-credits-used header of the status answer as the run’s usage', async () => {
    models['tryon-v1.6'] = { output: [`${server.url}/files/output_0.png`], creditsUsed: 2 };
    const usage: unknown[] = [];
    await createVirtualTryOnFashnEngine(settings(), 'tryon-v1.6').run(
      { params: { category: 'top', consentToLikeness: true }, files: { person: photo, garment: photo } },
      { ...context(), onProviderUsage: (provider, reported) => usage.push([provider, reported]) },
    );
    expect(usage).toEqual([['fashn', { credit: 2 }]]);
  });

  it('a failed prediction is permanent with FASHN’s error name and message', async () => {
    models['tryon-v1.6'] = { error: { name: 'PoseError', message: 'No person detected in the model image' } };
    const error = (await createVirtualTryOnFashnEngine(settings(), 'tryon-v1.6')
      .run({ params: { category: 'top', consentToLikeness: true }, files: { person: photo, garment: photo } }, context())
      .catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe('The hosted model could not process this input: PoseError: No person detected in the model image');
  });

  it('a status read FASHN answers 404 "no longer tracked" is the request gone, not a missing model: one create, billed as run', async () => {
    const fashn = serveFashn(server, { key: KEY, models, files: { 'output_0.png': result } });
    server.handle((request) => {
      // FASHN forgets the prediction after the first status read (as it does once its retention has passed).
      if (request.path.startsWith('/v1/status/') && server.requests.filter((r) => r.path.startsWith('/v1/status/')).length === 2) {
        fashn.forget(request.path.slice('/v1/status/'.length));
      }
      return fashn.handler(request);
    });
    const error = (await createVirtualTryOnFashnEngine(settings(), 'tryon-v1.6')
      .run({ params: { category: 'top', consentToLikeness: true }, files: { person: photo, garment: photo } }, context())
      .catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ transient: false, status: 404, usage: { credit: 1 } });
    expect(error.message).toMatch(/^The FASHN request is no longer tracked by FASHN/);
    expect(error.message).not.toMatch(/model/);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(server.requests.filter((r) => r.path.startsWith('/v1/status/'))).toHaveLength(2);
  });

  it('passes webhook_url; cancel is not offered; an unsigned delivery only names the prediction', async () => {
    const client = createFashnQueue(settings(), 'tryon-v1.6');
    const { requestId } = await client.submit(
      { model_image: 'x', garment_image: 'y' },
      { webhookUrl: 'https://studio.example/hooks/fashn' },
      new AbortController().signal,
    );
    expect(server.requests[0]!.path).toBe(`/v1/run?webhook_url=${encodeURIComponent('https://studio.example/hooks/fashn')}`);
    expect(await client.cancel(requestId)).toBe(false);
    const delivery = JSON.stringify({ id: requestId, status: 'completed', output: ['https://evil.example/x.png'], error: null });
    const verdict = await client.verifyWebhook(delivery, {}, new Date());
    expect(verdict).toEqual({ ok: true, event: { provider: 'fashn', requestId, state: 'succeeded', signed: false } });
    expect((await client.verifyWebhook('not json', {}, new Date())).ok).toBe(false);
  });
});
