import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { speedpaintingStyles } from '@lumen/core/services/speedpainting-params';
import { decodeVideoFrames } from '../media/decode.ts';
import { loadSourceImage } from './source-image.ts';
import { speedpaintingEngine } from './speedpainting.engine.ts';
import { ssim } from './ssim.ts';
import { landscapePng } from './test-pictures.ts';

const context = () => ({ signal: new AbortController().signal, onProgress: () => undefined });
const photo = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** The picture at the video's size, as the engine reads it, in 8-bit RGB. */
async function sourcePixels(data: Buffer): Promise<Buffer> {
  const source = await loadSourceImage(data, '480p');
  return Buffer.from(Array.from(source.data, (value) => Math.round(value)));
}

describe('speed painting arrives: the last frame is a clear painted version of the picture', () => {
  it('measures structure: the same picture is 1, a blank one far below', () => {
    const width = 16;
    const height = 16;
    const picture = Buffer.alloc(width * height * 3);
    for (let i = 0; i < picture.length; i += 1) picture[i] = (i * 37) % 256;
    expect(ssim(picture, picture, width, height, 3)).toBeCloseTo(1, 6);
    expect(ssim(picture, Buffer.alloc(picture.length, 128), width, height, 3)).toBeLessThan(0.2);
  });

  const pictures = [
    ['a man standing on a road (photo)', () => Promise.resolve(photo('standing-on-a-road.jpg'))],
    ['chairs on a terrace (photo)', () => Promise.resolve(photo('terrace-chairs.jpg'))],
    ['a drawn landscape', () => landscapePng(800, 600)],
  ] as const;
  const cases = pictures.flatMap(([name, load]) => speedpaintingStyles.map((style) => [name, style, load] as const));

  it.each(cases)('%s, %s: SSIM of the video’s last frame to the picture ≥ 0.8, and well below at mid-video', async (_name, style, load) => {
    const data = await load();
    const result = await speedpaintingEngine.run(
      {
        params: { durationSeconds: 5, resolution: '480p', style },
        files: { image: { name: 'picture.jpg', contentType: 'image/jpeg', data } },
      },
      context(),
    );
    const { width, height } = result.summary as { width: number; height: number };
    const frames = decodeVideoFrames(result.files[0]!.data, width, height);
    const source = await sourcePixels(data);
    const last = ssim(frames.at(-1)!, source, width, height, 3);
    expect(last).toBeGreaterThanOrEqual(0.8);
    // It is painted, not shown: the empty canvas and the half-painted one are further from the picture.
    const first = ssim(frames[0]!, source, width, height, 3);
    const middle = ssim(frames[Math.floor(frames.length / 2)]!, source, width, height, 3);
    expect(first).toBeLessThan(last - 0.1);
    expect(middle).toBeLessThan(last - 0.03);
    console.info(`${_name}, ${style}: SSIM first ${first.toFixed(3)}, middle ${middle.toFixed(3)}, last ${last.toFixed(3)}`);
  });
});
