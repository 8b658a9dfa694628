import type { AlphaMask } from './segment-subject.ts';

/** Below `low` is background, above `high` is subject; between is rescaled to keep edges soft. */
export const alphaCurve = { low: 24, high: 224 } as const;
/** Islands smaller than this share of the largest subject region are dropped as noise. */
export const minIslandShare = 0.04;

/**
 * Cleans a saliency mask into a cut-out alpha: a contrast curve removes faint haze, and
 * connected regions much smaller than the main subject (specks in the background) are cleared.
 */
export function refineAlpha(mask: AlphaMask): AlphaMask {
  const { width, height } = mask;
  const span = alphaCurve.high - alphaCurve.low;
  const data = new Uint8Array(mask.data.length);
  for (let i = 0; i < data.length; i += 1) {
    const value = ((mask.data[i]! - alphaCurve.low) / span) * 255;
    data[i] = value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
  }
  // Label the solid regions (alpha ≥ 50 %), 4-connected.
  const labels = new Int32Array(data.length);
  const sizes: number[] = [0];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start += 1) {
    if (labels[start] !== 0 || data[start]! < 128) continue;
    const label = sizes.length;
    let size = 0;
    labels[start] = label;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      size += 1;
      const x = p % width;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const n of neighbours) {
        if (n < 0 || n >= data.length || labels[n] !== 0 || data[n]! < 128) continue;
        labels[n] = label;
        stack.push(n);
      }
    }
    sizes.push(size);
  }
  const largest = Math.max(0, ...sizes);
  const keep = sizes.map((size) => size >= largest * minIslandShare);
  for (let i = 0; i < data.length; i += 1) {
    const label = labels[i]!;
    if (label !== 0 && !keep[label]) data[i] = 0;
  }
  return { data, width, height };
}

/** Share of the picture that is solid subject (alpha ≥ 50 %). */
export function subjectCoverage(mask: AlphaMask): number {
  let solid = 0;
  for (const value of mask.data) if (value >= 128) solid += 1;
  return solid / (mask.data.length || 1);
}
