import type { RgbImage } from '../ai-background/read-image-input.ts';
import type { AlphaMask } from '../ai-background/segment-subject.ts';
import type { BodyFrame, Placement } from './body-frame.ts';
import { sample } from './dress-upper-body.ts';
import type { GarmentCutout } from './garment-cutout.ts';
import type { Occlusion } from './occlusion-mask.ts';
import type { Point } from './person-pose.ts';

/**
 * Share of the garment crop's width that is the garment's body on the row at relative height t: the run of
 * garment pixels through the crop's centre (so sleeves beside it do not count), or the row's whole extent when the
 * centre is open (between trouser legs).
 */
function garmentShareAt(garment: GarmentCutout, t: number): number {
  const y = Math.min(garment.height - 1, Math.max(0, Math.round(t * (garment.height - 1))));
  const solid = (x: number) => garment.rgba[(y * garment.width + x) * 4 + 3]! >= 128;
  const centre = Math.floor(garment.width / 2);
  let first = -1;
  let last = -1;
  if (solid(centre)) {
    first = centre;
    last = centre;
    while (first > 0 && solid(first - 1)) first -= 1;
    while (last < garment.width - 1 && solid(last + 1)) last += 1;
  } else {
    for (let x = 0; x < garment.width; x += 1) {
      if (!solid(x)) continue;
      if (first < 0) first = x;
      last = x;
    }
  }
  return first < 0 ? 1 : Math.max(0.2, (last - first + 1) / garment.width);
}

/**
 * Running maximum over a window of 2r + 1 along one line of `count` values, zeros beyond its ends (van Herk /
 * Gil-Werman: prefix and suffix maxima within blocks of the window's length, so the cost does not grow with r).
 * `prefix` and `suffix` are scratch space of at least count + 2r values.
 */
function maxAlong(
  src: Uint8Array,
  dst: Uint8Array,
  start: number,
  step: number,
  count: number,
  r: number,
  prefix: Uint8Array,
  suffix: Uint8Array,
): void {
  const block = 2 * r + 1;
  const padded = count + 2 * r;
  const at = (j: number) => (j < r || j >= r + count ? 0 : src[start + (j - r) * step]!);
  for (let j = 0; j < padded; j += 1) prefix[j] = j % block === 0 ? at(j) : Math.max(prefix[j - 1]!, at(j));
  for (let j = padded - 1; j >= 0; j -= 1) suffix[j] = j === padded - 1 || (j + 1) % block === 0 ? at(j) : Math.max(suffix[j + 1]!, at(j));
  for (let i = 0; i < count; i += 1) dst[start + i * step] = Math.max(suffix[i]!, prefix[i + 2 * r]!);
}

/** The silhouette grown by `radius` pixels (a square max filter, one pass a direction). */
export function growMask(mask: AlphaMask, radius: number): Uint8Array {
  const { width, height, data } = mask;
  const r = Math.max(0, Math.round(radius));
  if (r === 0) return data;
  const rows = new Uint8Array(data.length);
  const out = new Uint8Array(data.length);
  const prefix = new Uint8Array(Math.max(width, height) + 2 * r);
  const suffix = new Uint8Array(Math.max(width, height) + 2 * r);
  for (let y = 0; y < height; y += 1) maxAlong(data, rows, y * width, 1, width, r, prefix, suffix);
  for (let x = 0; x < width; x += 1) maxAlong(rows, out, x, width, height, r, prefix, suffix);
  return out;
}

/** The garment's outline on the photo: corners top-left, top-right, bottom-right, bottom-left. */
export type GarmentQuad = [Point, Point, Point, Point];

export type FitOptions = {
  person: RgbImage;
  /** The person's light: blurred grey values, one byte a pixel. */
  shade: Uint8Array;
  silhouette: AlphaMask;
  frame: BodyFrame;
  placement: Placement;
  garment: GarmentCutout;
  occlusion: Occlusion;
};

/**
 * Lays the garment on the body: scaled so its body covers the person's at the placement's
 * height, turned with the torso, clipped to the person's silhouette (grown by the placement's
 * margin), kept behind the face, forearms and hands, shaded by the person's own light and blended
 * with its soft cut-out edge. Returns the new RGB pixels and the garment's outline.
 */
export function fitGarment({ person, shade, silhouette, frame, placement, garment, occlusion }: FitOptions): {
  pixels: Buffer;
  quad: GarmentQuad;
} {
  const { width, height } = person;
  const out = Buffer.from(person.data);
  const length = Math.max(4, placement.bottom - placement.top);
  const scaleY = length / garment.height;
  const covering = placement.coverWidth / (garmentShareAt(garment, placement.coverAt) * garment.width);
  // The garment keeps roughly its photo's proportions: at most 1.8× wider or 0.6× narrower.
  const scaleX = Math.min(scaleY * 1.8, Math.max(scaleY * 0.6, covering));
  const halfWidth = (garment.width * scaleX) / 2;
  const { origin, across, down } = frame;
  const at = (u: number, v: number): Point => ({ x: origin.x + across.x * u + down.x * v, y: origin.y + across.y * u + down.y * v });
  const quad: GarmentQuad = [
    at(-halfWidth, placement.top),
    at(halfWidth, placement.top),
    at(halfWidth, placement.bottom),
    at(-halfWidth, placement.bottom),
  ];
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  if (x1 <= x0 || y1 <= y0) return { pixels: out, quad };
  const body = growMask(silhouette, placement.margin);

  const pixel = new Float64Array(4);
  const cover = new Float32Array((x1 - x0 + 1) * (y1 - y0 + 1));
  const colour = new Float32Array(cover.length * 3);
  let lightSum = 0;
  let lightWeight = 0;
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const dx = x - origin.x;
      const dy = y - origin.y;
      const u = dx * across.x + dy * across.y;
      const v = dx * down.x + dy * down.y;
      sample(garment, (u + halfWidth) / scaleX - 0.5, (v - placement.top) / scaleY - 0.5, pixel);
      const i = y * width + x;
      const alpha = pixel[3]! * (body[i]! / 255) * (1 - occlusion.data[i]!);
      if (alpha <= 0.004) continue;
      const j = (y - y0) * (x1 - x0 + 1) + (x - x0);
      cover[j] = alpha;
      for (let c = 0; c < 3; c += 1) colour[j * 3 + c] = pixel[c]! / pixel[3]!;
      lightSum += shade[i]! * alpha;
      lightWeight += alpha;
    }
  }
  const meanLight = Math.max(1, lightWeight ? lightSum / lightWeight : 128);
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const j = (y - y0) * (x1 - x0 + 1) + (x - x0);
      const alpha = cover[j]!;
      if (alpha === 0) continue;
      const i = y * width + x;
      const light = 1 + (Math.min(1.15, Math.max(0.8, shade[i]! / meanLight)) - 1) * 0.4;
      for (let c = 0; c < 3; c += 1) {
        const value = Math.min(255, colour[j * 3 + c]! * light);
        out[i * 3 + c] = Math.round(value * alpha + person.data[i * 3 + c]! * (1 - alpha));
      }
    }
  }
  return { pixels: out, quad };
}
