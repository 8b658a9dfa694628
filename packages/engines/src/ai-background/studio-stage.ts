import type { AlphaMask } from './segment-subject.ts';

/** Where the cut-out subject stands: the bottom of its solid part, its height, and where and how wide its base is. */
export type Stand = { footY: number; top: number; centreX: number; baseWidth: number; touchesBottom: boolean };

/** The subject's stand from its mask (alpha > 128 is solid); null when the mask holds nothing solid. */
export function standOf(mask: AlphaMask): Stand | null {
  const { width, height, data } = mask;
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[y * width + x]! > 128) {
        if (top < 0) top = y;
        bottom = y;
        break;
      }
    }
  }
  if (bottom < 0) return null;
  // The base: the solid pixels in the lowest 4 % of the subject.
  const from = Math.max(top, bottom - Math.max(2, Math.round((bottom - top) * 0.04)));
  let left = width;
  let right = -1;
  let sum = 0;
  let count = 0;
  for (let y = from; y <= bottom; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[y * width + x]! > 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        sum += x;
        count += 1;
      }
    }
  }
  return { footY: bottom + 1, top, centreX: sum / count, baseWidth: right - left + 1, touchesBottom: bottom >= height - 2 };
}

/**
 * Where the floor line (wall meets floor or table top) goes in a picture of this height: a little above the
 * subject's base, so it stands on the surface with floor in front of and behind it; 62 % down when nothing
 * stands in the picture (no subject, or one cut by the bottom edge).
 */
export function floorLineFor(stand: Stand | null, height: number): number {
  if (!stand || stand.touchesBottom) return height * 0.62;
  const subject = stand.footY - stand.top;
  const wanted = stand.footY - Math.max(height * 0.05, subject * 0.2);
  return Math.min(stand.footY - height * 0.03, Math.max(height * 0.3, wanted));
}

/**
 * Crop of a preset picture (w × h, floor line at `horizon` of its height) for an output of width × height with the
 * floor line at `lineY`: scaled to cover, and at least enough that the line can sit there.
 */
export function placeBackdrop(source: { width: number; height: number; horizon: number }, width: number, height: number, lineY: number) {
  const line = source.horizon * source.height;
  const scale = Math.max(width / source.width, height / source.height, lineY / line, (height - lineY) / (source.height - line));
  const scaledWidth = Math.ceil(source.width * scale);
  const scaledHeight = Math.ceil(source.height * scale);
  const top = Math.min(scaledHeight - height, Math.max(0, Math.round(line * scale - lineY)));
  const left = Math.max(0, Math.round((scaledWidth - width) / 2));
  return { scaledWidth, scaledHeight, left, top };
}

/**
 * A soft contact shadow on the surface under the subject's base, in place on the RGB background: a tight dark core
 * where it touches and a wider, fainter ambient shade, both elliptical (flattened by perspective).
 */
export function addContactShadow(background: Buffer, width: number, height: number, stand: Stand): void {
  if (stand.touchesBottom) return;
  const subject = stand.footY - stand.top;
  const rx = Math.max(6, stand.baseWidth * 0.62);
  const ry = Math.max(3, Math.min(subject * 0.05, rx * 0.3));
  // Far enough out that both shades have faded to nothing at the edge of the area drawn.
  const y0 = Math.max(0, Math.floor(stand.footY - ry * 7));
  const y1 = Math.min(height - 1, Math.ceil(stand.footY + ry * 8));
  const x0 = Math.max(0, Math.floor(stand.centreX - rx * 4));
  const x1 = Math.min(width - 1, Math.ceil(stand.centreX + rx * 4));
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const dx = (x - stand.centreX) / rx;
      const dy = (y - stand.footY) / ry;
      const core = 0.5 * Math.exp(-(dx * dx + dy * dy) * 1.6);
      const ambient = 0.2 * Math.exp(-((dx * dx) / 2.2 + (dy * dy) / 5));
      const keep = 1 - Math.min(0.7, core + ambient);
      const o = (y * width + x) * 3;
      background[o] = background[o]! * keep;
      background[o + 1] = background[o + 1]! * keep;
      background[o + 2] = background[o + 2]! * keep;
    }
  }
}
