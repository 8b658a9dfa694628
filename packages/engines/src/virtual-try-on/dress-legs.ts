import type { RgbImage } from '../ai-background/read-image-input.ts';
import type { AlphaMask } from '../ai-background/segment-subject.ts';
import { alongPath, capsuleCover, inverseBilinear, pathLength, sample } from './dress-upper-body.ts';
import type { GarmentCutout } from './garment-cutout.ts';
import type { KeypointName, PersonPose, Point } from './person-pose.ts';

/** A flat pair of trousers: the seat (top row to the crotch) and each leg's axis, top to hem, with its half-width. */
export type LegsLayout = {
  seat: { left: number; right: number; top: number; crotch: number };
  legs: [{ top: Point; bottom: Point; halfWidth: number }, { top: Point; bottom: Point; halfWidth: number }];
  colour: [number, number, number];
};

const solidAt = (garment: GarmentCutout, x: number, y: number) => garment.rgba[(y * garment.width + x) * 4 + 3]! >= 128;

/**
 * Reads a flat pair of trousers or shorts: where its middle column opens (the crotch) splits the seat from the legs.
 * Null for a garment whose middle never opens (a skirt): that one is laid as one piece.
 */
export function legsLayout(garment: GarmentCutout): LegsLayout | null {
  const { width, height } = garment;
  const centre = Math.floor(width / 2);
  const rows: { y: number; left: number; right: number }[] = [];
  for (let y = 0; y < height; y += 1) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < width; x += 1) {
      if (!solidAt(garment, x, y)) continue;
      if (left < 0) left = x;
      right = x;
    }
    if (left >= 0) rows.push({ y, left, right });
  }
  if (rows.length < 10) return null;
  const top = rows[0]!.y;
  const bottom = rows[rows.length - 1]!.y;
  let crotch = -1;
  for (let y = Math.round(top + (bottom - top) * 0.1); y < bottom - (bottom - top) * 0.2; y += 1) {
    if (!solidAt(garment, centre, y) && !solidAt(garment, centre - 1, y) && !solidAt(garment, centre + 1, y)) {
      crotch = y;
      break;
    }
  }
  if (crotch < 0) return null;
  const seatRows = rows.filter((row) => row.y < crotch);
  const legs = ([0, 1] as const).map((side) => {
    const runAt = (y: number) => {
      let first = -1;
      let last = -1;
      for (let x = side === 0 ? 0 : centre; x < (side === 0 ? centre : width); x += 1) {
        if (!solidAt(garment, x, y)) continue;
        if (first < 0) first = x;
        last = x;
      }
      return first < 0 ? null : { centre: (first + last) / 2, half: (last - first + 1) / 2 };
    };
    const upper = runAt(Math.min(bottom, crotch + 2)) ?? { centre: side === 0 ? centre / 2 : (centre + width) / 2, half: width / 4 };
    const lower = runAt(Math.max(crotch, bottom - 2)) ?? upper;
    return {
      top: { x: upper.centre, y: crotch },
      bottom: { x: lower.centre, y: bottom },
      halfWidth: Math.max(3, (upper.half + lower.half) / 2),
    };
  }) as LegsLayout['legs'];
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < width * height; i += 3) {
    if (garment.rgba[i * 4 + 3]! < 128) continue;
    for (let c = 0; c < 3; c += 1) sum[c]! += garment.rgba[i * 4 + c]!;
    count += 1;
  }
  return {
    seat: { left: Math.min(...seatRows.map((row) => row.left)), right: Math.max(...seatRows.map((row) => row.right)), top, crotch },
    legs,
    colour: count ? [sum[0]! / count, sum[1]! / count, sum[2]! / count] : [128, 128, 128],
  };
}

const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const scale = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
const unit = (a: Point): Point => {
  const length = Math.hypot(a.x, a.y) || 1;
  return { x: a.x / length, y: a.y / length };
};
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export type LegsOptions = {
  person: RgbImage;
  pose: PersonPose;
  personMask: AlphaMask;
  light: { fine: Float32Array; broad: Float32Array };
  garment: GarmentCutout;
  layout: LegsLayout;
};

/**
 * Puts trousers on the legs, warped to the pose: the seat over the hips (a quad from above the hip joints to the
 * crotch), each leg of the garment along its leg (hip → knee → ankle, a tapering band), clipped to the person being
 * dressed, hands kept in front, shaded by the photo's light like the tops. Null when the hips are not seen.
 */
export function dressLegs({ person, pose, personMask, light, garment, layout }: LegsOptions): { pixels: Buffer; outline: Point[] } | null {
  const { width, height } = person;
  const k = pose.keypoints;
  if (!k.leftHip || !k.rightHip) return null;
  const shouldersMid = scale(add(k.leftShoulder!, k.rightShoulder!), 0.5);
  const hipsMid = scale(add(k.leftHip, k.rightHip), 0.5);
  const down = unit(sub(hipsMid, shouldersMid));
  const torso = Math.max(8, Math.hypot(hipsMid.x - shouldersMid.x, hipsMid.y - shouldersMid.y));
  const sides = (['left', 'right'] as const)
    .map((side) => {
      const hip = k[`${side}Hip` as KeypointName]!;
      const knee = k[`${side}Knee` as KeypointName] ?? add(hip, scale(down, torso * 0.95));
      const ankle = k[`${side}Ankle` as KeypointName] ?? add(knee, scale(unit(sub(knee, hip)), torso * 0.95));
      return { hip, knee, ankle, wrist: k[`${side}Wrist` as KeypointName], elbow: k[`${side}Elbow` as KeypointName] };
    })
    .sort((a, b) => a.hip.x - b.hip.x);
  const across = unit(sub(sides[1]!.hip, sides[0]!.hip));
  const hipHalf = Math.max(torso * 0.18, Math.hypot(sides[1]!.hip.x - sides[0]!.hip.x, sides[1]!.hip.y - sides[0]!.hip.y) / 2);
  const crotchDrop = torso * 0.16;
  const quad: [Point, Point, Point, Point] = [
    add(sides[0]!.hip, add(scale(across, -hipHalf * 1.1), scale(down, -torso * 0.22))),
    add(sides[1]!.hip, add(scale(across, hipHalf * 1.1), scale(down, -torso * 0.22))),
    add(sides[1]!.hip, add(scale(across, hipHalf * 1.1), scale(down, crotchDrop))),
    add(sides[0]!.hip, add(scale(across, -hipHalf * 1.1), scale(down, crotchDrop))),
  ];
  const legs = sides.map((side, index) => ({
    path: [add(side.hip, scale(down, crotchDrop * 0.5)), side.knee, side.ankle],
    garmentLeg: layout.legs[index]!,
  }));
  const hands = sides
    .filter((side) => side.wrist && side.elbow)
    .map((side) => [side.wrist!, add(side.wrist!, scale(sub(side.wrist!, side.elbow!), 0.5))] as const);
  const [fx, fy, fw, fh] = pose.faceBox;
  const inFace = (x: number, y: number) => x >= fx && x < fx + fw && y >= fy && y < fy + fh;
  const xs = [...quad.map((p) => p.x), ...legs.flatMap((leg) => leg.path.map((p) => p.x))];
  const ys = [...quad.map((p) => p.y), ...legs.flatMap((leg) => leg.path.map((p) => p.y))];
  const margin = hipHalf * 1.2;
  const x0 = clamp(Math.floor(Math.min(...xs) - margin), 0, width - 1);
  const x1 = clamp(Math.ceil(Math.max(...xs) + margin), 0, width - 1);
  const y0 = clamp(Math.floor(Math.min(...ys) - margin), 0, height - 1);
  const y1 = clamp(Math.ceil(Math.max(...ys) + margin * 0.3), 0, height - 1);
  const out = Buffer.from(person.data);
  const pixel = new Float64Array(4);
  const { seat } = layout;
  const cover = new Float32Array(width * height);
  const colour = new Float32Array(width * height * 3);
  let lightSum = 0;
  let lightCount = 0;
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const i = y * width + x;
      const onPerson = clamp((personMask.data[i]! - 128) / 64, 0, 1);
      if (onPerson === 0 || inFace(x, y)) continue;
      const p = { x: x + 0.5, y: y + 0.5 };
      const front = Math.max(0, ...hands.map(([a, b]) => capsuleCover(p, a, b, hipHalf * 0.45)));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      const uv = inverseBilinear(p, ...quad);
      if (uv) {
        sample(garment, seat.left + uv.x * (seat.right - seat.left), seat.top + uv.y * (seat.crotch - seat.top), pixel);
        if (pixel[3]! > 0) {
          r = pixel[0]! / pixel[3]!;
          g = pixel[1]! / pixel[3]!;
          b = pixel[2]! / pixel[3]!;
          a = pixel[3]!;
        }
      }
      for (const leg of legs) {
        const total = pathLength(leg.path);
        const { distance, at, side } = alongPath(p, leg.path);
        const t = at / (total || 1);
        const radius = hipHalf * (1.05 - 0.4 * t);
        const legCover = clamp(radius + 1 - distance, 0, 1);
        if (legCover <= 0 || legCover < a) continue;
        const g0 = leg.garmentLeg;
        const axis = sub(g0.bottom, g0.top);
        const normal = unit({ x: -axis.y, y: axis.x });
        const across01 = clamp(distance / radius, 0, 1) * side * 0.85;
        sample(
          garment,
          g0.top.x + axis.x * t + normal.x * g0.halfWidth * across01,
          g0.top.y + axis.y * t + normal.y * g0.halfWidth * across01,
          pixel,
        );
        if (pixel[3]! <= 0.5) sample(garment, g0.top.x + axis.x * t, g0.top.y + axis.y * t, pixel);
        const known = pixel[3]! > 0.5;
        r = known ? pixel[0]! / pixel[3]! : layout.colour[0];
        g = known ? pixel[1]! / pixel[3]! : layout.colour[1];
        b = known ? pixel[2]! / pixel[3]! : layout.colour[2];
        a = legCover;
      }
      if (a <= 0.004) continue;
      cover[i] = a * onPerson * (1 - front);
      colour[i * 3] = r;
      colour[i * 3 + 1] = g;
      colour[i * 3 + 2] = b;
      lightSum += light.broad[i]!;
      lightCount += 1;
    }
  }
  const meanLight = Math.max(1, lightCount ? lightSum / lightCount : 128);
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const i = y * width + x;
      const alpha = cover[i]!;
      if (alpha === 0) continue;
      const fine = clamp(light.fine[i]! / Math.max(1, light.broad[i]!), 0.8, 1.15);
      const broad = clamp(light.broad[i]! / meanLight, 0.8, 1.2);
      const shade = fine ** 0.55 * broad ** 0.55;
      for (let c = 0; c < 3; c += 1) {
        out[i * 3 + c] = Math.round(clamp(colour[i * 3 + c]! * shade, 0, 255) * alpha + person.data[i * 3 + c]! * (1 - alpha));
      }
    }
  }
  return { pixels: out, outline: quad };
}
