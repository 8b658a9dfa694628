import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import { imageGeneratorParamsSchema } from '@lumen/core/services/image-generator-params';
import type { EngineContext, EngineFile } from '../engine.ts';
import { EngineInputError } from '../engine.ts';
import { readMp3 } from '../media/mp3-reader.ts';
import { ProviderError } from '../provider-error.ts';
import { encodeWav } from '../sound-generator/wav.ts';
import { createRemoteEngines } from './create-remote-engines.ts';
import type { RemoteEngines } from './create-remote-engines.ts';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeServer } from './fake-provider-server.ts';
import { serveReplicate } from './fake-replicate.ts';
import type { FakeModel } from './fake-replicate.ts';
import { builtinEnginesConfig } from './remote-config.ts';
import type { EnginesConfig } from './remote-config.ts';

const TOKEN = 'r8_test_token';
let server: FakeServer;
let engines: RemoteEngines;
let models: Record<string, FakeModel>;
let files: Record<string, Buffer>;
let photo: EngineFile;
let progress: number[];

const context = (signal = new AbortController().signal): EngineContext => ({ signal, onProgress: (value) => progress.push(value) });

async function pngFile(width: number, height: number, alpha: boolean): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * channels;
      data[i] = 200;
      data[i + 1] = (x * 255) / width;
      data[i + 2] = (y * 255) / height;
      if (alpha) data[i + 3] = x > width / 4 && x < (3 * width) / 4 ? 255 : 0;
    }
  }
  return sharp(data, { raw: { width, height, channels } }).png().toBuffer();
}

function configFor(baseUrl: string, modelsByService: Partial<Record<string, string>> = {}): EnginesConfig {
  return {
    ...builtinEnginesConfig,
    kinds: {
      'ai-background': 'remote',
      'image-generator': 'remote',
      'virtual-try-on': 'remote',
      speedpainting: 'remote',
      'sales-pilot': 'builtin',
      'sound-generator': 'remote',
    },
    replicate: {
      apiToken: TOKEN,
      baseUrl,
      models: {
        'ai-background': 'test/remove-bg',
        'image-generator': 'test/text-to-image',
        'virtual-try-on': 'test/edit-images',
        speedpainting: 'test/image-to-video',
        'sound-generator': 'test/text-to-audio',
        ...modelsByService,
      },
    },
    requestTimeoutMs: 2000,
    retries: 2,
  };
}

beforeAll(async () => {
  server = await startFakeServer();
  photo = { name: 'photo.png', contentType: 'image/png', data: await pngFile(96, 96, false) };
  files = {
    'cutout.png': await pngFile(96, 96, true),
    'one.png': await pngFile(64, 64, false),
    'two.png': await pngFile(80, 64, false),
    'video.mp4': Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]),
    'sound.wav': encodeWav([new Float32Array(4410).map((_, i) => Math.sin(i / 10) * 0.5)], 44_100),
    'not-an-image.png': Buffer.from('<html>Internal error page</html>'),
    'truncated.png': (await pngFile(64, 64, false)).subarray(0, 60),
  };
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  progress = [];
  models = {
    'test/remove-bg': { output: `${server.url}/files/cutout.png` },
    'test/text-to-image': { output: [`${server.url}/files/one.png`, `${server.url}/files/two.png`] },
    [`version:${'b'.repeat(64)}`]: { output: `${server.url}/files/one.png` },
    'test/edit-images': { output: `${server.url}/files/one.png` },
    'test/image-to-video': { output: `${server.url}/files/video.mp4` },
    'test/text-to-audio': { output: `${server.url}/files/sound.wav` },
  };
  serveReplicate(server, { token: TOKEN, models, files });
  engines = createRemoteEngines(configFor(server.url), { pollIntervalMs: 5 });
});

describe('Replicate adapters', () => {
  it('image generator: creates the prediction, polls starting → processing → succeeded and returns the PNGs with previews', async () => {
    const params = imageGeneratorParamsSchema.parse({
      prompt: 'a red fox',
      negativePrompt: 'text',
      numberOfImages: 2,
      aspectRatio: '16:9',
      seed: 7,
    });
    const result = await engines['image-generator']!.run({ params, files: {} }, context());
    const create = server.requests[0]!;
    expect(create.method).toBe('POST');
    expect(create.path).toBe('/v1/models/test/text-to-image/predictions');
    expect(create.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(create.body).toEqual({
      input: { prompt: 'a red fox. Abstract style. Avoid: text', aspect_ratio: '16:9', num_outputs: 2, output_format: 'png', seed: 7 },
    });
    expect(server.requests.filter((r) => r.path === '/v1/predictions/p1')).toHaveLength(2);
    expect(result.files.map((file) => [file.name, file.kind, file.contentType])).toEqual([
      ['generated-1.png', 'image', 'image/png'],
      ['generated-2.png', 'image', 'image/png'],
    ]);
    expect((await sharp(result.files[1]!.data).metadata()).width).toBe(80);
    expect((await sharp(result.files[0]!.preview!.data).metadata()).format).toBe('webp');
    expect(progress.at(-1)).toBe(1);
    // The token goes to the API's origin only: the file downloads here share it, so they carry it too.
    expect(server.requests.find((r) => r.path === '/files/one.png')?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('ai background: sends the photo as a data URL and puts the cut-out on the chosen colour', async () => {
    const params: AiBackgroundParams = { mode: 'color', color: '#0000ff' };
    const result = await engines['ai-background']!.run({ params, files: { image: photo } }, context());
    const input = (server.requests[0]!.body as { input: { image: string } }).input;
    expect(input.image).toMatch(/^data:image\/jpeg;base64,/);
    expect(result.files.map((file) => file.name)).toEqual(['background-color.png', 'background-removed.png']);
    const { data, info } = await sharp(result.files[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 0, 255]); // transparent corner → the colour
    const centre = (48 * info.width + 48) * info.channels;
    expect(data[centre]).toBe(200); // opaque subject kept
    const cutout = await sharp(result.files[1]!.data).raw().toBuffer({ resolveWithObject: true });
    expect(cutout.info.channels).toBe(4);
    expect(cutout.data[3]).toBe(0);
  });

  it('virtual try-on: an image-editing model gets an instruction and both photos in image_input', async () => {
    const result = await engines['virtual-try-on']!.run(
      { params: { category: 'top', consentToLikeness: true }, files: { person: photo, garment: photo } },
      context(),
    );
    expect(server.requests[0]!.path).toBe('/v1/models/test/edit-images/predictions');
    const input = (server.requests[0]!.body as { input: { prompt: string; image_input: string[]; output_format: string } }).input;
    expect(input.prompt).toMatch(/^Dress the person in the first image in the top shown in the second image/);
    expect(input.image_input).toHaveLength(2);
    expect(input.image_input[0]).toMatch(/^data:image\/jpeg;base64,/);
    expect(input.output_format).toBe('png');
    expect(result.files[0]!.name).toBe('try-on-top.png');
  });

  it('virtual try-on: a pinned IDM-VTON version goes to POST /v1/predictions with IDM-VTON inputs', async () => {
    const idm = createRemoteEngines(configFor(server.url, { 'virtual-try-on': `someone/idm-vton:${'b'.repeat(64)}` }), {
      pollIntervalMs: 5,
    });
    const result = await idm['virtual-try-on']!.run(
      { params: { category: 'dress', consentToLikeness: true }, files: { person: photo, garment: photo } },
      context(),
    );
    expect(server.requests[0]!.path).toBe('/v1/predictions');
    const body = server.requests[0]!.body as { version: string; input: Record<string, string> };
    expect(body.version).toBe('b'.repeat(64));
    expect(body.input.category).toBe('dresses');
    expect(body.input.garment_des).toBe('dress');
    expect(body.input.human_img).toMatch(/^data:image\/jpeg;base64,/);
    expect(result.files[0]!.name).toBe('try-on-dress.png');
  });

  it('virtual try-on: refuses a bad person photo before calling the provider', async () => {
    const bad = { name: 'x.png', contentType: 'image/png', data: Buffer.from('nope') };
    await expect(
      engines['virtual-try-on']!.run(
        { params: { category: 'top', consentToLikeness: true }, files: { person: bad, garment: photo } },
        context(),
      ),
    ).rejects.toBeInstanceOf(EngineInputError);
    expect(server.requests).toHaveLength(0);
  });

  it('speedpainting and sound: return the video and the audio by their content', async () => {
    const video = await engines.speedpainting!.run(
      { params: { durationSeconds: 10, resolution: '480p', style: 'watercolor' }, files: { image: photo } },
      context(),
    );
    expect(video.files[0]).toMatchObject({ kind: 'video', name: 'speedpainting-watercolor.mp4', contentType: 'video/mp4' });
    // Seedance's inputs (the default): the sketched canvas first, the picture last, a 5 s clip at the job's resolution.
    const videoInput = (server.requests[0]!.body as { input: Record<string, unknown> }).input;
    expect(videoInput).toMatchObject({ duration: 5, resolution: '480p', camera_fixed: true });
    expect(videoInput.image).toMatch(/^data:image\/jpeg/);
    expect(videoInput.last_frame_image).toMatch(/^data:image\/jpeg/);
    expect(video.summary).toMatchObject({ durationSeconds: 5 });
    const sound = await engines['sound-generator']!.run(
      { params: { prompt: 'Rain on a tin roof', durationSeconds: 5, format: 'wav' }, files: {} },
      context(),
    );
    expect(sound.files[0]).toMatchObject({ kind: 'audio', name: 'sound-rain-on-a-tin-roof.wav', contentType: 'audio/wav' });
    expect(sound.summary).toMatchObject({ sampleRate: 44_100, channels: 1, durationSeconds: 0.1 });
    expect((sound.summary as { peaks: number[] }).peaks).toHaveLength(200);
    expect(Math.max(...(sound.summary as { peaks: number[] }).peaks)).toBeCloseTo(0.5, 1);
    const preview = sound.files[0]!.preview!;
    expect(preview).toMatchObject({ name: 'sound-rain-on-a-tin-roof-preview.mp3', contentType: 'audio/mpeg' });
    expect(readMp3(preview.data).channels).toBe(1);
    expect(server.requests.find((r) => r.path.endsWith('text-to-audio/predictions'))?.body).toEqual({
      input: { prompt: 'Rain on a tin roof', duration: 5 },
    });
  });

  it('the shipped defaults get their own inputs: ElevenLabs Music a length in ms (5 s at the least), MiniMax one first frame', async () => {
    models['elevenlabs/music'] = { output: `${server.url}/files/sound.wav` };
    models['minimax/video-01'] = { output: `${server.url}/files/video.mp4` };
    const defaults = createRemoteEngines(
      configFor(server.url, { 'sound-generator': 'elevenlabs/music', speedpainting: 'minimax/video-01' }),
      { pollIntervalMs: 5 },
    );
    await defaults['sound-generator']!.run({ params: { prompt: 'Rain', durationSeconds: 3, format: 'wav' }, files: {} }, context());
    expect(server.requests[0]!.path).toBe('/v1/models/elevenlabs/music/predictions');
    expect((server.requests[0]!.body as { input: unknown }).input).toEqual({
      prompt: 'Rain',
      music_length_ms: 5000,
      force_instrumental: true,
      output_format: 'wav_cd_quality',
    });
    server.requests.length = 0;
    await defaults.speedpainting!.run(
      { params: { durationSeconds: 10, resolution: '720p', style: 'oil' }, files: { image: photo } },
      context(),
    );
    const input = (server.requests[0]!.body as { input: Record<string, unknown> }).input;
    expect(Object.keys(input).sort()).toEqual(['first_frame_image', 'prompt', 'prompt_optimizer']);
  });

  it('a failed prediction is a permanent error with the model’s reason', async () => {
    models['test/text-to-audio'] = { error: 'CUDA out of memory' };
    const error = await engines['sound-generator']!.run(
      { params: { prompt: 'wind', durationSeconds: 5, format: 'wav' }, files: {} },
      context(),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).transient).toBe(false);
    expect((error as ProviderError).message).toBe('The hosted model could not process this input: CUDA out of memory');
  });

  it('malformed output (a text page, a truncated PNG, no file at all) is a clear permanent error', async () => {
    const params = imageGeneratorParamsSchema.parse({ prompt: 'fox' });
    for (const output of [`${server.url}/files/not-an-image.png`, `${server.url}/files/truncated.png`, null, { text: 'hello' }]) {
      models['test/text-to-image'] = { output };
      const error = (await engines['image-generator']!.run({ params, files: {} }, context()).catch((e: unknown) => e)) as ProviderError;
      expect(error).toBeInstanceOf(ProviderError);
      expect(error.transient).toBe(false);
      expect(error.message).toMatch(/not a valid image file|finished without returning a file/);
    }
  });

  it('retries a 429 on create (honouring Retry-After) and a 500 while polling', async () => {
    let creates = 0;
    let failedPoll = false;
    const replicate = serveReplicate(server, { token: TOKEN, models, files });
    server.handle((request) => {
      if (request.method === 'POST' && request.path.endsWith('/predictions') && ++creates === 1) {
        return { status: 429, headers: { 'Retry-After': '0' }, body: { detail: 'Request was throttled.' } };
      }
      if (request.method === 'GET' && request.path === '/v1/predictions/p1' && !failedPoll) {
        failedPoll = true;
        return { status: 502, body: 'Bad gateway' };
      }
      return replicate.handler(request);
    });
    const result = await engines['image-generator']!.run(
      { params: imageGeneratorParamsSchema.parse({ prompt: 'fox' }), files: {} },
      context(),
    );
    expect(result.files).toHaveLength(1);
    expect(creates).toBe(2);
    expect(failedPoll).toBe(true);
  });

  it('a 500 on a create is not sent again: one create, and an unconfirmed error that no retry or fallback repeats', async () => {
    server.handle(() => ({ status: 500, body: { detail: 'internal' } }));
    const error = (await engines['image-generator']!.run(
      { params: imageGeneratorParamsSchema.parse({ prompt: 'fox' }), files: {} },
      context(),
    ).catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ transient: false, unconfirmed: true, status: 500 });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    // The lookup in the listing failed too (500 on every read): nothing else was sent.
    expect(server.requests.every((r) => r.method === 'POST' || r.path.startsWith('/v1/predictions?created_after='))).toBe(true);
  });

  it('a 502 after Replicate took the create: the prediction is found in the listing and the job goes on with it (one create)', async () => {
    const replicate = serveReplicate(server, { token: TOKEN, models, files });
    server.handle((request) => {
      const reply = replicate.handler(request);
      return request.method === 'POST' && request.path.endsWith('/predictions') ? { status: 502, body: 'Bad gateway' } : reply;
    });
    const stored: string[] = [];
    const result = await engines['image-generator']!.run(
      { params: imageGeneratorParamsSchema.parse({ prompt: 'fox' }), files: {} },
      {
        ...context(),
        requests: { existing: null, submitted: async (request) => void stored.push(request.requestId), ended: async () => undefined },
      },
    );
    expect(result.files).toHaveLength(1);
    expect(stored).toEqual(['p1']);
    const creates = server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
    expect(creates).toHaveLength(1);
    const listing = server.requests.filter((r) => r.path.startsWith('/v1/predictions?'));
    expect(listing).toHaveLength(1);
    // Read from a minute before the create, as the documented created_after filter takes it.
    const after = new URLSearchParams(listing[0]!.path.split('?')[1]).get('created_after')!;
    expect(Date.now() - Date.parse(after)).toBeGreaterThanOrEqual(60_000);
    expect(server.requests.filter((r) => r.path === '/v1/predictions/p1').length).toBeGreaterThan(0);
  });

  it('an unconfirmed create is not taken over when the listing cannot tell which prediction is ours, or shows none', async () => {
    const replicate = serveReplicate(server, { token: TOKEN, models, files });
    let failCreates = true;
    server.handle((request) => {
      const reply = replicate.handler(request);
      return failCreates && request.method === 'POST' && request.path.endsWith('/predictions')
        ? { status: 502, body: 'Bad gateway' }
        : reply;
    });
    // Another job made the same prediction a moment before: two could be ours, so neither is taken.
    failCreates = false;
    await engines['image-generator']!.run({ params: imageGeneratorParamsSchema.parse({ prompt: 'fox' }), files: {} }, context());
    failCreates = true;
    server.requests.length = 0;
    const twice = (await engines['image-generator']!.run(
      { params: imageGeneratorParamsSchema.parse({ prompt: 'fox' }), files: {} },
      context(),
    ).catch((e: unknown) => e)) as ProviderError;
    expect(twice).toMatchObject({ transient: false, unconfirmed: true, status: 502 });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(server.requests.filter((r) => r.path.startsWith('/v1/predictions/'))).toHaveLength(0);
    // A create Replicate did not take (a 502 from a proxy in front of it): nothing listed after three reads.
    server.handle((request) =>
      request.method === 'POST' && request.path.endsWith('/predictions')
        ? { status: 502, body: 'Bad gateway' }
        : replicate.handler(request),
    );
    server.requests.length = 0;
    const none = (await engines['image-generator']!.run(
      { params: imageGeneratorParamsSchema.parse({ prompt: 'a different fox' }), files: {} },
      context(),
    ).catch((e: unknown) => e)) as ProviderError;
    expect(none).toMatchObject({ transient: false, unconfirmed: true, status: 502 });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(server.requests.filter((r) => r.path.startsWith('/v1/predictions?'))).toHaveLength(3);
  });

  it('a provider that stops answering status reads is read again until the deadline, then cancelled once: one create', async () => {
    const replicate = serveReplicate(server, { token: TOKEN, models, files });
    server.handle((request) =>
      request.method === 'GET' && request.path.startsWith('/v1/predictions/')
        ? { ...replicate.handler(request)!, delayMs: 1500 }
        : replicate.handler(request),
    );
    const quick = createRemoteEngines({ ...configFor(server.url), requestTimeoutMs: 200, retries: 1 }, { pollIntervalMs: 5 });
    const deadline = new AbortController();
    // Each status read times out after 200 ms; 3 s leaves room for several even while other test files load the cores
    // (1.2 s allowed a single read once in CI).
    setTimeout(() => deadline.abort(new Error('deadline')), 3000);
    const error = (await quick['image-generator']!.run(
      { params: imageGeneratorParamsSchema.parse({ prompt: 'fox' }), files: {} },
      context(deadline.signal),
    ).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('deadline');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'))).toHaveLength(1);
    expect(server.requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(2);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/cancel'))).toHaveLength(1);
  });

  it('a wrong token or an unknown model is a permanent configuration error', async () => {
    const wrong = createRemoteEngines(
      { ...configFor(server.url), replicate: { ...configFor(server.url).replicate!, apiToken: 'bad' } },
      { pollIntervalMs: 5 },
    );
    const params = imageGeneratorParamsSchema.parse({ prompt: 'fox' });
    await expect(wrong['image-generator']!.run({ params, files: {} }, context())).rejects.toMatchObject({ transient: false, status: 401 });
    const unknown = createRemoteEngines(configFor(server.url, { 'image-generator': 'test/missing' }), { pollIntervalMs: 5 });
    await expect(unknown['image-generator']!.run({ params, files: {} }, context())).rejects.toMatchObject({
      transient: false,
      message: 'The model configured for Replicate was not found; the team has to fix the configuration',
    });
  });

  it('aborting while the prediction runs stops promptly and cancels the prediction', async () => {
    models['test/text-to-image'] = { endless: true };
    const controller = new AbortController();
    const reason = new Error('job timeout');
    const running = engines['image-generator']!.run(
      { params: imageGeneratorParamsSchema.parse({ prompt: 'fox' }), files: {} },
      context(controller.signal),
    );
    // Aborted while the prediction runs (once its status is read), not before the create went out on a slow start.
    await expect.poll(() => server.requests.some((r) => r.method === 'GET' && r.path === '/v1/predictions/p1')).toBe(true);
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    await expect.poll(() => server.requests.some((r) => r.method === 'POST' && r.path === '/v1/predictions/p1/cancel')).toBe(true);
  });
});
