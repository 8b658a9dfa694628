import { hash3 } from './seeded-random.ts';
import type { StylePreset } from './styles.ts';

/**
 * A brightness multiplier per pixel for the surface under the paint: a linen weave for oil, a
 * paper grain (two octaves of value noise) for watercolour and pencil.
 */
export function surfaceTexture(width: number, height: number, style: StylePreset, seed: number): Float32Array {
  const out = new Float32Array(width * height);
  const strength = style.textureStrength;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let v: number;
      if (style.texture === 'canvas') {
        const warp = Math.sin(x * 1.7 + hash3(0, y, seed) * 0.8);
        const weft = Math.sin(y * 1.7 + hash3(x, 0, seed) * 0.8);
        const over = ((x >> 1) + (y >> 1)) & 1 ? warp : weft;
        v = 0.55 * over + 0.45 * (hash3(x, y, seed) - 0.5) * 2;
      } else {
        v = (valueNoise(x / 3, y / 3, seed) - 0.5) * 1.2 + (valueNoise(x / 14, y / 14, seed + 1) - 0.5) * 0.8;
      }
      out[y * width + x] = 1 + strength * v * 0.5;
    }
  }
  return out;
}

function valueNoise(x: number, y: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const top = hash3(x0, y0, seed) * (1 - sx) + hash3(x0 + 1, y0, seed) * sx;
  const bottom = hash3(x0, y0 + 1, seed) * (1 - sx) + hash3(x0 + 1, y0 + 1, seed) * sx;
  return top * (1 - sy) + bottom * sy;
}

/** The canvas as 8-bit RGB with the surface texture applied: one video frame. */
export function composeFrame(rgb: Float32Array, texture: Float32Array): Buffer {
  const out = Buffer.allocUnsafe(rgb.length);
  const n = texture.length;
  for (let i = 0; i < n; i += 1) {
    const t = texture[i] ?? 1;
    const o = i * 3;
    out[o] = Math.max(0, Math.min(255, (rgb[o] ?? 0) * t + 0.5));
    out[o + 1] = Math.max(0, Math.min(255, (rgb[o + 1] ?? 0) * t + 0.5));
    out[o + 2] = Math.max(0, Math.min(255, (rgb[o + 2] ?? 0) * t + 0.5));
  }
  return out;
}
