import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FloatImage } from './image-field.ts';
import { renderSpeedpaintingVideo } from './render-video.ts';
import { landscapeImage } from './test-pictures.ts';
import { readWebm } from './webm-reader.ts';
import { readVp8Keyframe, webpFromVp8Frame } from './webp-to-vp8.ts';

async function decode(frame: Buffer): Promise<Buffer> {
  return sharp(webpFromVp8Frame(frame)).removeAlpha().raw().toBuffer();
}

/** Mean absolute difference per channel (0..255), optionally on luminance only. */
function meanDifference(frame: Buffer, source: FloatImage, grey = false): number {
  let sum = 0;
  const n = source.width * source.height;
  for (let i = 0; i < n; i += 1) {
    if (grey) {
      const lum = (d: ArrayLike<number>) => 0.299 * (d[i * 3] ?? 0) + 0.587 * (d[i * 3 + 1] ?? 0) + 0.114 * (d[i * 3 + 2] ?? 0);
      sum += Math.abs(lum(frame) - lum(source.data));
    } else {
      for (let c = 0; c < 3; c += 1) sum += Math.abs((frame[i * 3 + c] ?? 0) - (source.data[i * 3 + c] ?? 0)) / 3;
    }
  }
  return sum / n;
}

describe('speed painting renderer', () => {
  it.each(['oil', 'watercolor', 'sketch'] as const)('paints %s stroke by stroke toward the picture', async (style) => {
    const source = await landscapeImage(160, 120);
    const video = await renderSpeedpaintingVideo(source, { style, durationSeconds: 3, fps: 12, quality: 80, seed: 7, preview: true });
    const webm = readWebm(video.webm);
    expect(webm.blocks).toHaveLength(36);
    expect(video.frames).toBe(36);
    expect(webm.durationMs).toBeCloseTo(3000, 6);
    expect(readVp8Keyframe(webm.blocks[0]!.data)).toEqual({ width: 160, height: 120 });
    expect(video.layers.length).toBeGreaterThanOrEqual(3);
    expect(video.layers[0]!.strokes).toBeGreaterThan(0);

    const grey = style === 'sketch';
    const first = meanDifference(await decode(webm.blocks[0]!.data), source, grey);
    const middle = meanDifference(await decode(webm.blocks[14]!.data), source, grey);
    const last = meanDifference(await decode(webm.blocks.at(-1)!.data), source, grey);
    expect(last).toBeLessThan(first * (grey ? 0.6 : 0.35));
    expect(middle).toBeLessThan(first);
    // The finished painting is held at the end.
    expect(webm.blocks.at(-2)!.data.equals(webm.blocks.at(-1)!.data)).toBe(true);

    const preview = readWebm(video.previewWebm!);
    expect({ width: preview.width, height: preview.height }).toEqual({ width: 80, height: 60 });
    expect(preview.blocks).toHaveLength(18);
    expect(preview.durationMs).toBeCloseTo(3000, 6);
  });

  it('is repeatable for the same seed and stops when aborted', async () => {
    const source = await landscapeImage(64, 48);
    const options = { style: 'oil' as const, durationSeconds: 2, fps: 6, quality: 70, seed: 3, preview: false };
    const [a, b] = await Promise.all([renderSpeedpaintingVideo(source, options), renderSpeedpaintingVideo(source, options)]);
    expect(a.webm.equals(b.webm)).toBe(true);

    const controller = new AbortController();
    controller.abort(new Error('job timed out'));
    await expect(renderSpeedpaintingVideo(source, { ...options, signal: controller.signal })).rejects.toThrow('job timed out');
  });
});
