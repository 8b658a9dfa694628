import type { GarmentCutout } from './garment-cutout.ts';
import type { Point } from './person-pose.ts';

/** A sleeve of the flat garment: from its shoulder seam to the middle of its cuff, and its half-width. */
export type GarmentSleeve = { shoulder: Point; cuff: Point; halfWidth: number; length: number; colour: [number, number, number] };

/**
 * Where the parts of a flat-lay top are on its picture: the body (the rectangle between its sides, from its highest
 * row to its hem) and a sleeve each side, with how long the sleeves are for the body. Sleeve length is a share of the
 * body's height: a T-shirt's short sleeve is about 0.2–0.4, a long sleeve 0.7 or more, none below 0.08.
 */
export type GarmentLayout = {
  body: { left: number; right: number; top: number; bottom: number };
  /** Index 0: the sleeve on the picture's left; 1: on its right. Null where there is none. */
  sleeves: [GarmentSleeve | null, GarmentSleeve | null];
  /** The longer sleeve's length over the body's height. */
  sleeveRatio: number;
  colour: [number, number, number];
};

const solidAt = (garment: GarmentCutout, x: number, y: number) => garment.rgba[(y * garment.width + x) * 4 + 3]! >= 128;

/** The run of garment pixels through the picture's middle column on row y, or null when the middle is open. */
function centreRun(garment: GarmentCutout, y: number): [number, number] | null {
  const centre = Math.floor(garment.width / 2);
  if (!solidAt(garment, centre, y)) return null;
  let first = centre;
  let last = centre;
  while (first > 0 && solidAt(garment, first - 1, y)) first -= 1;
  while (last < garment.width - 1 && solidAt(garment, last + 1, y)) last += 1;
  return [first, last];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function meanColour(garment: GarmentCutout, include: (x: number, y: number) => boolean): [number, number, number] {
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = 0; y < garment.height; y += 2) {
    for (let x = 0; x < garment.width; x += 2) {
      if (!solidAt(garment, x, y) || !include(x, y)) continue;
      const o = (y * garment.width + x) * 4;
      sum[0]! += garment.rgba[o]!;
      sum[1]! += garment.rgba[o + 1]!;
      sum[2]! += garment.rgba[o + 2]!;
      count += 1;
    }
  }
  return count ? [sum[0]! / count, sum[1]! / count, sum[2]! / count] : [128, 128, 128];
}

export function garmentLayout(garment: GarmentCutout): GarmentLayout {
  const { width, height } = garment;
  let top = 0;
  while (top < height - 1 && !Array.from({ length: width }, (_, x) => x).some((x) => solidAt(garment, x, top))) top += 1;
  // The body's sides: the middle run on the lower rows, below the sleeves of most tops.
  const lefts: number[] = [];
  const rights: number[] = [];
  let bottom = top;
  for (let y = top; y < height; y += 1) {
    const run = centreRun(garment, y);
    if (!run) continue;
    bottom = y;
    if (y >= top + (height - top) * 0.75) {
      lefts.push(run[0]);
      rights.push(run[1]);
    }
  }
  const left = lefts.length ? median(lefts) : 0;
  const right = rights.length ? median(rights) : width - 1;
  const bodyHeight = Math.max(1, bottom - top);
  const sleeves: [GarmentSleeve | null, GarmentSleeve | null] = [null, null];
  for (const side of [0, 1] as const) {
    const outside = (x: number) => (side === 0 ? x < left - 1 : x > right + 1);
    // The sleeve's root: where it meets the body, at the top of the body's side (its highest garment pixel there).
    const sideX = side === 0 ? left : right;
    let rootY = top;
    while (rootY < height - 1 && !solidAt(garment, sideX, rootY)) rootY += 1;
    const shoulder: Point = { x: sideX, y: rootY };
    let far = 0;
    const pixels: Point[] = [];
    for (let y = top; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if (!outside(x) || !solidAt(garment, x, y)) continue;
        const p = { x, y };
        pixels.push(p);
        far = Math.max(far, Math.hypot(x - shoulder.x, y - shoulder.y));
      }
    }
    if (pixels.length < 20 || far < bodyHeight * 0.08) continue;
    // The cuff: the middle of the sleeve pixels farthest from the root.
    const end = pixels.filter((p) => Math.hypot(p.x - shoulder.x, p.y - shoulder.y) >= far * 0.93);
    const cuff = { x: end.reduce((s, p) => s + p.x, 0) / end.length, y: end.reduce((s, p) => s + p.y, 0) / end.length };
    const axis = { x: cuff.x - shoulder.x, y: cuff.y - shoulder.y };
    const length = Math.hypot(axis.x, axis.y) || 1;
    const normal = { x: -axis.y / length, y: axis.x / length };
    // The sleeve's half-width: how far its pixels reach from its axis, in its outer half (clear of the body).
    const reach = pixels
      .filter((p) => ((p.x - shoulder.x) * axis.x + (p.y - shoulder.y) * axis.y) / (length * length) > 0.5)
      .map((p) => Math.abs((p.x - shoulder.x) * normal.x + (p.y - shoulder.y) * normal.y));
    const halfWidth = Math.max(4, reach.length ? median(reach) * 1.6 : length * 0.2);
    sleeves[side] = { shoulder, cuff, halfWidth, length, colour: meanColour(garment, (x) => outside(x)) };
  }
  const sleeveRatio = Math.max(...sleeves.map((sleeve) => (sleeve ? sleeve.length / bodyHeight : 0)));
  return {
    body: { left, right, top, bottom },
    sleeves,
    sleeveRatio,
    colour: meanColour(garment, (x) => x >= left && x <= right),
  };
}

/** How far the sleeves reach on the person: none, to the middle of the upper arm, or to the wrists. */
export type SleeveReach = 'none' | 'short' | 'long';
export const sleeveReach = (layout: GarmentLayout): SleeveReach =>
  layout.sleeveRatio < 0.08 ? 'none' : layout.sleeveRatio < 0.55 ? 'short' : 'long';
