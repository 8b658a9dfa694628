import { describe, expect, it } from 'vitest';
import { decodeVideoFrames } from '../media/decode.ts';
import { readMp4 } from '../media/mp4-reader.ts';
import type { FloatImage } from './image-field.ts';
import { renderSpeedpaintingVideo } from './render-video.ts';
import { landscapeImage } from './test-pictures.ts';

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
    const video = await renderSpeedpaintingVideo(source, { style, durationSeconds: 3, fps: 12, crf: 20, seed: 7, preview: true });
    const mp4 = readMp4(video.mp4);
    expect(mp4).toMatchObject({ codec: 'avc1', width: 160, height: 120, frames: 36 });
    expect(video.frames).toBe(36);
    expect(mp4.durationSeconds).toBeCloseTo(3, 1);
    expect(video.layers.length).toBeGreaterThanOrEqual(3);
    expect(video.layers[0]!.strokes).toBeGreaterThan(0);

    const frames = decodeVideoFrames(video.mp4, 160, 120);
    expect(frames).toHaveLength(36);
    const grey = style === 'sketch';
    const first = meanDifference(frames[0]!, source, grey);
    const middle = meanDifference(frames[14]!, source, grey);
    const last = meanDifference(frames.at(-1)!, source, grey);
    expect(last).toBeLessThan(first * (grey ? 0.6 : 0.35));
    expect(middle).toBeLessThan(first);
    // The finished painting is held at the end.
    expect(meanDifference(frames.at(-2)!, { ...source, data: Float32Array.from(frames.at(-1)!) })).toBeLessThan(1);

    const preview = readMp4(video.previewMp4!);
    expect(preview).toMatchObject({ width: 80, height: 60, frames: 18 });
    expect(preview.durationSeconds).toBeCloseTo(3, 1);
  });

  it('is repeatable for the same seed and stops when aborted', async () => {
    const source = await landscapeImage(64, 48);
    const options = { style: 'oil' as const, durationSeconds: 2, fps: 6, crf: 23, seed: 3, preview: false };
    const [a, b] = await Promise.all([renderSpeedpaintingVideo(source, options), renderSpeedpaintingVideo(source, options)]);
    expect(a.mp4.equals(b.mp4)).toBe(true);

    const controller = new AbortController();
    controller.abort(new Error('job timed out'));
    await expect(renderSpeedpaintingVideo(source, { ...options, signal: controller.signal })).rejects.toThrow('job timed out');
  });
});
