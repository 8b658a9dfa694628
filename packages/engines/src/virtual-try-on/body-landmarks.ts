import type { AlphaMask } from '../ai-background/segment-subject.ts';

/** Rows (y, in pixels) of the person's silhouette and its span on each row. */
export type BodyLandmarks = {
  top: number;
  bottom: number;
  shoulderY: number;
  hipY: number;
  kneeY: number;
  ankleY: number;
  /** Whether the legs were seen apart (a full-length photo) rather than guessed from proportions. */
  legsFound: boolean;
  /** Smoothed centre and width of the body on row y (the run of subject pixels around the centre line). */
  centreAt(y: number): number;
  widthAt(y: number): number;
};

const solid = 128;

/** Runs of solid pixels on one row, as [start, end) pairs. */
function runs(mask: AlphaMask, y: number): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= mask.width; x += 1) {
    const on = x < mask.width && mask.data[y * mask.width + x]! >= solid;
    if (on && start < 0) start = x;
    if (!on && start >= 0) {
      out.push([start, x]);
      start = -1;
    }
  }
  return out;
}

function smooth(values: Float64Array, radius: number): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i += 1) {
    let sum = 0;
    let count = 0;
    for (let j = Math.max(0, i - radius); j <= Math.min(values.length - 1, i + radius); j += 1) {
      if (values[j]! > 0) {
        sum += values[j]!;
        count += 1;
      }
    }
    out[i] = count ? sum / count : 0;
  }
  return out;
}

/**
 * Estimates shoulders, hips, knees and ankles from the silhouette's row widths: the head is the
 * narrow top, the shoulders the first row clearly wider than the head, the crotch the first row
 * below the torso where the centre line is background between two legs. When the legs are not
 * visible (an upper-body photo) the lower rows follow standard body proportions from the
 * head-to-shoulder length. Returns null when there is no usable silhouette.
 */
export function findBodyLandmarks(mask: AlphaMask): BodyLandmarks | null {
  const { width, height } = mask;
  const rowRuns = Array.from({ length: height }, (_, y) => runs(mask, y));
  const rows = rowRuns.map((r, y) => (r.length > 0 ? y : -1)).filter((y) => y >= 0);
  if (rows.length < 16) return null;
  const top = rows[0]!;
  const bottom = rows[rows.length - 1]!;
  const span = bottom - top;

  // Centre line: the mean of solid pixels in the upper half of the silhouette.
  let sumX = 0;
  let count = 0;
  for (let y = top; y <= top + span / 2; y += 1) {
    for (const [a, b] of rowRuns[y]!) {
      sumX += ((a + b - 1) / 2) * (b - a);
      count += b - a;
    }
  }
  const midX = count ? sumX / count : width / 2;

  // Width and centre of the body on each row: the run across the centre line, or, between the
  // legs, the two nearest runs either side taken together.
  const rawWidth = new Float64Array(height);
  const rawCentre = new Float64Array(height);
  const reach = width * 0.15;
  for (let y = top; y <= bottom; y += 1) {
    let left: [number, number] | undefined;
    let right: [number, number] | undefined;
    let across: [number, number] | undefined;
    for (const run of rowRuns[y]!) {
      if (run[0] <= midX && midX < run[1]) across = run;
      else if (run[1] <= midX && midX - run[1] < reach) left = run;
      else if (run[0] > midX && run[0] - midX < reach && !right) right = run;
    }
    const body: [number, number] | undefined = across ?? (left && right ? [left[0], right[1]] : (left ?? right));
    if (body) {
      rawWidth[y] = body[1] - body[0];
      rawCentre[y] = (body[0] + body[1] - 1) / 2;
    }
  }
  const radius = Math.max(2, Math.round(span / 60));
  const widths = smooth(rawWidth, radius);
  const centres = smooth(rawCentre, radius * 2);

  let headWidth = 0;
  for (let y = top; y <= top + span * 0.1; y += 1) headWidth = Math.max(headWidth, widths[y]!);
  let shoulderY = -1;
  for (let y = Math.round(top + span * 0.06); y <= top + span * 0.45; y += 1) {
    if (widths[y]! >= headWidth * 1.7) {
      shoulderY = y;
      break;
    }
  }
  if (shoulderY < 0) shoulderY = Math.round(top + span * 0.2);
  const unit = Math.max(8, shoulderY - top);

  // Crotch: below the torso, the centre line is background with body on both sides.
  let crotchY = -1;
  for (let y = Math.round(shoulderY + unit * 1.4); y < bottom - span * 0.15; y += 1) {
    const centre = Math.round(centres[shoulderY]! || midX);
    const on = (x: number) => x >= 0 && x < width && mask.data[y * width + x]! >= solid;
    if (on(centre)) continue;
    const reach = Math.round(unit * 1.2);
    let left = false;
    let right = false;
    for (let d = 1; d <= reach; d += 1) {
      left ||= on(centre - d);
      right ||= on(centre + d);
    }
    if (left && right) {
      crotchY = y;
      break;
    }
  }
  const legsFound = crotchY > 0;
  const hipY = legsFound ? Math.round(shoulderY + (crotchY - shoulderY) * 0.88) : Math.min(bottom, Math.round(shoulderY + unit * 1.75));
  const kneeY = legsFound ? Math.round(crotchY + (bottom - crotchY) * 0.5) : Math.min(bottom, Math.round(shoulderY + unit * 2.9));
  const ankleY = legsFound ? Math.round(crotchY + (bottom - crotchY) * 0.92) : Math.min(bottom, Math.round(shoulderY + unit * 4));

  const clampRow = (y: number) => Math.min(bottom, Math.max(top, Math.round(y)));
  const nearest = (values: Float64Array, y: number) => {
    const row = clampRow(y);
    for (let d = 0; d < span; d += 1) {
      if (values[row - d]) return values[row - d]!;
      if (values[row + d]) return values[row + d]!;
    }
    return 0;
  };
  return {
    top,
    bottom,
    shoulderY,
    hipY,
    kneeY,
    ankleY,
    legsFound,
    centreAt: (y) => nearest(centres, y) || midX,
    widthAt: (y) => nearest(widths, y),
  };
}
