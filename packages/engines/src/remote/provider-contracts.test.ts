import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { openAiAnswerProblems, openAiErrorProblems } from './contracts/provider-contracts.ts';
import { generateSoundEffect } from './elevenlabs-client.ts';
import { elevenLabsQuotaExceeded, serveElevenLabs } from './fake-elevenlabs.ts';
import { serveOpenAiImages } from './fake-openai-images.ts';
import { startFakeServer } from './fake-provider-server.ts';
import type { FakeServer } from './fake-provider-server.ts';
import { serveRemoveBg } from './fake-removebg.ts';
import type { HttpPolicy } from './http-client.ts';
import { editImage, generateImages } from './openai-images.ts';
import { removeBackground } from './removebg-client.ts';

/** Every request our direct adapters send, checked by the fakes against the provider's published document (contracts/). */
const http = (provider: string): HttpPolicy => ({ provider, timeoutMs: 5000, retries: 0, baseDelayMs: 10, maxDelayMs: 100 });
const signal = () => new AbortController().signal;

let server: FakeServer;
let png: Buffer;
const photo = () => ({ name: 'photo.png', contentType: 'image/png', data: png });

beforeAll(async () => {
  server = await startFakeServer();
  png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#3070a0' } })
    .png()
    .toBuffer();
});
afterAll(() => server.close());

describe('OpenAI Images against openai-openapi', () => {
  const settings = () => ({
    apiKey: 'sk-test',
    baseUrl: server.url,
    model: 'gpt-image-1',
    quality: 'medium' as const,
    http: http('OpenAI'),
  });

  it('generations and edits (one picture, several, transparent) keep the document; the fake’s answers keep it too', async () => {
    const fake = serveOpenAiImages(server, { key: 'sk-test', image: png });
    server.requests.length = 0;
    expect(await generateImages(settings(), { prompt: 'a fox', n: 2, size: '1536x1024' }, signal())).toHaveLength(2);
    await editImage(settings(), { images: [photo()], prompt: 'studio light', size: 'auto', background: 'transparent' }, signal());
    await editImage(settings(), { images: [photo(), photo()], prompt: 'wear the jacket', size: '1024x1536' }, signal());
    expect(server.requests).toHaveLength(3);
    expect(fake.violations).toEqual([]);
    const answer = await fake.handler(server.requests[0]!);
    expect(openAiAnswerProblems(answer!.body)).toEqual([]);
  });

  it('a request outside the document is refused as OpenAI refuses it (so the check can fail)', async () => {
    const fake = serveOpenAiImages(server, { key: 'sk-test', image: png });
    const wrong = { ...settings(), quality: 'ultra' as unknown as 'high' };
    await expect(generateImages(wrong, { prompt: 'a fox', n: 1, size: '1024x1024' }, signal())).rejects.toThrow(/did not accept/);
    expect(fake.violations.join()).toMatch(/quality/);
    const refusal = await fake.handler(server.requests.at(-1)!);
    expect(refusal!.status).toBe(400);
    expect(openAiErrorProblems(refusal!.body)).toEqual([]);
  });
});

describe('ElevenLabs sound generation against the official client’s request type', () => {
  const settings = (outputFormat: 'pcm_22050' | 'mp3_44100_128') => ({
    apiKey: 'xi-test',
    baseUrl: server.url,
    outputFormat,
    http: http('ElevenLabs'),
  });

  it('PCM and MP3 requests keep the type; PCM comes back as a WAV of the asked length', async () => {
    const fake = serveElevenLabs(server, { key: 'xi-test' });
    const wav = await generateSoundEffect(settings('pcm_22050'), { text: 'rain on a tin roof', durationSeconds: 2 }, signal());
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.length).toBeGreaterThan(2 * 22_050 * 2);
    await generateSoundEffect(settings('mp3_44100_128'), { text: 'a door creaks', durationSeconds: 45, promptInfluence: 0.8 }, signal());
    expect(fake.violations).toEqual([]);
  });

  it('a body outside the type is refused with 422 (so the check can fail)', async () => {
    const fake = serveElevenLabs(server, { key: 'xi-test' });
    const answer = await fetch(`${server.url}/v1/sound-generation?output_format=wav_44100`, {
      method: 'POST',
      headers: { 'xi-api-key': 'xi-test', 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'thunder', duration_seconds: 45, seconds: 3 }),
    });
    expect(answer.status).toBe(422);
    expect(fake.violations).toEqual([
      'query/output_format must be equal to one of the allowed values',
      'body must NOT have additional properties',
      'body/duration_seconds must be <= 30',
    ]);
  });
});

describe('ElevenLabs out of credits', () => {
  it('its 401 quota_exceeded is the out-of-credit error, not a credentials one, and is not sent again', async () => {
    server.handle(() => elevenLabsQuotaExceeded);
    server.requests.length = 0;
    const settings = {
      apiKey: 'xi-test',
      baseUrl: server.url,
      outputFormat: 'pcm_22050' as const,
      http: { ...http('ElevenLabs'), retries: 3 },
    };
    const failure = generateSoundEffect(settings, { text: 'rain', durationSeconds: 2 }, signal());
    await expect(failure).rejects.toMatchObject({
      transient: false,
      message: 'The ElevenLabs account has run out of credit; please try again later',
    });
    expect(server.requests).toHaveLength(1);
  });
});

describe('remove.bg against its swagger.yaml', () => {
  const settings = () => ({ apiKey: 'rbg-test', baseUrl: server.url, http: http('remove.bg') });

  it('transparent, on a colour and on a picture keep the document; the cut-out has the photo’s size', async () => {
    const fake = serveRemoveBg(server, { key: 'rbg-test' });
    const cut = await removeBackground(settings(), { image: photo() }, signal());
    expect(await sharp(cut.image).metadata()).toMatchObject({ width: 48, height: 32, hasAlpha: true });
    expect(cut.creditsCharged).toBe(1);
    await removeBackground(settings(), { image: photo(), bgColor: '#ffcc00' }, signal());
    await removeBackground(settings(), { image: photo(), bgImage: photo() }, signal());
    expect(fake.violations).toEqual([]);
  });

  it('two backgrounds at once break the document and are refused with 400 (so the check can fail)', async () => {
    const fake = serveRemoveBg(server, { key: 'rbg-test' });
    await expect(removeBackground(settings(), { image: photo(), bgColor: 'fff', bgImage: photo() }, signal())).rejects.toThrow(
      /did not accept/,
    );
    expect(fake.violations).toEqual(['form: at most one of bg_color, bg_image_file, bg_image_url']);
  });
});
