import { describe, expect, it } from 'vitest';
import { growMask } from './fit-garment.ts';

/** The plain square max filter, for comparison. */
function naiveGrow(data: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let max = 0;
      for (let dy = Math.max(0, y - r); dy <= Math.min(height - 1, y + r); dy += 1) {
        for (let dx = Math.max(0, x - r); dx <= Math.min(width - 1, x + r); dx += 1) max = Math.max(max, data[dy * width + dx]!);
      }
      out[y * width + x] = max;
    }
  }
  return out;
}

describe('growMask', () => {
  it('equals the square max filter, edges included', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const [width, height, r] of [
      [37, 23, 0],
      [37, 23, 1],
      [40, 31, 4],
      [13, 50, 9],
      [9, 9, 12],
    ] as const) {
      const data = new Uint8Array(width * height).map(() => (random() < 0.05 ? Math.floor(random() * 256) : 0));
      expect(growMask({ data, width, height }, r)).toEqual(naiveGrow(data, width, height, r));
    }
  });
});
