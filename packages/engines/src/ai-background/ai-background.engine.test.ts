import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import { EngineInputError } from '../engine.ts';
import type { EngineContext, EngineFile } from '../engine.ts';
import { aiBackgroundEngine } from './ai-background.engine.ts';
import { defaultPresetDirectory } from './compose-background.ts';

const width = 160;
const height = 120;
const grey = { r: 214, g: 214, b: 214 };

/** A red disc (radius 34) in the middle of a flat light-grey picture. */
async function redDisc(): Promise<EngineFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(${grey.r},${grey.g},${grey.b})"/><circle cx="80" cy="60" r="34" fill="#d01818"/></svg>`;
  return { name: 'disc.png', contentType: 'image/png', data: await sharp(Buffer.from(svg)).png().toBuffer() };
}

const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });

async function pixels(data: Buffer) {
  const { data: raw, info } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const o = (y * info.width + x) * 4;
    return { r: raw[o]!, g: raw[o + 1]!, b: raw[o + 2]!, a: raw[o + 3]! };
  };
  return { info, at };
}

const run = async (params: AiBackgroundParams, files: Record<string, EngineFile>) => aiBackgroundEngine.run({ params, files }, context());

describe('ai-background built-in engine', () => {
  it('cuts the subject out: transparent where the plain background was, opaque on the subject', async () => {
    const result = await run({ mode: 'transparent' }, { image: await redDisc() });
    expect(result.files).toHaveLength(1);
    const [cutout] = result.files;
    expect(cutout).toMatchObject({ name: 'background-removed.png', contentType: 'image/png', kind: 'image' });
    const { info, at } = await pixels(cutout!.data);
    expect(await sharp(cutout!.data).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
    expect([info.width, info.height]).toEqual([width, height]);
    for (const [x, y] of [
      [2, 2],
      [157, 3],
      [5, 115],
      [150, 110],
      [20, 60],
    ] as const)
      expect(at(x, y).a).toBeLessThan(20);
    for (const [x, y] of [
      [80, 60],
      [70, 50],
      [95, 70],
    ] as const) {
      expect(at(x, y).a).toBeGreaterThan(235);
      expect(at(x, y).r).toBeGreaterThan(180);
    }
    // The preview is smaller, watermarked and not the original.
    const preview = cutout!.preview!;
    expect(preview.contentType).toBe('image/webp');
    expect(preview.data.equals(cutout!.data)).toBe(false);
    expect((await sharp(preview.data).metadata()).format).toBe('webp');
  });

  it('puts the subject on a solid colour', async () => {
    const result = await run({ mode: 'color', color: '#1040c0' }, { image: await redDisc() });
    expect(result.files.map((f) => f.name)).toEqual(['background-color.png', 'background-removed.png']);
    const { at } = await pixels(result.files[0]!.data);
    expect(at(3, 3)).toMatchObject({ r: 16, g: 64, b: 192, a: 255 });
    expect(at(80, 60).r).toBeGreaterThan(180);
    expect(at(80, 60).b).toBeLessThan(60);
  });

  it('puts the subject on one of the product backgrounds', async () => {
    const result = await run({ mode: 'preset', preset: 3 }, { image: await redDisc() });
    const { at } = await pixels(result.files[0]!.data);
    const expected = await pixels(
      await sharp(`${defaultPresetDirectory}3.jpg`).resize(width, height, { fit: 'cover', position: 'attention' }).png().toBuffer(),
    );
    for (const [x, y] of [
      [3, 3],
      [150, 100],
    ] as const) {
      const got = at(x, y);
      const want = expected.at(x, y);
      expect(Math.abs(got.r - want.r) + Math.abs(got.g - want.g) + Math.abs(got.b - want.b)).toBeLessThan(30);
    }
    expect(at(80, 60).r).toBeGreaterThan(180);
  });

  it('puts the subject on an uploaded picture, and the preview is smaller than a large result', async () => {
    const image = await redDisc();
    const big: EngineFile = { ...image, data: await sharp(image.data).resize(800, 600).png().toBuffer() };
    const background: EngineFile = {
      name: 'green.jpg',
      contentType: 'image/jpeg',
      data: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#20a040' } })
        .jpeg()
        .toBuffer(),
    };
    const result = await run({ mode: 'upload' }, { image: big, background });
    const composite = result.files[0]!;
    const { info, at } = await pixels(composite.data);
    expect([info.width, info.height]).toEqual([800, 600]);
    const corner = at(10, 10);
    expect(corner.g).toBeGreaterThan(140);
    expect(corner.r).toBeLessThan(60);
    const preview = await sharp(composite.preview!.data).metadata();
    expect(Math.max(preview.width ?? 0, preview.height ?? 0)).toBe(512);
  });

  it('refuses input it cannot work with', async () => {
    const text: EngineFile = { name: 'notes.png', contentType: 'image/png', data: Buffer.from('hello, not a picture') };
    const tiny: EngineFile = {
      name: 'tiny.png',
      contentType: 'image/png',
      data: await sharp({ create: { width: 12, height: 12, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    };
    const disc = await redDisc();
    const truncated: EngineFile = { ...disc, data: disc.data.subarray(0, Math.floor(disc.data.length / 2)) };
    await expect(run({ mode: 'transparent' }, { image: text })).rejects.toThrow(/not a readable image/);
    await expect(run({ mode: 'transparent' }, { image: tiny })).rejects.toThrow(/too small/);
    await expect(run({ mode: 'transparent' }, { image: truncated })).rejects.toBeInstanceOf(EngineInputError);
    await expect(run({ mode: 'transparent' }, {})).rejects.toThrow(/photo is missing/);
    await expect(run({ mode: 'upload' }, { image: disc })).rejects.toThrow(/background picture is missing/);
    await expect(run({ mode: 'color' }, { image: disc })).rejects.toBeInstanceOf(EngineInputError);
  });
});
