import type { RgbImage } from '../ai-background/read-image-input.ts';
import type { AlphaMask } from '../ai-background/segment-subject.ts';

/** The garment cut out of its photo and cropped to it, as RGBA pixels. */
export type GarmentCutout = { rgba: Buffer; width: number; height: number };

export function cutOutGarment(image: RgbImage, mask: AlphaMask): GarmentCutout | null {
  const { width, height } = image;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (mask.data[y * width + x]! < 128) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right - left < 8 || bottom - top < 8) return null;
  const w = right - left + 1;
  const h = bottom - top + 1;
  const rgba = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const source = (top + y) * width + left + x;
      const target = (y * w + x) * 4;
      rgba[target] = image.data[source * 3]!;
      rgba[target + 1] = image.data[source * 3 + 1]!;
      rgba[target + 2] = image.data[source * 3 + 2]!;
      const alpha = mask.data[source]!;
      // Pull the soft edge in a little so no halo of the garment photo's background comes along.
      rgba[target + 3] = Math.max(0, Math.min(255, Math.round((alpha - 64) * (255 / 191))));
    }
  }
  bleedSolidColours(rgba, w, h);
  return { rgba, width: w, height: h };
}

/**
 * The soft edge of a cut-out still holds the photo's background mixed in (a light halo on white): its pixels take the
 * colour of the solid garment pixels beside them, spreading inwards-out a few pixels at a time.
 */
function bleedSolidColours(rgba: Buffer, width: number, height: number): void {
  const solid = new Uint8Array(width * height);
  for (let i = 0; i < solid.length; i += 1) solid[i] = rgba[i * 4 + 3]! >= 250 ? 1 : 0;
  for (let pass = 0; pass < 4; pass += 1) {
    const next = Uint8Array.from(solid);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = y * width + x;
        if (solid[i] || rgba[i * 4 + 3] === 0) continue;
        const sum = [0, 0, 0];
        let count = 0;
        for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
          if (j < 0 || !solid[j]) continue;
          sum[0]! += rgba[j * 4]!;
          sum[1]! += rgba[j * 4 + 1]!;
          sum[2]! += rgba[j * 4 + 2]!;
          count += 1;
        }
        if (count === 0) continue;
        for (let c = 0; c < 3; c += 1) rgba[i * 4 + c] = Math.round(sum[c]! / count);
        next[i] = 1;
      }
    }
    solid.set(next);
  }
}
