import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import { EngineInputError } from '../engine.ts';
import type { EngineContext, EngineFile } from '../engine.ts';
import { aiBackgroundEngine } from './ai-background.engine.ts';
import { aiBackgroundPresetNames } from '@lumen/core/services/ai-background-params';
import { defaultPresetDirectory } from './compose-background.ts';
import { studioPresets, studioSize, studioSvg } from './studio-presets.ts';

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

  it('stands the subject on a studio backdrop: floor in front of and behind its base, and a soft contact shadow', async () => {
    // A dark bottle standing with its base 170 px down a 320 × 200 photo.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="100%" height="100%" fill="#9aa4ad"/><rect x="140" y="70" width="40" height="100" rx="8" fill="#1f5f33"/><rect x="152" y="48" width="16" height="26" fill="#1f5f33"/></svg>`;
    const image: EngineFile = { name: 'bottle.png', contentType: 'image/png', data: await sharp(Buffer.from(svg)).png().toBuffer() };
    const result = await aiBackgroundEngine.run({ params: { mode: 'preset', preset: 7 }, files: { image } }, context());
    expect(result.files.map((f) => f.name)).toEqual(['background-preset.png', 'background-removed.png']);
    const summary = result.summary as { standsAt: { x: number; y: number } };
    expect(Math.abs(summary.standsAt.y - 170)).toBeLessThanOrEqual(3);
    expect(Math.abs(summary.standsAt.x - 160)).toBeLessThanOrEqual(3);
    const { at } = await pixels(result.files[0]!.data);
    const lum = (p: { r: number; g: number; b: number }) => 0.299 * p.r + 0.587 * p.g + 0.114 * p.b;
    // Preset 7 is a white wall over an oak floor. The floor line is put a fifth of the bottle's height above its
    // base (y 146), not where it would fall by default (62 % down, y 124): beside the lower bottle, wall; at its base, oak.
    const wall = at(20, 136);
    const floor = at(20, 165);
    expect(wall.r - wall.b).toBeLessThan(20);
    expect(lum(wall)).toBeGreaterThan(200);
    expect(floor.r - floor.b).toBeGreaterThan(40);
    // The shadow, on the plain white sweep: darkest just under the base, fading out to the floor's own colour.
    const sweep = await aiBackgroundEngine.run({ params: { mode: 'preset', preset: 1 }, files: { image } }, context());
    const onSweep = (await pixels(sweep.files[0]!.data)).at;
    const under = lum(onSweep(160, 172));
    const aside = lum(onSweep(20, 172));
    expect(under).toBeLessThan(aside - 25);
    expect(lum(onSweep(160, 188))).toBeGreaterThan(under);
    expect(Math.abs(lum(onSweep(160, 199)) - lum(onSweep(20, 199)))).toBeLessThan(8);
    // The bottle itself is untouched.
    expect(at(160, 120).g).toBeGreaterThan(at(160, 120).r + 30);
  });

  it('stands a subject on every studio backdrop, each with a name, drawn by the code that made its file', async () => {
    expect(studioPresets.map((p) => p.name)).toEqual([...aiBackgroundPresetNames]);
    for (const [index, preset] of studioPresets.entries()) {
      // The committed file is what studioSvg draws (scripts/render-studio-presets.ts), not a picture of something else.
      const file = await sharp(`${defaultPresetDirectory}${index + 1}.jpg`)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const drawn = await sharp(Buffer.from(studioSvg(preset)))
        .removeAlpha()
        .raw()
        .toBuffer();
      expect([file.info.width, file.info.height]).toEqual([studioSize.width, studioSize.height]);
      let difference = 0;
      for (let i = 0; i < drawn.length; i += 97) difference += Math.abs(drawn[i]! - file.data[i]!);
      expect(difference / (drawn.length / 97), preset.name).toBeLessThan(4);
      expect((await sharp(`${defaultPresetDirectory}${index + 1}-thumb.jpg`).metadata()).width).toBe(240);
    }
    const result = await run({ mode: 'preset', preset: 3 }, { image: await redDisc() });
    expect(result.files[0]!.name).toBe('background-preset.png');
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
