import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EngineContext, EngineFile } from '../engine.ts';
import { encodeMp3 } from '../media/ffmpeg.ts';
import { readMp3 } from '../media/mp3-reader.ts';
import { ProviderError } from '../provider-error.ts';
import { readWav } from '../sound-generator/wav.ts';
import { createAiBackgroundRemoveBgEngine } from './ai-background.removebg.ts';
import type { ElevenLabsSettings } from './elevenlabs-client.ts';
import { formDataOf, startFakeServer } from './fake-provider-server.ts';
import { serveRemoveBg } from './fake-removebg.ts';
import type { FakeReply, FakeServer, RecordedRequest } from './fake-provider-server.ts';
import { createSoundGeneratorElevenLabsEngine } from './sound-generator.elevenlabs.ts';

let server: FakeServer;
let answer: (request: RecordedRequest) => FakeReply;
let photo: EngineFile;
const http = (provider: string) => ({ provider, timeoutMs: 2000, retries: 1, baseDelayMs: 5, maxDelayMs: 100 });
const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });

beforeAll(async () => {
  server = await startFakeServer();
  server.handle((request) => answer(request));
  photo = {
    name: 'photo.png',
    contentType: 'image/png',
    data: await sharp({ create: { width: 100, height: 60, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer(),
  };
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('ElevenLabs sound effects', () => {
  const settings = (outputFormat: ElevenLabsSettings['outputFormat']): ElevenLabsSettings => ({
    apiKey: 'xi-key',
    baseUrl: server.url,
    outputFormat,
    http: http('ElevenLabs'),
  });
  const pcm = Buffer.alloc(24_000 * 2);
  for (let i = 0; i < 24_000; i += 1) pcm.writeInt16LE(Math.round(Math.sin(i / 8) * 16000), i * 2);

  it('POST /v1/sound-generation with xi-api-key and the format in the query; raw PCM comes back as a WAV with a preview', async () => {
    answer = (request) =>
      request.headers['xi-api-key'] === 'xi-key'
        ? { status: 200, headers: { 'Content-Type': 'audio/pcm' }, raw: pcm }
        : { status: 401, body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } };
    const result = await createSoundGeneratorElevenLabsEngine(settings('pcm_24000')).run(
      { params: { prompt: 'Door creak', durationSeconds: 1, format: 'wav' }, files: {} },
      context(),
    );
    expect([server.requests[0]!.method, server.requests[0]!.path]).toEqual(['POST', '/v1/sound-generation?output_format=pcm_24000']);
    expect(server.requests[0]!.body).toEqual({
      text: 'Door creak',
      duration_seconds: 1,
      prompt_influence: 0.3,
      model_id: 'eleven_text_to_sound_v2',
    });
    expect(result.files[0]).toMatchObject({ name: 'sound-door-creak.wav', contentType: 'audio/wav' });
    const wav = readWav(result.files[0]!.data);
    expect([wav.sampleRate, wav.channels, wav.frames]).toEqual([24_000, 1, 24_000]);
    expect(result.files[0]!.preview?.name).toBe('sound-door-creak-preview.mp3');
    expect(readMp3(result.files[0]!.preview!.data)).toMatchObject({ channels: 1 });
    expect(result.summary).toMatchObject({ durationSeconds: 1, sampleRate: 24_000 });
  });

  it('MP3 passes through; a bad key is a permanent error with ElevenLabs’ message', async () => {
    const tone = Float32Array.from({ length: 44_100 }, (_, i) => 0.3 * Math.sin(i / 10));
    const provided = await encodeMp3([tone], 44_100, { bitrateKbps: 128 });
    answer = () => ({ status: 200, raw: provided });
    const mp3 = await createSoundGeneratorElevenLabsEngine(settings('mp3_44100_128')).run(
      { params: { prompt: 'Rain', durationSeconds: 30, format: 'wav' }, files: {} },
      context(),
    );
    expect(mp3.files[0]).toMatchObject({ name: 'sound-rain.mp3', contentType: 'audio/mpeg', data: provided });
    expect(mp3.files[0]!.preview).toMatchObject({ name: 'sound-rain-preview.mp3', contentType: 'audio/mpeg' });
    expect((server.requests[0]!.body as { duration_seconds: number }).duration_seconds).toBe(30);
    answer = () => ({ status: 401, body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } });
    const error = (await createSoundGeneratorElevenLabsEngine(settings('pcm_24000'))
      .run({ params: { prompt: 'Rain', durationSeconds: 3, format: 'wav' }, files: {} }, context())
      .catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ transient: false, status: 401, detail: 'Invalid API key' });
  });
});

describe('remove.bg', () => {
  const settings = { apiKey: 'rbg-key', baseUrl: '', http: http('remove.bg') };
  let composite: Buffer;
  beforeAll(async () => {
    settings.baseUrl = server.url;
    composite = await sharp({ create: { width: 100, height: 60, channels: 3, background: '#112233' } })
      .png()
      .toBuffer();
  });

  it('POST /v1.0/removebg multipart with X-Api-Key: the photo, size auto, PNG, and the colour without #', async () => {
    answer = (request) =>
      request.headers['x-api-key'] === 'rbg-key' ? { status: 200, headers: { 'X-Credits-Charged': '1' }, raw: composite } : { status: 403 };
    const result = await createAiBackgroundRemoveBgEngine(settings).run(
      { params: { mode: 'color', color: '#112233' }, files: { image: photo } },
      context(),
    );
    const request = server.requests[0]!;
    expect([request.method, request.path, request.headers.accept]).toEqual(['POST', '/v1.0/removebg', 'image/*']);
    const form = await formDataOf(request);
    expect([form.get('size'), form.get('format'), form.get('bg_color')]).toEqual(['auto', 'png', '112233']);
    expect((form.get('image_file') as File).type).toBe('image/jpeg');
    expect(form.get('bg_image_file')).toBeNull();
    expect(result.files.map((f) => f.name)).toEqual(['background-color.png']);
    expect(result.summary).toMatchObject({ width: 100, height: 60, engine: 'remove.bg' });
  });

  it('records what remove.bg says it charged (X-Credits-Charged) as the run’s usage, from the fake that follows its document', async () => {
    const own = await startFakeServer();
    try {
      serveRemoveBg(own, { key: 'rbg-key', creditsCharged: 0.25 });
      const usage: unknown[] = [];
      await createAiBackgroundRemoveBgEngine({ ...settings, baseUrl: own.url }).run(
        { params: { mode: 'transparent' }, files: { image: photo } },
        { ...context(), onProviderUsage: (provider, reported) => usage.push([provider, reported]) },
      );
      expect(usage).toEqual([['removebg', { credit: 0.25 }]]);
      expect(own.requests).toHaveLength(1);
      // No header, no usage: the price at the job's parameters is recorded instead.
      answer = () => ({ status: 200, raw: composite });
      usage.length = 0;
      await createAiBackgroundRemoveBgEngine(settings).run(
        { params: { mode: 'transparent' }, files: { image: photo } },
        { ...context(), onProviderUsage: (provider, reported) => usage.push([provider, reported]) },
      );
      expect(usage).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('an uploaded background goes as bg_image_file at the photo’s size', async () => {
    answer = () => ({ status: 200, raw: composite });
    const background = {
      name: 'bg.png',
      contentType: 'image/png',
      data: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00ff00' } })
        .png()
        .toBuffer(),
    };
    await createAiBackgroundRemoveBgEngine(settings).run({ params: { mode: 'upload' }, files: { image: photo, background } }, context());
    const upload = (await formDataOf(server.requests[0]!)).get('bg_image_file') as File;
    const { width, height } = await sharp(Buffer.from(await upload.arrayBuffer())).metadata();
    expect([width, height]).toEqual([100, 60]);
  });

  it('out of credits is a permanent error with remove.bg’s own words', async () => {
    answer = () => ({ status: 402, body: { errors: [{ title: 'Insufficient credits', code: 'insufficient_credits' }] } });
    await expect(
      createAiBackgroundRemoveBgEngine(settings).run({ params: { mode: 'transparent' }, files: { image: photo } }, context()),
    ).rejects.toMatchObject({
      transient: false,
      status: 402,
      detail: 'Insufficient credits',
      message: 'The remove.bg account has run out of credit; please try again later',
    });
  });

  it('a 5xx on remove.bg or ElevenLabs is never sent again (one request each), and fails for good', async () => {
    answer = () => ({ status: 503, body: { errors: [{ title: 'Service unavailable' }] } });
    await expect(
      createAiBackgroundRemoveBgEngine(settings).run({ params: { mode: 'transparent' }, files: { image: photo } }, context()),
    ).rejects.toMatchObject({ transient: false, unconfirmed: true, status: 503 });
    expect(server.requests).toHaveLength(1);
    server.requests.length = 0;
    answer = () => ({ status: 500, body: { detail: { status: 'internal_error', message: 'Internal error' } } });
    await expect(
      createSoundGeneratorElevenLabsEngine({
        apiKey: 'xi-key',
        baseUrl: server.url,
        outputFormat: 'mp3_44100_128',
        http: http('ElevenLabs'),
      }).run({ params: { prompt: 'Door creak', durationSeconds: 1, format: 'wav' }, files: {} }, context()),
    ).rejects.toMatchObject({ transient: false, unconfirmed: true, status: 500 });
    expect(server.requests).toHaveLength(1);
  });
});
