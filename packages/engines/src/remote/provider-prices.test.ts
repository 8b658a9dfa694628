import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiBackgroundParamsSchema } from '@lumen/core/services/ai-background-params';
import { imageGeneratorParamsSchema } from '@lumen/core/services/image-generator-params';
import { salesPilotParamsSchema } from '@lumen/core/services/sales-pilot-params';
import { soundGeneratorParamsSchema } from '@lumen/core/services/sound-generator-params';
import { speedpaintingParamsSchema } from '@lumen/core/services/speedpainting-params';
import { virtualTryOnParamsSchema } from '@lumen/core/services/virtual-try-on-params';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { EngineContext, EngineFile } from '../engine.ts';
import type { ProviderName } from './provider-catalogue.ts';
import { configuredProviders } from './create-remote-engines.ts';
import { createRemoteEngines } from './create-remote-engines.ts';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeServer } from './fake-provider-server.ts';
import { serveReplicate } from './fake-replicate.ts';
import { defaultModels } from './model-licences.ts';
import { overrideKey, priceOf, publishedPriceMicroUsd, runCostMicroUsd } from './provider-prices.ts';
import type { ProviderUsage } from './provider-prices.ts';
import { builtinEnginesConfig, loadEnginesConfig } from './remote-config.ts';
import { createVirtualTryOnFashnEngine } from './virtual-try-on.fashn.ts';

const fail = (message: string) => new Error(message);

/** Each service's params as a job with no options stores them (the schema's defaults). */
const defaultParams: Record<ServiceKey, Record<string, unknown>> = {
  'ai-background': aiBackgroundParamsSchema.parse({ mode: 'transparent' }) as Record<string, unknown>,
  'image-generator': imageGeneratorParamsSchema.parse({ prompt: 'a fox' }),
  'virtual-try-on': virtualTryOnParamsSchema.parse({ category: 'top', consentToLikeness: true }) as Record<string, unknown>,
  speedpainting: speedpaintingParamsSchema.parse({}),
  'sales-pilot': salesPilotParamsSchema.parse({ text: 'Seller: hello, how is the pilot going?' }) as Record<string, unknown>,
  'sound-generator': soundGeneratorParamsSchema.parse({ prompt: 'rain on a tin roof' }),
};

/** Every provider keyed, each service on all its providers: the shipped defaults. */
const everyKey = loadEnginesConfig(
  {
    FAL_KEY: 'k',
    REPLICATE_API_TOKEN: 'r8_x',
    OPENAI_API_KEY: 'sk-x',
    ELEVENLABS_API_KEY: 'xi',
    FASHN_API_KEY: 'fa',
    REMOVE_BG_API_KEY: 'rb',
  },
  fail,
);

describe('a price for every default provider and model', () => {
  it('has a unit, a source, the date it was checked and a cost above nothing at the default parameters', () => {
    expect(defaultModels).toHaveLength(16);
    for (const entry of defaultModels) {
      const price = priceOf(entry.provider, entry.model);
      expect(price, `${entry.provider} ${entry.model}`).toBeDefined();
      expect(price!.source).toMatch(/^https:\/\//);
      expect(price!.checked).toMatch(/^2026-\d{2}-\d{2}$/);
      expect(price!.rates.length).toBeGreaterThan(0);
      const configured = configuredProviders(everyKey, entry.service).find(({ name }) => name === entry.provider);
      expect(configured?.model, `${entry.service} on ${entry.provider}`).toBe(entry.model);
      const cost = publishedPriceMicroUsd(entry.provider, entry.model, { ...defaultParams[entry.service], ...configured!.pricing });
      expect(cost, `${entry.provider} ${entry.model}`).toBeGreaterThan(0);
    }
  });

  it('prices the shipped defaults as the issue counted them: four non-square OpenAI images, a 10 s speed painting asked of fal', () => {
    const openAi = configuredProviders(everyKey, 'image-generator').find(({ name }) => name === 'openai')!;
    // Low quality by default: 4 × 600 output tokens × $30 per million + 150 prompt tokens × $5 per million.
    expect(publishedPriceMicroUsd('openai', openAi.model, { aspectRatio: '16:9', numberOfImages: 4, ...openAi.pricing })).toBe(72_750);
    const fal = configuredProviders(everyKey, 'speedpainting').find(({ name }) => name === 'fal')!;
    // Kling 2.5 Turbo Pro, and a 5 s clip by default whatever length the user asks for: $0.35 (2.1 Pro for 10 s was $0.98).
    expect(fal.model).toBe('fal-ai/kling-video/v2.5-turbo/pro/image-to-video');
    expect(publishedPriceMicroUsd('fal', fal.model, { durationSeconds: 10, ...fal.pricing })).toBe(350_000);
  });

  it('costs a run from what the provider reported it used, at an admin’s overridden rate when there is one', () => {
    const usage: ProviderUsage = { 'gpu-second': 2 };
    expect(runCostMicroUsd('replicate', '851-labs/background-remover', {}, usage)).toBe(2800);
    expect(runCostMicroUsd('replicate', '851-labs/background-remover', {}, undefined)).toBe(4200);
    const overrides = { [overrideKey('replicate', '851-labs/background-remover', 'gpu-second')]: 0.000225 };
    expect(runCostMicroUsd('replicate', '851-labs/background-remover', {}, usage, overrides)).toBe(450);
    expect(publishedPriceMicroUsd('replicate', '851-labs/background-remover', {}, overrides)).toBe(675);
    // A usage figure in units this price does not bill (predict_time of a per-image model) leaves the published price.
    expect(runCostMicroUsd('replicate', 'google/nano-banana', {}, { 'gpu-second': 30 })).toBe(39_000);
    expect(runCostMicroUsd('fashn', 'tryon-v1.6', {}, { credit: 2 })).toBe(200_000);
  });
});

describe('usage figures read from the providers', () => {
  let server: FakeServer;
  let image: EngineFile;
  beforeAll(async () => {
    server = await startFakeServer();
    image = {
      name: 'p.png',
      contentType: 'image/png',
      data: await sharp({ create: { width: 64, height: 64, channels: 4, background: '#884422' } })
        .png()
        .toBuffer(),
    };
  });
  afterAll(() => server.close());

  const collecting = () => {
    const reported: { provider: ProviderName; usage: ProviderUsage }[] = [];
    const context: EngineContext = {
      signal: new AbortController().signal,
      onProgress: () => undefined,
      onProviderUsage: (provider, usage) => reported.push({ provider, usage }),
    };
    return { reported, context };
  };

  it('Replicate: metrics.predict_time of the prediction, in GPU seconds', async () => {
    serveReplicate(server, {
      token: 'r8_t',
      models: { '851-labs/background-remover': { output: `${server.url}/files/cut.png` } },
      files: { 'cut.png': image.data },
    });
    const engines = createRemoteEngines(
      {
        ...builtinEnginesConfig,
        kinds: { ...builtinEnginesConfig.kinds, 'ai-background': 'remote' },
        providers: { 'ai-background': ['replicate'] },
        replicate: { apiToken: 'r8_t', baseUrl: server.url, models: { ...everyKey.replicate!.models } },
      },
      { pollIntervalMs: 5 },
    );
    const { reported, context } = collecting();
    const result = await engines['ai-background']!.run(
      { params: aiBackgroundParamsSchema.parse({ mode: 'transparent' }), files: { image } },
      context,
    );
    expect(result.files).toHaveLength(1);
    expect(reported).toEqual([{ provider: 'replicate', usage: { 'gpu-second': expect.any(Number) } }]);
    const seconds = reported[0]!.usage['gpu-second']!;
    expect(seconds).toBeGreaterThan(0);
    expect(runCostMicroUsd('replicate', '851-labs/background-remover', {}, reported[0]!.usage)).toBe(Math.round(seconds * 1400));
  });

  it('FASHN: credits_used of the completed prediction', async () => {
    // FASHN's status answer once the prediction completed, with the credits it cost.
    server.handle((request) => {
      if (request.method === 'POST' && request.path === '/v1/run') return { status: 200, body: { id: 'fa-1', error: null } };
      if (request.path === '/v1/status/fa-1') {
        return {
          status: 200,
          body: { id: 'fa-1', status: 'completed', output: [`${server.url}/files/out.png`], error: null, credits_used: 1 },
        };
      }
      if (request.path === '/files/out.png') return { status: 200, raw: image.data };
      return undefined;
    });
    const engine = createVirtualTryOnFashnEngine(
      {
        apiKey: 'fa',
        baseUrl: server.url,
        pollIntervalMs: 5,
        http: { provider: 'FASHN', timeoutMs: 2000, retries: 1, baseDelayMs: 5, maxDelayMs: 50 },
      },
      'tryon-v1.6',
    );
    const { reported, context } = collecting();
    await engine.run(
      { params: virtualTryOnParamsSchema.parse({ category: 'top', consentToLikeness: true }), files: { person: image, garment: image } },
      context,
    );
    expect(reported).toEqual([{ provider: 'fashn', usage: { credit: 1 } }]);
    expect(runCostMicroUsd('fashn', 'tryon-v1.6', {}, reported[0]!.usage)).toBe(100_000);
  });
});
