import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imageGeneratorParamsSchema } from '@lumen/core/services/image-generator-params';
import type { EngineContext, EngineFile } from '../engine.ts';
import { createAiBackgroundOpenAiEngine } from './ai-background.openai.ts';
import { formDataOf, startFakeServer } from './fake-provider-server.ts';
import type { FakeReply, FakeServer, RecordedRequest } from './fake-provider-server.ts';
import { createImageGeneratorOpenAiEngine } from './image-generator.openai.ts';
import type { OpenAiImageSettings } from './openai-images.ts';

const KEY = 'sk-images';
let server: FakeServer;
let photo: EngineFile;
let landscape: Buffer;
let cutout: Buffer;
let answer: (request: RecordedRequest) => FakeReply;
const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });
const settings = (): OpenAiImageSettings => ({
  apiKey: KEY,
  baseUrl: server.url,
  model: 'gpt-image-1',
  quality: 'medium',
  http: { provider: 'OpenAI', timeoutMs: 2000, retries: 1, baseDelayMs: 5, maxDelayMs: 100 },
});
const images = (...pictures: Buffer[]): FakeReply => ({
  status: 200,
  body: {
    created: 1764064800,
    data: pictures.map((p) => ({ b64_json: p.toString('base64') })),
    // As the Images API reports what it bills for a GPT image model.
    usage: {
      total_tokens: 50 + 1000 * pictures.length,
      input_tokens: 50,
      output_tokens: 1000 * pictures.length,
      input_tokens_details: { text_tokens: 40, image_tokens: 10 },
    },
  },
});

beforeAll(async () => {
  server = await startFakeServer();
  server.handle((request) => {
    if (request.headers.authorization !== `Bearer ${KEY}`)
      return { status: 401, body: { error: { message: 'Incorrect API key provided' } } };
    return answer(request);
  });
  photo = {
    name: 'photo.png',
    contentType: 'image/png',
    data: await sharp({ create: { width: 120, height: 80, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer(),
  };
  landscape = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  cutout = await sharp({ create: { width: 1536, height: 1024, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  answer = () => images(landscape);
});

describe('OpenAI Images', () => {
  it('image generator: POST /v1/images/generations with the GPT image inputs, then crops to the exact aspect ratio', async () => {
    answer = () => images(landscape, landscape);
    const params = imageGeneratorParamsSchema.parse({ prompt: 'a lighthouse', aspectRatio: '16:9', numberOfImages: 2, seed: 5 });
    const usages: unknown[] = [];
    const result = await createImageGeneratorOpenAiEngine(settings()).run(
      { params, files: {} },
      { ...context(), onProviderUsage: (provider, usage) => usages.push({ provider, usage }) },
    );
    // The tokens OpenAI reports are what the run is priced from.
    expect(usages).toEqual([
      { provider: 'openai', usage: { 'text-input-token': 40, 'image-input-token': 10, 'image-output-token': 2000 } },
    ]);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/images/generations' });
    expect(server.requests[0]!.body).toEqual({
      model: 'gpt-image-1',
      prompt: 'a lighthouse. Abstract style',
      n: 2,
      size: '1536x1024',
      quality: 'medium',
      output_format: 'png',
    });
    expect(result.files.map((f) => f.name)).toEqual(['generated-1.png', 'generated-2.png']);
    const { width, height } = await sharp(result.files[0]!.data).metadata();
    expect([width, height]).toEqual([1536, 864]);
    expect(result.summary).toMatchObject({ seed: null, engine: 'OpenAI gpt-image-1' });
  });

  it('ai background: a multipart edit describing the new colour', async () => {
    const result = await createAiBackgroundOpenAiEngine(settings()).run(
      { params: { mode: 'color', color: '#112233' }, files: { image: photo } },
      context(),
    );
    const request = server.requests[0]!;
    expect([request.method, request.path]).toEqual(['POST', '/v1/images/edits']);
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formDataOf(request);
    expect(form.get('model')).toBe('gpt-image-1');
    expect(form.get('prompt')).toMatch(/solid colour #112233/);
    expect(form.get('size')).toBe('1536x1024');
    expect(form.get('input_fidelity')).toBe('high');
    expect(form.get('background')).toBeNull();
    const image = form.get('image') as File;
    expect(image.type).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(120);
    expect(result.files.map((f) => f.name)).toEqual(['background-color.png']);
  });

  it('ai background: a preset goes as the second image[]; transparent asks for a transparent background', async () => {
    const presets = await mkdtemp(join(tmpdir(), 'presets-'));
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00aa00' } })
      .jpeg()
      .toFile(join(presets, '3.jpg'));
    await createAiBackgroundOpenAiEngine(settings(), { presetDirectory: presets }).run(
      { params: { mode: 'preset', preset: 3 }, files: { image: photo } },
      context(),
    );
    const preset = await formDataOf(server.requests[0]!);
    expect(preset.getAll('image[]')).toHaveLength(2);
    expect(preset.get('prompt')).toMatch(/scene in the second picture/);
    answer = () => images(cutout);
    const result = await createAiBackgroundOpenAiEngine(settings()).run(
      { params: { mode: 'transparent' }, files: { image: photo } },
      context(),
    );
    const transparent = await formDataOf(server.requests[1]!);
    expect(transparent.get('background')).toBe('transparent');
    expect(result.files[0]!.name).toBe('background-removed.png');
  });

  it('a rejected prompt is a permanent error with OpenAI’s words in detail', async () => {
    answer = () => ({
      status: 400,
      body: { error: { message: 'Your request was rejected by the safety system.', type: 'image_generation_user_error' } },
    });
    const params = imageGeneratorParamsSchema.parse({ prompt: 'x' });
    await expect(createImageGeneratorOpenAiEngine(settings()).run({ params, files: {} }, context())).rejects.toMatchObject({
      transient: false,
      status: 400,
      detail: 'Your request was rejected by the safety system.',
    });
  });

  it('a 502 or no answer on an image request is never sent again (OpenAI bills the image it may have made); a 429 is', async () => {
    const params = imageGeneratorParamsSchema.parse({ prompt: 'a red fox' });
    answer = () => ({ status: 502, body: { error: { message: 'Bad gateway' } } });
    await expect(createImageGeneratorOpenAiEngine(settings()).run({ params, files: {} }, context())).rejects.toMatchObject({
      transient: false,
      unconfirmed: true,
      status: 502,
    });
    expect(server.requests).toHaveLength(1);
    server.requests.length = 0;
    let calls = 0;
    answer = () =>
      ++calls === 1
        ? { status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'Rate limit reached for images' } } }
        : images(landscape);
    await createImageGeneratorOpenAiEngine(settings()).run({ params, files: {} }, context());
    expect(server.requests).toHaveLength(2);
  });
});
