import type { RgbImage } from '../ai-background/read-image-input.ts';
import type { AlphaMask } from '../ai-background/segment-subject.ts';
import type { PersonPose } from './person-pose.ts';

/** 0..1 a pixel: how much of it is the person's hair, which stays in front of a garment. */
export type HairMask = Float32Array;

type Rgb = [number, number, number];

const distance = (data: Buffer, o: number, c: Rgb) => Math.hypot(data[o]! - c[0], data[o + 1]! - c[1], data[o + 2]! - c[2]);

/** The per-channel median colour of the pixels `at` lists (offsets into RGB data), or null for none. */
function medianColour(data: Buffer, at: number[]): Rgb | null {
  if (at.length === 0) return null;
  const channel = (c: number) => {
    const values = at.map((o) => data[o + c]!).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return [channel(0), channel(1), channel(2)];
}

/**
 * The person's hair where it falls over the shoulders and chest, so the garment is laid behind it (braids, long hair
 * over a shoulder). Read from colour around the head: the hair's colour is the median of the person's pixels just
 * above the face box that are not skin (the face's own colour); the clothes' colour is the median of the middle of
 * the torso. A pixel is hair when it is near the hair's colour and clearly nearer it than the skin's or the clothes';
 * the mask is the hair-coloured part of the silhouette joined to the hair on the head, down to a little over a
 * shoulder width below the shoulders and within a shoulder width of the face each side. A hood or a hat of the
 * clothes' colour, hair the colour of the clothes, or a colour that more than a fifth of the torso has, gives no
 * mask (the garment covers as before).
 */
export function hairMask(person: RgbImage, pose: PersonPose, personMask: AlphaMask): HairMask | null {
  const { width, height, data } = person;
  const k = pose.keypoints;
  const ls = k.leftShoulder;
  const rs = k.rightShoulder;
  if (!ls || !rs) return null;
  const shoulderWidth = Math.max(8, Math.hypot(ls.x - rs.x, ls.y - rs.y));
  const shoulderY = Math.max(ls.y, rs.y);
  const [fx, fy, fw, fh] = pose.faceBox;
  const onPerson = (x: number, y: number) => personMask.data[y * width + x]! >= 128;
  const pixelsIn = (x0: number, y0: number, x1: number, y1: number, keep: (x: number, y: number) => boolean = () => true) => {
    const at: number[] = [];
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(height, Math.round(y1)); y += 1) {
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(width, Math.round(x1)); x += 1) {
        if (onPerson(x, y) && keep(x, y)) at.push((y * width + x) * 3);
      }
    }
    return at;
  };

  const skin = medianColour(data, pixelsIn(fx + fw * 0.3, fy + fh * 0.55, fx + fw * 0.7, fy + fh * 0.85));
  const hipsSeen = [k.leftHip, k.rightHip].filter((p) => p !== undefined);
  const hipY = hipsSeen.length ? hipsSeen.reduce((s, p) => s + p.y, 0) / hipsSeen.length : shoulderY + shoulderWidth * 1.3;
  const midX = (ls.x + rs.x) / 2;
  const torsoY = shoulderY + (hipY - shoulderY) * 0.45;
  const clothes = medianColour(
    data,
    pixelsIn(midX - shoulderWidth * 0.2, torsoY - shoulderWidth * 0.1, midX + shoulderWidth * 0.2, torsoY + shoulderWidth * 0.1),
  );
  if (!skin || !clothes) return null;
  // The top of the head: above the face box and its top tenth, less the skin showing there (a forehead, a parting).
  const top = pixelsIn(
    fx + fw * 0.1,
    fy - fh * 0.35,
    fx + fw * 0.9,
    fy + fh * 0.1,
    (x, y) => distance(data, (y * width + x) * 3, skin) > 45,
  );
  if (top.length < Math.max(20, fw * fh * 0.02)) return null;
  const hair = medianColour(data, top)!;
  const hairToClothes = Math.hypot(hair[0] - clothes[0], hair[1] - clothes[1], hair[2] - clothes[2]);
  const hairToSkin = Math.hypot(hair[0] - skin[0], hair[1] - skin[1], hair[2] - skin[2]);
  if (hairToClothes < 60 || hairToSkin < 40) return null;
  // How far hair strays from its median on the head (highlights, shade), within bounds.
  const spread = top.map((o) => distance(data, o, hair)).sort((a, b) => a - b);
  const reach = Math.min(hairToClothes * 0.6, Math.max(35, spread[Math.floor(spread.length * 0.8)]! * 1.2));
  const isHair = (o: number) => {
    const d = distance(data, o, hair);
    return d < reach && d < distance(data, o, clothes) * 0.6 && d < distance(data, o, skin) * 0.7;
  };

  // Hair is not what the torso is made of: when much of the torso reads as hair-coloured (a hood lit from above
  // over a hoodie in shade), the colour is the clothes' and no hair is kept.
  let torsoPixels = 0;
  let torsoHair = 0;
  for (let y = Math.round(shoulderY + (hipY - shoulderY) * 0.2); y < Math.min(height, hipY); y += 2) {
    for (let x = Math.round(midX - shoulderWidth * 0.35); x < Math.min(width, midX + shoulderWidth * 0.35); x += 2) {
      if (x < 0 || !onPerson(x, y)) continue;
      torsoPixels += 1;
      if (isHair((y * width + x) * 3)) torsoHair += 1;
    }
  }
  if (torsoPixels === 0 || torsoHair / torsoPixels > 0.2) return null;

  // Joined to the hair on the head, through hair-coloured pixels of the person, inside the bounds.
  const bottom = Math.min(height - 1, shoulderY + shoulderWidth * 1.2);
  const faceMid = fx + fw / 2;
  const left = Math.max(0, Math.floor(Math.min(faceMid, midX) - shoulderWidth));
  const right = Math.min(width - 1, Math.ceil(Math.max(faceMid, midX) + shoulderWidth));
  const topY = Math.max(0, Math.floor(fy - fh * 0.6));
  const mask = new Float32Array(width * height);
  const queue: number[] = [];
  for (const o of top) {
    const i = o / 3;
    if (isHair(o) && mask[i] === 0) {
      mask[i] = 1;
      queue.push(i);
    }
  }
  while (queue.length > 0) {
    const i = queue.pop()!;
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy += 1) {
      for (let dx = -1; dx <= 1; dx += 1) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < left || nx > right || ny < topY || ny > bottom) continue;
        const j = ny * width + nx;
        if (mask[j] !== 0 || !onPerson(nx, ny) || !isHair(j * 3)) continue;
        mask[j] = 1;
        queue.push(j);
      }
    }
  }
  // A soft edge: the pixels beside the hair are partly hair (a braid's edge in the photo blends into the cloth).
  const edge = new Float32Array(mask);
  for (let y = Math.max(1, topY); y < Math.min(height - 1, bottom); y += 1) {
    for (let x = Math.max(1, left); x < Math.min(width - 1, right); x += 1) {
      const i = y * width + x;
      if (mask[i] === 0 && (mask[i - 1] === 1 || mask[i + 1] === 1 || mask[i - width] === 1 || mask[i + width] === 1)) edge[i] = 0.5;
    }
  }
  return edge;
}
