import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';
import type { PersonPose, Point } from './person-pose.ts';

/**
 * The torso as a frame: origin between the shoulders, `down` along the body towards the hips,
 * `across` at right angles to it, turned half-way towards the shoulder line. Distances along
 * `down` (to hips, knees, ankles) and the body's width are in pixels.
 */
export type BodyFrame = {
  origin: Point;
  across: Point;
  down: Point;
  /** Shoulder width, at least 0.6 × the torso's length so a side view still gets a body. */
  width: number;
  hips: number;
  knees: number;
  ankles: number;
  /** Width between the hip joints, estimated from the shoulders when the hips are not seen apart. */
  hipWidth: number;
};

/** A garment's rows [top, bottom] along `down` and the width its body must cover. */
export type Placement = { top: number; bottom: number; coverWidth: number; coverAt: number; margin: number };

const mean = (points: (Point | undefined)[]): Point | undefined => {
  const seen = points.filter((p): p is Point => p !== undefined);
  if (seen.length === 0) return undefined;
  return { x: seen.reduce((s, p) => s + p.x, 0) / seen.length, y: seen.reduce((s, p) => s + p.y, 0) / seen.length };
};
const unit = (p: Point): Point => {
  const length = Math.hypot(p.x, p.y) || 1;
  return { x: p.x / length, y: p.y / length };
};
const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;

export function bodyFrame(pose: PersonPose): BodyFrame {
  const k = pose.keypoints;
  const left = k.leftShoulder!;
  const right = k.rightShoulder!;
  const origin = mean([left, right])!;
  const shoulderWidth = Math.hypot(left.x - right.x, left.y - right.y);
  const shoulderLine = unit(
    left.x >= right.x ? { x: left.x - right.x, y: left.y - right.y } : { x: right.x - left.x, y: right.y - left.y },
  );
  const hip = mean([k.leftHip, k.rightHip]);
  // No hip seen (a head-and-shoulders photo): the torso hangs square to the shoulders, 1.3 shoulder widths long.
  const towardsHips = hip ? unit({ x: hip.x - origin.x, y: hip.y - origin.y }) : { x: -shoulderLine.y, y: shoulderLine.x };
  const torso = hip ? Math.hypot(hip.x - origin.x, hip.y - origin.y) : shoulderWidth * 1.3;
  const square = { x: towardsHips.y, y: -towardsHips.x };
  const across = shoulderWidth >= torso * 0.5 ? unit({ x: square.x + shoulderLine.x, y: square.y + shoulderLine.y }) : square;
  const down = { x: -across.y, y: across.x };
  const along = (p: Point | undefined) => (p ? dot({ x: p.x - origin.x, y: p.y - origin.y }, down) : undefined);
  const hips = along(hip) ?? torso;
  const knees = Math.max(hips + torso * 0.5, along(mean([k.leftKnee, k.rightKnee])) ?? hips + torso * 0.95);
  const ankles = Math.max(knees + torso * 0.5, along(mean([k.leftAnkle, k.rightAnkle])) ?? knees + torso * 0.95);
  const width = Math.max(shoulderWidth, torso * 0.6);
  const hipGap = k.leftHip && k.rightHip ? Math.abs(dot({ x: k.leftHip.x - k.rightHip.x, y: k.leftHip.y - k.rightHip.y }, across)) : 0;
  return { origin, across, down, width, hips, knees, ankles, hipWidth: Math.max(hipGap, width * 0.55) };
}

/** Tops and outerwear: shoulders to hips; bottoms: waist to ankles; dresses: shoulders to knees. */
export function placementFor(category: GarmentCategory, frame: BodyFrame): Placement {
  const { width, hips, knees, ankles, hipWidth } = frame;
  switch (category) {
    case 'top':
      return { top: -width * 0.12, bottom: hips * 1.06, coverWidth: width * 1.2, coverAt: 0.6, margin: width * 0.04 };
    case 'outerwear':
      return { top: -width * 0.15, bottom: hips * 1.25, coverWidth: width * 1.3, coverAt: 0.6, margin: width * 0.08 };
    case 'dress':
      return { top: -width * 0.1, bottom: knees + (ankles - knees) * 0.1, coverWidth: width * 1.15, coverAt: 0.3, margin: width * 0.12 };
    case 'bottom':
      return { top: hips * 0.84, bottom: ankles, coverWidth: Math.max(hipWidth * 1.9, width * 0.95), coverAt: 0.08, margin: width * 0.05 };
  }
}
