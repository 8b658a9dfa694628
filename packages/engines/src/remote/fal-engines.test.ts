import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imageGeneratorParamsSchema } from '@lumen/core/services/image-generator-params';
import type { EngineContext, EngineFile } from '../engine.ts';
import { encodeMp3 } from '../media/ffmpeg.ts';
import { readMp3 } from '../media/mp3-reader.ts';
import { ProviderError } from '../provider-error.ts';
import { createRemoteEngines } from './create-remote-engines.ts';
import type { RemoteEngines } from './create-remote-engines.ts';
import { falAppPath } from './fal-client.ts';
import type { FakeFalEndpoint } from './fake-fal.ts';
import { serveFal } from './fake-fal.ts';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeServer } from './fake-provider-server.ts';
import { builtinEnginesConfig, defaultFalModels } from './remote-config.ts';
import type { EnginesConfig } from './remote-config.ts';

const KEY = 'fal-test-key:secret';
const MODELS = {
  'ai-background': 'test-ai/birefnet/v2',
  'image-generator': 'test-ai/flux/schnell',
  'virtual-try-on': 'test-ai/fashn/tryon/v1.6',
  speedpainting: 'test-ai/kling-video/v2.1/pro/image-to-video',
  'sound-generator': 'test-ai/elevenlabs/sound-effects/v2',
};
let server: FakeServer;
let engines: RemoteEngines;
let endpoints: Record<string, FakeFalEndpoint>;
let files: Record<string, Buffer>;
let photo: EngineFile;
let progress: number[];

const context = (signal = new AbortController().signal): EngineContext => ({ signal, onProgress: (value) => progress.push(value) });

/** A 440 Hz tone of this many seconds at 44.1 kHz. */
const tone = (seconds: number) =>
  Float32Array.from({ length: seconds * 44_100 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / 44_100));

async function png(width: number, height: number, alpha: boolean): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const data = Buffer.alloc(width * height * channels, 180);
  if (alpha) for (let i = 0; i < width * height; i += 1) data[i * 4 + 3] = i % width > width / 2 ? 255 : 0;
  return sharp(data, { raw: { width, height, channels } }).png().toBuffer();
}

function configFor(baseUrl: string): EnginesConfig {
  return {
    ...builtinEnginesConfig,
    kinds: {
      ...builtinEnginesConfig.kinds,
      'ai-background': 'remote',
      'image-generator': 'remote',
      'virtual-try-on': 'remote',
      speedpainting: 'remote',
      'sound-generator': 'remote',
    },
    providers: {
      'ai-background': ['fal'],
      'image-generator': ['fal'],
      'virtual-try-on': ['fal'],
      speedpainting: ['fal'],
      'sound-generator': ['fal'],
    },
    fal: { apiKey: KEY, queueUrl: baseUrl, jwksUrl: `${baseUrl}/.well-known/jwks.json`, models: MODELS },
    requestTimeoutMs: 2000,
    retries: 1,
  };
}

const bodyOf = (model: string) =>
  server.requests.find((r) => r.method === 'POST' && r.path === `/${model}`)?.body as Record<string, unknown>;

beforeAll(async () => {
  server = await startFakeServer();
  photo = { name: 'photo.png', contentType: 'image/png', data: await png(96, 64, false) };
  files = {
    'cutout.png': await png(96, 64, true),
    'one.png': await png(64, 64, false),
    'two.png': await png(64, 48, false),
    'video.mp4': Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]),
    'sound.mp3': await encodeMp3([tone(8), tone(8)], 44_100, { bitrateKbps: 128 }),
  };
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  progress = [];
  const file = (name: string) => ({ url: `${server.url}/files/${name}`, content_type: 'application/octet-stream' });
  endpoints = {
    [MODELS['ai-background']]: { output: { image: file('cutout.png') } },
    [MODELS['image-generator']]: {
      output: { images: [file('one.png'), file('two.png')], seed: 42, prompt: 'https://not-a-file', has_nsfw_concepts: [false, false] },
    },
    [MODELS['virtual-try-on']]: { output: { images: [file('one.png')] } },
    [MODELS.speedpainting]: { output: { video: file('video.mp4') } },
    [MODELS['sound-generator']]: { output: { audio: file('sound.mp3') } },
  };
  serveFal(server, { key: KEY, endpoints, files });
  engines = createRemoteEngines(configFor(server.url), { pollIntervalMs: 5 });
});

describe('fal queue adapters', () => {
  it('image generator: queues with the key, polls owner/alias status IN_QUEUE → IN_PROGRESS → COMPLETED, reads the result and downloads the images', async () => {
    const params = imageGeneratorParamsSchema.parse({ prompt: 'a red fox', numberOfImages: 2, aspectRatio: '9:16', seed: 7 });
    const result = await engines['image-generator']!.run({ params, files: {} }, context());
    const submit = server.requests[0]!;
    expect([submit.method, submit.path, submit.headers.authorization]).toEqual(['POST', `/${MODELS['image-generator']}`, `Key ${KEY}`]);
    expect(submit.body).toEqual({
      prompt: 'a red fox. Abstract style',
      image_size: 'portrait_16_9',
      num_images: 2,
      output_format: 'png',
      enable_safety_checker: true,
      seed: 7,
    });
    const id = server.requests.find((r) => r.path.endsWith('/status'))!.path.split('/')[4];
    expect(server.requests.map((r) => `${r.method} ${r.path}`).slice(1)).toEqual([
      `GET /test-ai/flux/requests/${id}/status`,
      `GET /test-ai/flux/requests/${id}/status`,
      `GET /test-ai/flux/requests/${id}`,
      'GET /files/one.png',
      'GET /files/two.png',
    ]);
    expect(server.requests.find((r) => r.path.startsWith('/files/'))?.headers.authorization).toBeUndefined();
    expect(result.files.map((f) => [f.name, f.kind, f.contentType])).toEqual([
      ['generated-1.png', 'image', 'image/png'],
      ['generated-2.png', 'image', 'image/png'],
    ]);
    expect(result.summary).toMatchObject({ seed: 42, engine: `fal ${MODELS['image-generator']}` });
    expect(progress.at(-1)).toBe(1);
  });

  it('ai background: sends the photo as image_url and lays the cut-out on the chosen colour', async () => {
    const result = await engines['ai-background']!.run({ params: { mode: 'color', color: '#00ff00' }, files: { image: photo } }, context());
    expect(bodyOf(MODELS['ai-background'])).toMatchObject({
      image_url: expect.stringMatching(/^data:image\/jpeg;base64,/),
      output_format: 'png',
    });
    expect(result.files.map((f) => f.name)).toEqual(['background-color.png', 'background-removed.png']);
    const { data } = await sharp(result.files[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 255, 0]);
  });

  it('virtual try-on: FASHN inputs with the category mapped', async () => {
    const result = await engines['virtual-try-on']!.run(
      { params: { category: 'dress', consentToLikeness: true }, files: { person: photo, garment: photo } },
      context(),
    );
    expect(bodyOf(MODELS['virtual-try-on'])).toMatchObject({
      model_image: expect.stringMatching(/^data:image\/jpeg/),
      garment_image: expect.stringMatching(/^data:image\/jpeg/),
      category: 'one-pieces',
      mode: 'balanced',
    });
    expect(result.files[0]!.name).toBe('try-on-dress.png');
  });

  it('speedpainting: a sketched canvas as the first frame, the picture as the last, the clip capped at FAL_SPEEDPAINTING_SECONDS (5 s by default)', async () => {
    const result = await engines.speedpainting!.run(
      { params: { durationSeconds: 12, resolution: '720p', style: 'oil' }, files: { image: photo } },
      context(),
    );
    const body = bodyOf(MODELS.speedpainting) as { image_url: string; tail_image_url: string; duration: string; prompt: string };
    expect(body.duration).toBe('5');
    expect(body.prompt).toMatch(/pencil sketch.*oil paint.*finished picture/);
    const first = await sharp(Buffer.from(body.image_url.split(',')[1]!, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const last = await sharp(Buffer.from(body.tail_image_url.split(',')[1]!, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([first.info.width, first.info.height]).toEqual([last.info.width, last.info.height]);
    expect(Math.min(last.info.width, last.info.height)).toBeGreaterThanOrEqual(512);
    const mean = (data: Buffer) => data.reduce((sum, value) => sum + value, 0) / data.length;
    expect(mean(first.data)).toBeGreaterThan(200); // mostly white paper
    expect(mean(last.data)).toBeLessThan(200); // the picture (grey 180)
    expect(result.files[0]).toMatchObject({ kind: 'video', name: 'speedpainting-oil.mp4' });
    expect(result.summary).toMatchObject({ durationSeconds: 5 });
  });

  it('sound: ElevenLabs inputs, at most 22 s, MP3 returned as audio', async () => {
    const result = await engines['sound-generator']!.run(
      { params: { prompt: 'Thunder', durationSeconds: 30, format: 'wav' }, files: {} },
      context(),
    );
    expect(bodyOf(MODELS['sound-generator'])).toEqual({ text: 'Thunder', duration_seconds: 22, prompt_influence: 0.3 });
    expect(result.files[0]).toMatchObject({ kind: 'audio', name: 'sound-thunder.mp3', contentType: 'audio/mpeg' });
    // Free-plan users hear the first 5 s in mono, never the provider's file.
    const preview = result.files[0]!.preview!;
    expect(preview).toMatchObject({ name: 'sound-thunder-preview.mp3', contentType: 'audio/mpeg' });
    const heard = readMp3(preview.data);
    expect(heard.channels).toBe(1);
    expect(heard.durationSeconds).toBeGreaterThan(4.9);
    expect(heard.durationSeconds).toBeLessThan(5.1);
  });

  it('a request that completes with an error is a permanent failure with fal’s reason', async () => {
    endpoints[MODELS['image-generator']] = { error: 'NSFW content detected' };
    const error = (await engines['image-generator']!.run(
      { params: imageGeneratorParamsSchema.parse({ prompt: 'x' }), files: {} },
      context(),
    ).catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      transient: false,
      provider: 'fal',
      message: 'The hosted model could not process this input: NSFW content detected',
    });
  });

  it('a wrong key is a permanent configuration error', async () => {
    const wrong = createRemoteEngines(
      { ...configFor(server.url), fal: { ...configFor(server.url).fal!, apiKey: 'bad' } },
      { pollIntervalMs: 5 },
    );
    await expect(
      wrong['image-generator']!.run({ params: imageGeneratorParamsSchema.parse({ prompt: 'x' }), files: {} }, context()),
    ).rejects.toMatchObject({
      transient: false,
      status: 401,
      message: 'The fal service rejected our credentials; the team has to fix the configuration',
    });
  });

  it('aborting while the request runs stops promptly and PUTs the cancel', async () => {
    endpoints[MODELS['sound-generator']] = { endless: true };
    const controller = new AbortController();
    const reason = new Error('job timeout');
    setTimeout(() => controller.abort(reason), 60);
    await expect(
      engines['sound-generator']!.run(
        { params: { prompt: 'wind', durationSeconds: 5, format: 'wav' }, files: {} },
        context(controller.signal),
      ),
    ).rejects.toBe(reason);
    await expect
      .poll(() => server.requests.some((r) => r.method === 'PUT' && /^\/test-ai\/elevenlabs\/requests\/[^/]+\/cancel$/.test(r.path)))
      .toBe(true);
  });
});

describe('fal endpoint ids', () => {
  it('polls under owner/alias (and a namespace when there is one)', () => {
    expect(falAppPath('fal-ai/flux/schnell')).toBe('fal-ai/flux');
    expect(falAppPath('fal-ai/kling-video/v2.1/pro/image-to-video')).toBe('fal-ai/kling-video');
    expect(falAppPath('fal-ai/birefnet')).toBe('fal-ai/birefnet');
    expect(falAppPath('workflows/me/my-flow')).toBe('workflows/me/my-flow');
  });

  it('defaults to commercially usable endpoints', () => {
    expect(defaultFalModels).toEqual({
      'ai-background': 'fal-ai/birefnet/v2',
      'image-generator': 'fal-ai/flux/schnell',
      'virtual-try-on': 'fal-ai/fashn/tryon/v1.6',
      speedpainting: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
      'sound-generator': 'fal-ai/elevenlabs/sound-effects/v2',
    });
  });
});
