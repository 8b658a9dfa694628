import { valueNoise } from './seeded-random.ts';

/** The displacement field is sampled every this many pixels; it changes by well under a pixel in between. */
const step = 4;

/**
 * The watercolor look on rendered pixels: every pixel is taken from a spot nearby, pushed by smooth seeded
 * noise (up to 1/56 of the short side), so edges turn ragged and bleed like paint on wet paper.
 * This does on raw RGB what an SVG feTurbulence + feDisplacementMap filter did, at a tenth of the cost.
 * Returns a new buffer; blur it a little afterwards to soften the pushed edges.
 */
export function washPixels(pixels: Buffer, width: number, height: number, channels: number, seed: number): Buffer {
  const unit = Math.min(width, height);
  const amplitude = unit / 56;
  const frequency = 10 / unit;
  const noiseX = valueNoise(seed ^ 0x68e31da4);
  const noiseY = valueNoise(seed ^ 0x1b56c4e9);
  const fractal = (noise: (x: number, y: number) => number, x: number, y: number) =>
    (noise(x * frequency, y * frequency) + 0.5 * noise(x * frequency * 2.1, y * frequency * 2.1)) / 1.5;
  const columns = Math.ceil(width / step) + 1;
  const rows = Math.ceil(height / step) + 1;
  const shiftX = new Int16Array(columns * rows);
  const shiftY = new Int16Array(columns * rows);
  for (let gy = 0; gy < rows; gy += 1) {
    for (let gx = 0; gx < columns; gx += 1) {
      shiftX[gy * columns + gx] = Math.round(fractal(noiseX, gx * step, gy * step) * amplitude);
      shiftY[gy * columns + gx] = Math.round(fractal(noiseY, gx * step, gy * step) * amplitude);
    }
  }
  const out = Buffer.alloc(pixels.length);
  for (let y = 0; y < height; y += 1) {
    const cell = Math.round(y / step) * columns;
    for (let x = 0; x < width; x += 1) {
      const g = cell + Math.round(x / step);
      const sx = Math.min(width - 1, Math.max(0, x + shiftX[g]!));
      const sy = Math.min(height - 1, Math.max(0, y + shiftY[g]!));
      const from = (sy * width + sx) * channels;
      const to = (y * width + x) * channels;
      for (let c = 0; c < channels; c += 1) out[to + c] = pixels[from + c]!;
    }
  }
  return out;
}
