import sharp from 'sharp';
import type { Finish } from './scene-words.ts';
import { valueNoise } from './seeded-random.ts';
import { washPixels } from './watercolour-wash.ts';

type Raw = { width: number; height: number; channels: 1 | 2 | 3 | 4 };

/**
 * Oil: the colours pooled into dabs (a median filter the size of a brush), then brush marks (noise stretched
 * along a slowly turning stroke direction) and the weave of the canvas in the paint's light.
 */
async function oil(pixels: Buffer, raw: Raw, seed: number): Promise<Buffer> {
  const unit = Math.min(raw.width, raw.height);
  const dabbed = await sharp(pixels, { raw })
    .median(Math.max(3, Math.round(unit / 150) | 1))
    .raw()
    .toBuffer();
  const direction = valueNoise(seed ^ 0x27d4eb2f);
  const bristles = valueNoise(seed ^ 0x165667b1);
  const out = Buffer.alloc(dabbed.length);
  const along = 14 / unit;
  const across = 220 / unit;
  for (let y = 0; y < raw.height; y += 1) {
    for (let x = 0; x < raw.width; x += 1) {
      const angle = direction((x * 1.2) / unit, (y * 1.2) / unit) * Math.PI * 0.6;
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      const u = (x * cos + y * sin) * along;
      const v = (-x * sin + y * cos) * across;
      const stroke = bristles(u, v) * 11;
      const weave = (x % 4 < 2 ? 1 : -1) * (y % 4 < 2 ? 1 : -1) * 3;
      const i = (y * raw.width + x) * raw.channels;
      for (let c = 0; c < 3; c += 1) {
        const value = dabbed[i + c]! + stroke + weave;
        out[i + c] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
      if (raw.channels === 4) out[i + 3] = dabbed[i + 3]!;
    }
  }
  return sharp(out, { raw }).sharpen({ sigma: 0.8 }).raw().toBuffer();
}

/**
 * Pencil: graphite on paper. Outlines where the picture's brightness changes (Sobel on a softened grey),
 * and diagonal hatching that gets denser where the picture is darker; the paper stays white elsewhere.
 */
async function pencil(pixels: Buffer, raw: Raw, seed: number): Promise<Buffer> {
  const { width, height, channels } = raw;
  const grey = await sharp(pixels, { raw })
    .greyscale()
    .blur(Math.max(0.6, Math.min(width, height) / 700))
    .raw()
    .toBuffer();
  const g = (x: number, y: number) => grey[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))]!;
  const grain = valueNoise(seed ^ 0x61c88647);
  const out = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const gx = g(x + 1, y - 1) + 2 * g(x + 1, y) + g(x + 1, y + 1) - g(x - 1, y - 1) - 2 * g(x - 1, y) - g(x - 1, y + 1);
      const gy = g(x - 1, y + 1) + 2 * g(x, y + 1) + g(x + 1, y + 1) - g(x - 1, y - 1) - 2 * g(x, y - 1) - g(x + 1, y - 1);
      const edge = Math.min(1, Math.hypot(gx, gy) / 260);
      const darkness = 1 - g(x, y) / 255;
      // Hatching: one diagonal set from a third dark, a crossing set from two thirds.
      const hatch1 = darkness > 0.3 && (x + y) % 7 < 1.5 ? darkness * 0.8 : 0;
      const hatch2 = darkness > 0.6 && (x - y + 7000) % 7 < 1.5 ? darkness * 0.7 : 0;
      const tone = darkness * 0.28;
      const mark = Math.min(1, edge + hatch1 + hatch2 + tone) * (0.85 + 0.15 * grain(x / 3, y / 3));
      const paper = 246 - (grain(x / 40, y / 40) + 1) * 3;
      const value = paper * (1 - mark) + 55 * mark;
      const i = (y * width + x) * channels;
      out[i] = value;
      out[i + 1] = value;
      out[i + 2] = Math.min(255, value + 4);
      if (channels === 4) out[i + 3] = 255;
    }
  }
  return out;
}

/** The watercolor look: pushed edges (watercolour-wash.ts), softened. */
async function watercolor(pixels: Buffer, raw: Raw, seed: number): Promise<Buffer> {
  return sharp(washPixels(pixels, raw.width, raw.height, raw.channels, seed), { raw })
    .blur(Math.min(raw.width, raw.height) / 400)
    .raw()
    .toBuffer();
}

const finishers: Record<Finish, (pixels: Buffer, raw: Raw, seed: number) => Promise<Buffer>> = { oil, pencil, watercolor };

/** The rendered picture's raw pixels in the asked finish (a new buffer of the same size and layout). */
export function applyFinish(finish: Finish, pixels: Buffer, raw: Raw, seed: number): Promise<Buffer> {
  return finishers[finish](pixels, raw, seed);
}
