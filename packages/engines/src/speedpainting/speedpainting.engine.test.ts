import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { speedpaintingSummarySchema } from '@lumen/core/services/speedpainting-params';
import type { SpeedpaintingParams } from '@lumen/core/services/speedpainting-params';
import { EngineInputError } from '../engine.ts';
import type { EngineFile } from '../engine.ts';
import { speedpaintingEngine } from './speedpainting.engine.ts';
import { readMp4 } from '../media/mp4-reader.ts';
import { landscapePng } from './test-pictures.ts';

const context = () => ({ signal: new AbortController().signal, onProgress: () => undefined });
const picture = (data: Buffer, name = 'picture.png'): Record<string, EngineFile> => ({
  image: { name, contentType: 'image/png', data },
});

describe('speedpainting built-in engine', () => {
  it('turns a picture into a 5 s 480p MP4, a watermarked preview video and the finished painting', async () => {
    const progress: number[] = [];
    const result = await speedpaintingEngine.run(
      { params: { durationSeconds: 5, resolution: '480p', style: 'watercolor' }, files: picture(await landscapePng(400, 300)) },
      { signal: new AbortController().signal, onProgress: (f) => progress.push(f) },
    );
    expect(speedpaintingEngine).toMatchObject({ service: 'speedpainting', kind: 'builtin' });
    const [video, poster] = result.files;
    expect(video).toMatchObject({ kind: 'video', contentType: 'video/mp4', name: 'speedpainting-watercolor.mp4' });
    const mp4 = readMp4(video!.data);
    expect(mp4.topLevel.slice(0, 2)).toEqual(['ftyp', 'moov']);
    expect(mp4.topLevel.indexOf('moov')).toBeLessThan(mp4.topLevel.indexOf('mdat'));
    expect(mp4).toMatchObject({ codec: 'avc1', profile: 'High', chromaFormat: 1, width: 640, height: 480, frames: 120 });
    expect(mp4.durationSeconds).toBeCloseTo(5, 1);
    // Keyframes every 2 s or so, not every frame.
    expect(mp4.keyframes).toBeLessThanOrEqual(10);
    expect(video!.data.length).toBeLessThan(2 * 1024 * 1024);
    expect(video!.preview).toMatchObject({ contentType: 'video/mp4', name: 'speedpainting-watercolor-preview.mp4' });
    const preview = readMp4(video!.preview!.data);
    expect(preview).toMatchObject({ codec: 'avc1', width: 320, height: 240, frames: 60 });
    expect(preview.durationSeconds).toBeCloseTo(5, 1);
    expect(video!.preview!.data.length).toBeLessThan(video!.data.length);

    expect(poster).toMatchObject({ kind: 'image', contentType: 'image/jpeg' });
    expect(await sharp(poster!.data).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(await sharp(poster!.preview!.data).metadata()).toMatchObject({ width: 320, height: 240 });

    const summary = speedpaintingSummarySchema.parse(result.summary);
    expect(summary).toMatchObject({ frames: 120, fps: 24, style: 'watercolor', durationSeconds: 5, videoCodec: 'h264', container: 'mp4' });
    expect(summary.strokes).toBeGreaterThan(100);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('follows the picture’s orientation: a portrait picture gives a portrait video', async () => {
    const result = await speedpaintingEngine.run(
      { params: { durationSeconds: 5, resolution: '480p', style: 'sketch' }, files: picture(await landscapePng(120, 200)) },
      context(),
    );
    const mp4 = readMp4(result.files[0]!.data);
    expect({ width: mp4.width, height: mp4.height }).toEqual({ width: 480, height: 800 });
  });

  it.each([
    ['no picture', {}, 'Upload a picture'],
    ['an empty file', picture(Buffer.alloc(0)), 'Upload a picture'],
    ['a text file named .png', picture(Buffer.from('hello, this is not an image')), 'could not be read'],
    ['a truncated PNG', 'truncated', 'could not be'],
    ['an SVG', picture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"/>'), 'a.svg'), 'PNG, JPEG or WebP'],
  ] as const)('refuses %s with a clear EngineInputError', async (_label, files, message) => {
    const input = files === 'truncated' ? picture((await landscapePng(200, 150)).subarray(0, 400)) : files;
    const run = speedpaintingEngine.run({ params: { durationSeconds: 5, resolution: '480p', style: 'oil' }, files: input }, context());
    await expect(run).rejects.toBeInstanceOf(EngineInputError);
    await expect(run).rejects.toThrow(message);
  });

  it('refuses options outside the schema', async () => {
    const params = { durationSeconds: 60, resolution: '480p', style: 'oil' } as SpeedpaintingParams;
    await expect(speedpaintingEngine.run({ params, files: picture(await landscapePng(64, 48)) }, context())).rejects.toBeInstanceOf(
      EngineInputError,
    );
  });
});
