import type { RgbImage } from '../ai-background/read-image-input.ts';
import type { AlphaMask } from '../ai-background/segment-subject.ts';
import type { GarmentCutout } from './garment-cutout.ts';
import type { HairMask } from './hair-mask.ts';
import type { GarmentLayout, GarmentSleeve, SleeveReach } from './garment-layout.ts';
import { sleeveReach } from './garment-layout.ts';
import type { KeypointName, PersonPose, Point } from './person-pose.ts';

export type UpperBodyOptions = {
  person: RgbImage;
  pose: PersonPose;
  /** The person being dressed, others left out (`personOnly`). */
  personMask: AlphaMask;
  /** The photo's light: blurred luminance, a small and a large blur, one float a pixel. */
  light: { fine: Float32Array; broad: Float32Array };
  garment: GarmentCutout;
  layout: GarmentLayout;
  category: 'top' | 'outerwear';
  /** The person's hair over the shoulders and chest (`hairMask`), kept in front of the garment. */
  hair?: HairMask | null;
};

export type UpperBodyResult = {
  pixels: Buffer;
  /** The garment body's corners on the photo: top-left, top-right, bottom-right, bottom-left. */
  outline: [Point, Point, Point, Point];
  sleeves: SleeveReach;
};

const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const scale = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
const cross = (a: Point, b: Point) => a.x * b.y - a.y * b.x;
const unit = (a: Point): Point => {
  const length = Math.hypot(a.x, a.y) || 1;
  return { x: a.x / length, y: a.y / length };
};
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** (u, v) of p in the quad a-b-c-d (u along a→b, v along a→d), or null when p is outside it. */
export function inverseBilinear(p: Point, a: Point, b: Point, c: Point, d: Point): Point | null {
  const e = sub(b, a);
  const f = sub(d, a);
  const g = add(sub(a, b), sub(c, d));
  const h = sub(p, a);
  const k2 = cross(g, f);
  const k1 = cross(e, f) + cross(h, g);
  const k0 = cross(h, e);
  const solveU = (v: number) => {
    const denominatorX = e.x + g.x * v;
    const denominatorY = e.y + g.y * v;
    return Math.abs(denominatorX) > Math.abs(denominatorY) ? (h.x - f.x * v) / denominatorX : (h.y - f.y * v) / denominatorY;
  };
  const inside = (u: number, v: number) => u >= 0 && u <= 1 && v >= 0 && v <= 1;
  if (Math.abs(k2) < 1e-6) {
    const v = -k0 / k1;
    const u = solveU(v);
    return inside(u, v) ? { x: u, y: v } : null;
  }
  const w = k1 * k1 - 4 * k0 * k2;
  if (w < 0) return null;
  const root = Math.sqrt(w);
  for (const v of [(-k1 - root) / (2 * k2), (-k1 + root) / (2 * k2)]) {
    const u = solveU(v);
    if (inside(u, v)) return { x: u, y: v };
  }
  return null;
}

/** Bilinear sample of the garment at (sx, sy): premultiplied colour and alpha in `out`. */
export function sample(garment: GarmentCutout, sx: number, sy: number, out: Float64Array): void {
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
    if (weight === 0 || x < 0 || y < 0 || x >= garment.width || y >= garment.height) continue;
    const o = (y * garment.width + x) * 4;
    const alpha = (garment.rgba[o + 3]! / 255) * weight;
    out[0]! += garment.rgba[o]! * alpha;
    out[1]! += garment.rgba[o + 1]! * alpha;
    out[2]! += garment.rgba[o + 2]! * alpha;
    out[3]! += alpha;
  }
}

/** Closest point of a polyline to p: distance, and position along it (0 at its start, its length at its end). */
export function alongPath(p: Point, path: Point[]): { distance: number; at: number; side: number } {
  let best = { distance: Infinity, at: 0, side: 0 };
  let walked = 0;
  for (let i = 0; i + 1 < path.length; i += 1) {
    const a = path[i]!;
    const b = path[i + 1]!;
    const d = sub(b, a);
    const lengthSq = d.x * d.x + d.y * d.y || 1;
    const length = Math.sqrt(lengthSq);
    const t = clamp(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / lengthSq, 0, 1);
    const q = lerp(a, b, t);
    const distance = Math.hypot(p.x - q.x, p.y - q.y);
    if (distance < best.distance) best = { distance, at: walked + t * length, side: Math.sign(cross(d, sub(p, a))) };
    walked += length;
  }
  return best;
}

export const pathLength = (path: Point[]) => path.slice(1).reduce((sum, p, i) => sum + Math.hypot(p.x - path[i]!.x, p.y - path[i]!.y), 0);

/** Coverage 0..1 of a capsule of `radius` around segment a→b at p (one pixel of soft edge). */
export function capsuleCover(p: Point, a: Point, b: Point, radius: number): number {
  const d = sub(b, a);
  const lengthSq = d.x * d.x + d.y * d.y || 1;
  const t = clamp(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / lengthSq, 0, 1);
  return clamp(radius + 1 - Math.hypot(p.x - (a.x + t * d.x), p.y - (a.y + t * d.y)), 0, 1);
}

type Arm = { shoulder: Point; elbow?: Point; wrist?: Point };

/**
 * Dresses the upper body in a top or a jacket, warped to the pose: the garment's body is stretched over the torso
 * (its top corners beyond the shoulders, its hem below the hips, so the person's own outline, not the garment's
 * rectangle, sets the edge), each sleeve follows its arm (shoulder → elbow → wrist for long sleeves, to the middle of
 * the upper arm for short ones), all clipped to this person's silhouette. Hands beyond the wrists, the face box and,
 * where the sleeves leave them bare, the forearms stay in front, and so does hair falling over the shoulders and chest. The photo's light and shadow (its luminance against
 * its mean on the torso) multiply the garment's colours.
 */
export function dressUpperBody({ person, pose, personMask, light, garment, layout, category, hair }: UpperBodyOptions): UpperBodyResult {
  const { width, height } = person;
  const k = pose.keypoints;
  // Image order: the shoulder on the picture's left first (the person's right when they face the camera).
  const sides = (['left', 'right'] as const)
    .map((side) => ({
      shoulder: k[`${side}Shoulder` as KeypointName]!,
      hip: k[`${side}Hip` as KeypointName],
      elbow: k[`${side}Elbow` as KeypointName],
      wrist: k[`${side}Wrist` as KeypointName],
    }))
    .sort((a, b) => a.shoulder.x - b.shoulder.x);
  const [first, second] = sides as [(typeof sides)[0], (typeof sides)[0]];
  const shoulderWidth = Math.max(8, Math.hypot(second.shoulder.x - first.shoulder.x, second.shoulder.y - first.shoulder.y));
  const across = unit(sub(second.shoulder, first.shoulder));
  const square = { x: -across.y, y: across.x };
  const shouldersMid = lerp(first.shoulder, second.shoulder, 0.5);
  const hipsSeen = [first.hip, second.hip].filter((p): p is Point & { score: number } => p !== undefined);
  const hipsMid = hipsSeen.length
    ? scale(
        hipsSeen.reduce((s, p) => add(s, p), { x: 0, y: 0 }),
        1 / hipsSeen.length,
      )
    : add(shouldersMid, scale(square.y >= 0 ? square : scale(square, -1), shoulderWidth * 1.3));
  const down = unit(sub(hipsMid, shouldersMid));
  const torsoLength = Math.max(shoulderWidth * 0.6, Math.hypot(hipsMid.x - shouldersMid.x, hipsMid.y - shouldersMid.y));
  const hipHalf = Math.max(
    shoulderWidth * 0.3,
    first.hip && second.hip ? Math.hypot(second.hip.x - first.hip.x, second.hip.y - first.hip.y) / 2 : 0,
  );
  const firstHip = first.hip && second.hip ? first.hip : sub(hipsMid, scale(across, hipHalf));
  const secondHip = first.hip && second.hip ? second.hip : add(hipsMid, scale(across, hipHalf));
  const hem = torsoLength * (category === 'outerwear' ? 0.24 : 0.1);
  const rise = shoulderWidth * 0.18;
  const quad: [Point, Point, Point, Point] = [
    add(first.shoulder, add(scale(across, -shoulderWidth * 0.16), scale(down, -rise))),
    add(second.shoulder, add(scale(across, shoulderWidth * 0.16), scale(down, -rise))),
    add(secondHip, add(scale(across, hipHalf * 1.1 + shoulderWidth * 0.05), scale(down, hem))),
    add(firstHip, add(scale(across, -(hipHalf * 1.1 + shoulderWidth * 0.05)), scale(down, hem))),
  ];

  const reach = sleeveReach(layout);
  const arms: (Arm & { sleeve: GarmentSleeve | null; path: Point[] | null })[] = [first, second].map((side, index) => {
    const arm: Arm = { shoulder: side.shoulder, elbow: side.elbow, wrist: side.wrist };
    const sleeve = layout.sleeves[index] ?? layout.sleeves[1 - index] ?? null;
    let path: Point[] | null = null;
    if (arm.elbow && reach !== 'none') {
      const wrist = arm.wrist ?? add(arm.elbow, scale(sub(arm.elbow, arm.shoulder), 0.85));
      path =
        reach === 'long' ? [arm.shoulder, arm.elbow, lerp(arm.elbow, wrist, 0.92)] : [arm.shoulder, lerp(arm.shoulder, arm.elbow, 0.5)];
    }
    return { ...arm, sleeve, path };
  });

  // What stays in front of the garment: hands (beyond the wrists), and bare forearms and lower upper arms.
  const keepFront = (p: Point, layer: 'torso' | 'sleeve'): number => {
    let front = 0;
    for (const arm of arms) {
      if (!arm.elbow) continue;
      if (arm.wrist) {
        front = Math.max(front, capsuleCover(p, arm.wrist, add(arm.wrist, scale(sub(arm.wrist, arm.elbow), 0.5)), shoulderWidth * 0.12));
      }
      if (layer === 'torso' && reach !== 'long') {
        if (arm.wrist) front = Math.max(front, capsuleCover(p, arm.elbow, arm.wrist, shoulderWidth * 0.1));
        const from = reach === 'short' ? 0.55 : 0.3;
        front = Math.max(front, capsuleCover(p, lerp(arm.shoulder, arm.elbow, from), arm.elbow, shoulderWidth * 0.11));
      }
    }
    return front;
  };

  const [fx, fy, fw, fh] = pose.faceBox;
  const padX = fw * 0.06;
  const padY = fh * 0.04;
  const inFace = (x: number, y: number) => x >= fx - padX && x < fx + fw + padX && y >= fy - padY && y < fy + fh + padY;

  const xs = [...quad.map((p) => p.x), ...arms.flatMap((arm) => (arm.path ?? []).map((p) => p.x))];
  const ys = [...quad.map((p) => p.y), ...arms.flatMap((arm) => (arm.path ?? []).map((p) => p.y))];
  const margin = shoulderWidth * 0.25;
  const x0 = clamp(Math.floor(Math.min(...xs) - margin), 0, width - 1);
  const x1 = clamp(Math.ceil(Math.max(...xs) + margin), 0, width - 1);
  const y0 = clamp(Math.floor(Math.min(...ys) - margin), 0, height - 1);
  const y1 = clamp(Math.ceil(Math.max(...ys) + margin), 0, height - 1);
  const boxWidth = x1 - x0 + 1;
  const colour = new Float32Array(boxWidth * (y1 - y0 + 1) * 3);
  const cover = new Float32Array(boxWidth * (y1 - y0 + 1));
  const pixel = new Float64Array(4);
  const { body } = layout;
  // Each garment column's first garment row (its shoulder line), within the top fifth of the body; sampled a little
  // below it, clear of the edge's seam or shadow.
  const shoulderInset = Math.max(2, (body.bottom - body.top) * 0.03);
  const shoulderRow = new Float32Array(garment.width).fill(body.top);
  for (let x = 0; x < garment.width; x += 1) {
    for (let y = body.top; y < body.top + (body.bottom - body.top) * 0.2; y += 1) {
      if (garment.rgba[(y * garment.width + x) * 4 + 3]! >= 200) {
        shoulderRow[x] = y;
        break;
      }
    }
  }
  const person01 = (i: number) => clamp((personMask.data[i]! - 128) / 64, 0, 1);

  let lightSum = 0;
  let lightCount = 0;
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const i = y * width + x;
      const onPerson = person01(i);
      if (onPerson === 0 || inFace(x, y)) continue;
      const p = { x: x + 0.5, y: y + 0.5 };
      const j = (y - y0) * boxWidth + (x - x0);
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      const uv = inverseBilinear(p, ...quad);
      if (uv) {
        const gx = body.left + uv.x * (body.right - body.left);
        let gy = body.top + uv.y * (body.bottom - body.top);
        // Above the garment's sloping shoulders (its top corners, clear of the neckline) the cloth goes on up: the
        // quad's top edge is level, the person's shoulders are not.
        if (Math.abs(uv.x - 0.5) > 0.22) gy = Math.max(gy, shoulderRow[Math.round(clamp(gx, 0, garment.width - 1))]! + shoulderInset);
        sample(garment, gx, gy, pixel);
        const alpha = pixel[3]! * (1 - keepFront(p, 'torso'));
        if (alpha > 0) {
          r = pixel[0]! / pixel[3]!;
          g = pixel[1]! / pixel[3]!;
          b = pixel[2]! / pixel[3]!;
          a = alpha;
        }
        if (uv.y > 0.15 && uv.y < 0.9 && uv.x > 0.15 && uv.x < 0.85) {
          lightSum += light.broad[i]!;
          lightCount += 1;
        }
      }
      for (const arm of arms) {
        if (!arm.path) continue;
        const total = pathLength(arm.path);
        // No round cap before the shoulder: there the torso layer is the cloth.
        const first = sub(arm.path[1]!, arm.path[0]!);
        if ((p.x - arm.path[0]!.x) * first.x + (p.y - arm.path[0]!.y) * first.y < 0) continue;
        const { distance, at, side } = alongPath(p, arm.path);
        const t = at / (total || 1);
        const radius =
          shoulderWidth *
          (reach === 'long'
            ? at < Math.hypot(arm.elbow!.x - arm.shoulder.x, arm.elbow!.y - arm.shoulder.y)
              ? 0.2 - 0.05 * t
              : 0.15 - 0.04 * t
            : 0.2);
        const sleeveCover = clamp(radius + 1 - distance, 0, 1) * (1 - keepFront(p, 'sleeve'));
        if (sleeveCover <= 0) continue;
        let sr: number;
        let sg: number;
        let sb: number;
        if (arm.sleeve) {
          const s = arm.sleeve;
          const axis = sub(s.cuff, s.shoulder);
          const normal = unit({ x: -axis.y, y: axis.x });
          const across01 = clamp(distance / radius, 0, 1) * side * 0.85;
          const at01 = clamp(t, 0.02, 0.98);
          sample(
            garment,
            s.shoulder.x + axis.x * at01 + normal.x * s.halfWidth * across01,
            s.shoulder.y + axis.y * at01 + normal.y * s.halfWidth * across01,
            pixel,
          );
          // Off the flat sleeve (near its root, where it meets the body): its colour on its axis at the same length.
          if (pixel[3]! <= 0.5) sample(garment, s.shoulder.x + axis.x * at01, s.shoulder.y + axis.y * at01, pixel);
          const known = pixel[3]! > 0.5;
          sr = known ? pixel[0]! / pixel[3]! : s.colour[0];
          sg = known ? pixel[1]! / pixel[3]! : s.colour[1];
          sb = known ? pixel[2]! / pixel[3]! : s.colour[2];
        } else {
          [sr, sg, sb] = layout.colour;
        }
        // The sleeve lies over the torso layer (the arm is in front of the body).
        r = sr * sleeveCover + r * a * (1 - sleeveCover);
        g = sg * sleeveCover + g * a * (1 - sleeveCover);
        b = sb * sleeveCover + b * a * (1 - sleeveCover);
        a = sleeveCover + a * (1 - sleeveCover);
        r /= a;
        g /= a;
        b /= a;
      }
      if (a <= 0.004) continue;
      cover[j] = a * onPerson;
      colour[j * 3] = r;
      colour[j * 3 + 1] = g;
      colour[j * 3 + 2] = b;
    }
  }

  const meanLight = Math.max(1, lightCount ? lightSum / lightCount : 128);
  const out = Buffer.from(person.data);
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const j = (y - y0) * boxWidth + (x - x0);
      const i = y * width + x;
      const alpha = cover[j]! * (1 - (hair?.[i] ?? 0));
      if (alpha === 0) continue;
      // Shadow and light: fine detail (folds, creases) against its surroundings, and the broad light of the torso.
      // Both are damped: the photo's luminance also holds the colours of the clothes underneath (a dark jacket over a
      // light shirt), which must not show through as if the garment were thin.
      const fine = clamp(light.fine[i]! / Math.max(1, light.broad[i]!), 0.85, 1.12);
      const broad = clamp(light.broad[i]! / meanLight, 0.82, 1.15);
      const shade = fine ** 0.6 * broad ** 0.6;
      for (let c = 0; c < 3; c += 1) {
        const value = clamp(colour[j * 3 + c]! * shade, 0, 255);
        out[i * 3 + c] = Math.round(value * alpha + person.data[i * 3 + c]! * (1 - alpha));
      }
    }
  }
  return { pixels: out, outline: quad, sleeves: reach };
}
