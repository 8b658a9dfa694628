/**
 * Structural similarity (Wang, Bovik, Sheikh and Simoncelli, 2004) of two pictures of the same size: the mean
 * over 8 × 8 windows, stepped by 4 pixels, of the luminance, contrast and structure terms on the grey
 * (Rec. 601 luma) values, with the paper's constants for 8-bit pictures (K1 = 0.01, K2 = 0.03). 1 is identical.
 */
export function ssim(a: Buffer, b: Buffer, width: number, height: number, channels: number): number {
  if (a.length !== b.length || a.length !== width * height * channels) throw new Error('ssim: the pictures differ in size');
  const grey = (data: Buffer) => {
    const out = new Float64Array(width * height);
    for (let i = 0; i < width * height; i += 1) {
      const o = i * channels;
      out[i] = channels >= 3 ? 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]! : data[o]!;
    }
    return out;
  };
  const x = grey(a);
  const y = grey(b);
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const size = 8;
  let total = 0;
  let windows = 0;
  for (let top = 0; top + size <= height; top += 4) {
    for (let left = 0; left + size <= width; left += 4) {
      let sx = 0;
      let sy = 0;
      let sxx = 0;
      let syy = 0;
      let sxy = 0;
      for (let j = top; j < top + size; j += 1) {
        for (let i = left; i < left + size; i += 1) {
          const p = x[j * width + i]!;
          const q = y[j * width + i]!;
          sx += p;
          sy += q;
          sxx += p * p;
          syy += q * q;
          sxy += p * q;
        }
      }
      const n = size * size;
      const mx = sx / n;
      const my = sy / n;
      const vx = sxx / n - mx * mx;
      const vy = syy / n - my * my;
      const cov = sxy / n - mx * my;
      total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
      windows += 1;
    }
  }
  return total / windows;
}
