import type { RgbImage } from '../ai-background/read-image-input.ts';
import type { Box, KeypointName, PersonPose, Point } from './person-pose.ts';

/**
 * How well a try-on fits, measured on what the user gets back: the output picture beside the input photo. For tests
 * and the bench: the garment is a solid purple (a colour none of the test photos has), so a pixel is garment when
 * its hue is purple and its colour strong, whatever light the engine gave it.
 */
export type FitFigures = {
  /** Share of the torso (shoulders to hips, inset, on the person, less the face and hands) that is garment. */
  torso: number;
  /** Share of the garment pixels that lie off the person's silhouette (or on someone else's). */
  outside: number;
  /** Share of the upper arms (shoulder to elbow, a thin core, on the person) that is garment; null without elbows. */
  upperArms: number | null;
  /** Pixels of the face box that differ at all from the input. */
  faceChanged: number;
  sameSize: boolean;
  garmentPixels: number;
  /** Purple pixels already in the input (should be none, or the figures mean nothing). */
  garmentBefore: number;
};

/** The test garment's colour. */
export const testPurple = { r: 176, g: 38, b: 255 } as const;

export function isTestGarment(r: number, g: number, b: number): boolean {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max < 45 || max - min < 0.45 * max) return false;
  const chroma = max - min;
  let hue: number;
  if (max === r) hue = 60 * (((g - b) / chroma) % 6);
  else if (max === g) hue = 60 * ((b - r) / chroma + 2);
  else hue = 60 * ((r - g) / chroma + 4);
  if (hue < 0) hue += 360;
  return hue >= 255 && hue <= 300;
}

const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

function distanceToSegment(p: Point, a: Point, b: Point, from = 0, to = 1): number {
  const d = sub(b, a);
  const lengthSq = d.x * d.x + d.y * d.y || 1;
  const t = Math.min(to, Math.max(from, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / lengthSq));
  return Math.hypot(p.x - (a.x + t * d.x), p.y - (a.y + t * d.y));
}

/** The test's regions of a photo, from the pose and silhouette of the person and a hand-checked face box. */
export function fitRegions(pose: PersonPose, faceBox: Box) {
  const k = pose.keypoints;
  const { width, height, data: silhouette } = pose.silhouette;
  const ls = k.leftShoulder!;
  const rs = k.rightShoulder!;
  const shoulderWidth = Math.hypot(ls.x - rs.x, ls.y - rs.y);
  const lh = k.leftHip ?? { x: ls.x, y: ls.y + shoulderWidth * 1.3 };
  const rh = k.rightHip ?? { x: rs.x, y: rs.y + shoulderWidth * 1.3 };
  const top = lerp(ls, rs, 0.5);
  const bottom = lerp(lh, rh, 0.5);
  const axis = sub(bottom, top);
  const axisSq = axis.x * axis.x + axis.y * axis.y || 1;
  const hands: [Point, Point][] = [];
  const upperArms: [Point, Point][] = [];
  for (const side of ['left', 'right'] as const) {
    const shoulder = k[`${side}Shoulder` as KeypointName];
    const elbow = k[`${side}Elbow` as KeypointName];
    const wrist = k[`${side}Wrist` as KeypointName];
    if (shoulder && elbow) upperArms.push([shoulder, elbow]);
    if (elbow && wrist) hands.push([wrist, lerp(elbow, wrist, 1.45)]);
  }
  const [fx, fy, fw, fh] = faceBox;
  const inFace = (x: number, y: number) => x >= fx && x < fx + fw && y >= fy && y < fy + fh;
  const torso = new Uint8Array(width * height);
  const arms = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (silhouette[i]! < 128 || inFace(x, y)) continue;
      const p = { x, y };
      if (hands.some(([a, b]) => distanceToSegment(p, a, b) < shoulderWidth * 0.12)) continue;
      const along = ((x - top.x) * axis.x + (y - top.y) * axis.y) / axisSq;
      if (along >= 0.12 && along <= 0.95) {
        const left = lerp(ls, lh, along);
        const right = lerp(rs, rh, along);
        const across = sub(right, left);
        const a = ((x - left.x) * across.x + (y - left.y) * across.y) / (across.x * across.x + across.y * across.y || 1);
        if (a >= 0.15 && a <= 0.85) torso[i] = 1;
      }
      if (upperArms.some(([s, e]) => distanceToSegment(p, s, e, 0.2, 0.85) < shoulderWidth * 0.06)) arms[i] = 1;
    }
  }
  return { torso, arms, hasArms: upperArms.length > 0, faceBox };
}

/**
 * The pixels of the person being dressed: the silhouette (alpha ≥ 128) connected to the middle of their torso, so a
 * garment laid on someone beside them counts as off the person.
 */
export function thisPerson(pose: PersonPose): Uint8Array {
  const { width, height, data } = pose.silhouette;
  const k = pose.keypoints;
  const points = [k.leftShoulder, k.rightShoulder, k.leftHip, k.rightHip].filter((p) => p !== undefined);
  const seed = { x: points.reduce((s, p) => s + p.x, 0) / points.length, y: points.reduce((s, p) => s + p.y, 0) / points.length };
  const kept = new Uint8Array(width * height);
  let start = -1;
  for (let r = 0; r < Math.max(width, height) && start < 0; r += 1) {
    for (let y = Math.round(seed.y) - r; y <= Math.round(seed.y) + r && start < 0; y += 1) {
      for (let x = Math.round(seed.x) - r; x <= Math.round(seed.x) + r; x += 1) {
        if (x >= 0 && y >= 0 && x < width && y < height && data[y * width + x]! >= 128) {
          start = y * width + x;
          break;
        }
      }
    }
  }
  if (start < 0) return kept;
  const queue = [start];
  kept[start] = 1;
  while (queue.length) {
    const i = queue.pop()!;
    const x = i % width;
    for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
      if (j < 0 || j >= kept.length || kept[j] || data[j]! < 128) continue;
      kept[j] = 1;
      queue.push(j);
    }
  }
  return kept;
}

export function measureFit(before: RgbImage, after: RgbImage, pose: PersonPose, faceBox: Box): FitFigures {
  const sameSize = before.width === after.width && before.height === after.height;
  const empty = { torso: 0, outside: 1, upperArms: null, faceChanged: -1, sameSize, garmentPixels: 0, garmentBefore: 0 };
  if (!sameSize) return empty;
  const { width, height } = before;
  const { torso, arms, hasArms } = fitRegions(pose, faceBox);
  const person = thisPerson(pose);
  let torsoTotal = 0;
  let torsoGarment = 0;
  let armTotal = 0;
  let armGarment = 0;
  let garment = 0;
  let outside = 0;
  let garmentBefore = 0;
  let faceChanged = 0;
  const [fx, fy, fw, fh] = faceBox;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const o = i * 3;
      const dressed = isTestGarment(after.data[o]!, after.data[o + 1]!, after.data[o + 2]!);
      if (isTestGarment(before.data[o]!, before.data[o + 1]!, before.data[o + 2]!)) garmentBefore += 1;
      if (x >= fx && x < fx + fw && y >= fy && y < fy + fh) {
        if (before.data[o] !== after.data[o] || before.data[o + 1] !== after.data[o + 1] || before.data[o + 2] !== after.data[o + 2])
          faceChanged += 1;
      }
      if (torso[i]) {
        torsoTotal += 1;
        if (dressed) torsoGarment += 1;
      }
      if (arms[i]) {
        armTotal += 1;
        if (dressed) armGarment += 1;
      }
      if (!dressed) continue;
      garment += 1;
      if (!person[i]) outside += 1;
    }
  }
  return {
    torso: torsoTotal ? torsoGarment / torsoTotal : 0,
    outside: garment ? outside / garment : 0,
    upperArms: hasArms && armTotal > 0 ? armGarment / armTotal : null,
    faceChanged,
    sameSize,
    garmentPixels: garment,
    garmentBefore,
  };
}

/** Trousers on the legs: share of a thin core of each thigh (hip to knee) that is garment, and garment off the person. */
export function measureLegs(after: RgbImage, pose: PersonPose): { thighs: number | null; outside: number } {
  const { width, height } = after;
  const k = pose.keypoints;
  const shoulderWidth = Math.hypot(k.leftShoulder!.x - k.rightShoulder!.x, k.leftShoulder!.y - k.rightShoulder!.y);
  const thighs = (['left', 'right'] as const)
    .map((side): [Point | undefined, Point | undefined] => [k[`${side}Hip` as KeypointName], k[`${side}Knee` as KeypointName]])
    .filter((pair): pair is [Point, Point] => pair[0] !== undefined && pair[1] !== undefined);
  const person = thisPerson(pose);
  let total = 0;
  let dressed = 0;
  let garment = 0;
  let outside = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const isGarment = isTestGarment(after.data[i * 3]!, after.data[i * 3 + 1]!, after.data[i * 3 + 2]!);
      if (isGarment) {
        garment += 1;
        if (!person[i]) outside += 1;
      }
      if (!person[i] || !thighs.some(([hip, knee]) => distanceToSegment({ x, y }, hip, knee, 0.2, 0.8) < shoulderWidth * 0.05)) continue;
      total += 1;
      if (isGarment) dressed += 1;
    }
  }
  return { thighs: total ? dressed / total : null, outside: garment ? outside / garment : 0 };
}

/**
 * Hair over the garment region: of the dark pixels (luma under 80) of the person inside the fixture's hand-drawn
 * hair boxes, outside the face box, the share the try-on left as they were (each channel within 10). The boxes hold
 * only hair and light cloth (checked by eye), so a dark pixel there is hair.
 */
export function measureHair(before: RgbImage, after: RgbImage, pose: PersonPose, faceBox: Box, hairBoxes: Box[]) {
  const person = thisPerson(pose);
  const [fx, fy, fw, fh] = faceBox;
  let pixels = 0;
  let kept = 0;
  for (const [bx, by, bw, bh] of hairBoxes) {
    for (let y = by; y < by + bh; y += 1) {
      for (let x = bx; x < bx + bw; x += 1) {
        const i = y * before.width + x;
        const o = i * 3;
        if (!person[i] || (x >= fx && x < fx + fw && y >= fy && y < fy + fh)) continue;
        if (0.299 * before.data[o]! + 0.587 * before.data[o + 1]! + 0.114 * before.data[o + 2]! >= 80) continue;
        pixels += 1;
        if ([0, 1, 2].every((c) => Math.abs(before.data[o + c]! - after.data[o + c]!) <= 10)) kept += 1;
      }
    }
  }
  return { pixels, kept: pixels ? kept / pixels : null };
}

/** The test photos: openly licensed photos of adults in different poses (sources in fixtures/README.md). */
export const fitFixtures: { file: string; pose: string; faceBox: Box; hair?: Box[] }[] = [
  { file: 'denim-jacket-beach.jpg', pose: 'standing, arms at the sides', faceBox: [225, 250, 154, 154] },
  {
    file: 'white-shirt-jacket-over-shoulder.jpg',
    pose: 'standing, hand at the collar, jacket over the shoulder',
    faceBox: [143, 93, 166, 166],
  },
  {
    file: 'yellow-tracksuit-walking.jpg',
    pose: 'walking, forearm across the chest, braids over the chest',
    faceBox: [255, 185, 105, 110],
    // The two braids below the chin, over the yellow top (hand-drawn).
    hair: [
      [205, 300, 50, 30],
      [205, 330, 32, 20],
      [215, 350, 40, 30],
      [245, 370, 25, 18],
      [340, 290, 30, 150],
    ],
  },
  { file: 'yellow-tracksuit-arms-raised.jpg', pose: 'full length, both hands raised to the hood', faceBox: [235, 53, 86, 87] },
  { file: 'linen-shirt-three-quarter.jpg', pose: 'three-quarter view, head turned up', faceBox: [132, 22, 163, 163] },
  { file: 'red-shirt-turned.jpg', pose: 'body turned to the side, arms down', faceBox: [179, 113, 151, 151] },
  { file: 'grey-hoodie-head-down.jpg', pose: 'hood up, head down, hands in front', faceBox: [113, 119, 154, 154] },
  { file: 'orange-jacket-hands-at-face.jpg', pose: 'elbows out wide, hands at the face', faceBox: [152, 179, 222, 222] },
  { file: 'blue-tracksuit-leaning.jpg', pose: 'leaning on a wall, one leg raised', faceBox: [194, 90, 117, 117] },
  { file: 'standing-hands-clasped.jpg', pose: 'standing, hands clasped in front', faceBox: [45, 60, 121, 121] },
  { file: 'sitting.jpg', pose: 'sitting, hands on the knees', faceBox: [59, 47, 85, 85] },
];

/** Where a fixture photo lies. */
export const fitFixtureUrl = (file: string): URL => new URL(`./fixtures/${file}`, import.meta.url);

/** Purple straight-leg trousers, flat on white. */
export const trousersSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><rect width="480" height="480" fill="#ffffff"/><path d="M147 30 L333 30 L352 453 L261 453 L242 174 Q240 165 238 174 L219 453 L128 453 Z" fill="rgb(${testPurple.r},${testPurple.g},${testPurple.b})"/></svg>`;

/** A purple long-sleeved top, flat on white (sleeves to the wrists). */
export const longSleeveSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><rect width="480" height="480" fill="#ffffff"/><path d="M177 63 Q240 93 303 63 L346 73 L405 112 L462 390 L417 405 L352 196 L355 430 Q240 442 125 430 L128 196 L63 405 L18 390 L75 112 L134 73 Z" fill="rgb(${testPurple.r},${testPurple.g},${testPurple.b})"/></svg>`;
