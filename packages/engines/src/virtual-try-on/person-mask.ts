import type { AlphaMask } from '../ai-background/segment-subject.ts';
import type { Point } from './person-pose.ts';

/**
 * The silhouette of the one person being dressed: the segmentation model marks every person in the photo, so only
 * the connected part (at alpha ≥ 128) that holds `seed` (the middle of the torso) is kept, with its soft edge. Others
 * beside them, and anything of the silhouette not joined to them, get 0. When the seed is off the silhouette, the
 * nearest silhouette pixel within `searchRadius` starts the fill; with none, the whole silhouette is kept.
 */
export function personOnly(silhouette: AlphaMask, seed: Point, searchRadius: number): AlphaMask {
  const { width, height, data } = silhouette;
  const inside = (i: number) => data[i]! >= 128;
  let start = -1;
  const sx = Math.round(seed.x);
  const sy = Math.round(seed.y);
  let best = Infinity;
  const r = Math.max(1, Math.round(searchRadius));
  for (let y = Math.max(0, sy - r); y <= Math.min(height - 1, sy + r); y += 1) {
    for (let x = Math.max(0, sx - r); x <= Math.min(width - 1, sx + r); x += 1) {
      const d = (x - sx) ** 2 + (y - sy) ** 2;
      if (d < best && inside(y * width + x)) {
        best = d;
        start = y * width + x;
      }
    }
  }
  if (start < 0) return silhouette;
  const kept = new Uint8Array(data.length);
  const stack = new Int32Array(data.length);
  let top = 0;
  stack[top++] = start;
  kept[start] = 1;
  while (top > 0) {
    const i = stack[--top]!;
    const x = i % width;
    const y = (i - x) / width;
    const next = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1];
    for (const j of next) {
      if (j < 0 || kept[j] || !inside(j)) continue;
      kept[j] = 1;
      stack[top++] = j;
    }
  }
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i += 1) if (kept[i]) out[i] = data[i]!;
  return { data: out, width, height };
}
