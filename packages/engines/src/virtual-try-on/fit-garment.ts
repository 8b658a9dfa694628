import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';
import type { RgbImage } from '../ai-background/read-image-input.ts';
import type { BodyLandmarks } from './body-landmarks.ts';
import type { GarmentCutout } from './garment-cutout.ts';

/**
 * Where a garment of a category goes on the body: rows y0..y1. Its width keeps the garment photo's
 * proportions, kept between `minWidth` and `maxWidth` times the body's width on row `widthRow`.
 */
export type Placement = {
  y0: number;
  y1: number;
  widthRow: number;
  minWidth: number;
  maxWidth: number;
  /** Relative height (0..1) where the garment must at least cover the body's width. */
  coverAt: number;
};

/** Tops and outerwear: shoulders to hips; bottoms: waist to ankles; dresses: shoulders to knees. */
export function placementFor(category: GarmentCategory, body: BodyLandmarks): Placement {
  const unit = Math.max(8, body.shoulderY - body.top);
  const shoulders = body.shoulderY + unit * 0.1;
  switch (category) {
    case 'top':
      return { y0: body.shoulderY - unit * 0.12, y1: body.hipY, widthRow: shoulders, minWidth: 0.95, maxWidth: 2, coverAt: 0.75 };
    case 'outerwear':
      return {
        y0: body.shoulderY - unit * 0.18,
        y1: Math.min(body.bottom, body.hipY + unit * 0.3),
        widthRow: shoulders,
        minWidth: 1.05,
        maxWidth: 2.1,
        coverAt: 0.75,
      };
    case 'dress':
      return { y0: body.shoulderY - unit * 0.12, y1: body.kneeY, widthRow: shoulders, minWidth: 0.9, maxWidth: 2, coverAt: 0.35 };
    case 'bottom': {
      const waist = body.hipY - unit * 0.3;
      return { y0: waist, y1: body.ankleY, widthRow: waist + unit * 0.2, minWidth: 1.0, maxWidth: 1.6, coverAt: 0.1 };
    }
  }
}

/** Share of the garment crop's width that is garment on the row at relative height t. */
function garmentShareAt(garment: GarmentCutout, t: number): number {
  const y = Math.min(garment.height - 1, Math.max(0, Math.round(t * (garment.height - 1))));
  let first = -1;
  let last = -1;
  for (let x = 0; x < garment.width; x += 1) {
    if (garment.rgba[(y * garment.width + x) * 4 + 3]! < 128) continue;
    if (first < 0) first = x;
    last = x;
  }
  return first < 0 ? 1 : Math.max(0.2, (last - first + 1) / garment.width);
}

function sample(garment: GarmentCutout, sx: number, sy: number, out: Float64Array): void {
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const fx = sx - x0;
  const fy = sy - y0;
  out.fill(0);
  for (const [dx, dy, weight] of [
    [0, 0, (1 - fx) * (1 - fy)],
    [1, 0, fx * (1 - fy)],
    [0, 1, (1 - fx) * fy],
    [1, 1, fx * fy],
  ] as const) {
    const x = x0 + dx;
    const y = y0 + dy;
    if (x < 0 || y < 0 || x >= garment.width || y >= garment.height || weight === 0) continue;
    const o = (y * garment.width + x) * 4;
    const alpha = (garment.rgba[o + 3]! / 255) * weight;
    out[0]! += garment.rgba[o]! * alpha;
    out[1]! += garment.rgba[o + 1]! * alpha;
    out[2]! += garment.rgba[o + 2]! * alpha;
    out[3]! += alpha;
  }
}

/**
 * Warps the garment onto the person: row by row it follows the body's centre line and widens or
 * narrows with the body (within limits), is shaded by the person's own light and shadow, and is
 * blended over the photo with its soft cut-out edge. Returns the new RGB pixels.
 */
export function fitGarment(
  person: RgbImage,
  personShade: Uint8Array,
  body: BodyLandmarks,
  garment: GarmentCutout,
  placement: Placement,
): Buffer {
  const { width, height } = person;
  const y0 = Math.max(0, Math.round(placement.y0));
  const y1 = Math.min(height - 1, Math.round(placement.y1));
  const out = Buffer.from(person.data);
  if (y1 - y0 < 4) return out;
  const referenceWidth = Math.max(1, body.widthAt(placement.widthRow));
  const proportional = ((y1 - y0) * garment.width) / garment.height;
  // Wide enough that the garment's own body covers the person's at `coverAt`, else its photo's proportions.
  const covering = (body.widthAt(y0 + (y1 - y0) * placement.coverAt) * 1.04) / garmentShareAt(garment, placement.coverAt);
  const baseWidth = Math.min(referenceWidth * placement.maxWidth, Math.max(referenceWidth * placement.minWidth, proportional, covering));

  // Mean light on the body under the garment, for relative shading.
  let lightSum = 0;
  let lightCount = 0;
  for (let y = y0; y <= y1; y += 2) {
    const centre = body.centreAt(y);
    const half = body.widthAt(y) / 2;
    for (let x = Math.max(0, Math.round(centre - half)); x < Math.min(width, centre + half); x += 2) {
      lightSum += personShade[y * width + x]!;
      lightCount += 1;
    }
  }
  const meanLight = Math.max(1, lightCount ? lightSum / lightCount : 128);

  const pixel = new Float64Array(4);
  for (let y = y0; y <= y1; y += 1) {
    const t = (y - y0) / (y1 - y0);
    const sy = t * (garment.height - 1);
    const rowScale = Math.min(1.2, Math.max(0.85, body.widthAt(y) / referenceWidth));
    const rowWidth = baseWidth * (0.7 + 0.3 * rowScale);
    const centre = body.centreAt(y);
    const xStart = Math.max(0, Math.floor(centre - rowWidth / 2));
    const xEnd = Math.min(width - 1, Math.ceil(centre + rowWidth / 2));
    for (let x = xStart; x <= xEnd; x += 1) {
      const sx = ((x - centre) / rowWidth + 0.5) * (garment.width - 1);
      sample(garment, sx, sy, pixel);
      const alpha = pixel[3]!;
      if (alpha <= 0.002) continue;
      const i = y * width + x;
      const shade = Math.min(1.15, Math.max(0.8, personShade[i]! / meanLight));
      const light = 1 + (shade - 1) * 0.4;
      for (let c = 0; c < 3; c += 1) {
        const garmentValue = Math.min(255, (pixel[c]! / alpha) * light);
        out[i * 3 + c] = Math.round(garmentValue * alpha + person.data[i * 3 + c]! * (1 - alpha));
      }
    }
  }
  return out;
}
