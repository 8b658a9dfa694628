import type { BodyFrame } from './body-frame.ts';
import type { HairMask } from './hair-mask.ts';
import type { KeypointName, PersonPose, Point } from './person-pose.ts';

/** 0..1 a pixel: how much of the person stays in front of the garment there. */
export type Occlusion = { data: Float32Array; width: number; height: number };

function capsule(mask: Occlusion, a: Point, b: Point, radius: number): void {
  const { width, height } = mask;
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - radius - 1));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + radius + 1));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - radius - 1));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + radius + 1));
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSq = dx * dx + dy * dy || 1;
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const t = Math.min(1, Math.max(0, ((x - a.x) * dx + (y - a.y) * dy) / lengthSq));
      const distance = Math.hypot(x - (a.x + t * dx), y - (a.y + t * dy));
      const cover = Math.min(1, Math.max(0, radius + 1 - distance));
      const i = y * width + x;
      if (cover > mask.data[i]!) mask.data[i] = cover;
    }
  }
}

const towards = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/**
 * What stays in front of the garment: the face box (always, whole), and where the pose model saw
 * them the forearms, the hands beyond the wrists and the lower part of the upper arms, limited to
 * the person's silhouette, and the hair over the shoulders and chest when given (`hairMask`).
 */
export function occlusionMask(pose: PersonPose, frame: BodyFrame, hair: HairMask | null = null): Occlusion {
  const { width, height } = pose.silhouette;
  const mask: Occlusion = { data: new Float32Array(width * height), width, height };
  const k = pose.keypoints;
  const limb = frame.width * 0.11;
  for (const side of ['left', 'right'] as const) {
    const shoulder = k[`${side}Shoulder` as KeypointName];
    const elbow = k[`${side}Elbow` as KeypointName];
    const wrist = k[`${side}Wrist` as KeypointName];
    if (shoulder && elbow) capsule(mask, towards(shoulder, elbow, 0.45), elbow, limb);
    if (elbow && wrist) {
      capsule(mask, elbow, wrist, limb);
      capsule(mask, wrist, towards(elbow, wrist, 1.45), limb * 1.25);
    }
  }
  for (let i = 0; i < mask.data.length; i += 1) mask.data[i]! *= pose.silhouette.data[i]! / 255;
  if (hair) for (let i = 0; i < mask.data.length; i += 1) mask.data[i] = Math.max(mask.data[i]!, hair[i]!);

  const [fx, fy, fw, fh] = pose.faceBox;
  const padX = fw * 0.08;
  const padY = fh * 0.08;
  for (let y = Math.max(0, Math.floor(fy - padY)); y < Math.min(height, Math.ceil(fy + fh + padY)); y += 1) {
    for (let x = Math.max(0, Math.floor(fx - padX)); x < Math.min(width, Math.ceil(fx + fw + padX)); x += 1) mask.data[y * width + x] = 1;
  }
  return mask;
}
