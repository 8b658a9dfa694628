/** An image as floats 0..255, `channels` values per pixel, row by row. */
export type FloatImage = { width: number; height: number; channels: number; data: Float32Array };

/** Gaussian blur approximated by three box blurs (each separable, with running sums). */
export function gaussianBlur(image: FloatImage, sigma: number): FloatImage {
  if (sigma < 0.5) return { ...image, data: image.data.slice() };
  const radii = boxRadiiForGaussian(sigma);
  const current = image.data.slice();
  const scratch = new Float32Array(current.length);
  for (const radius of radii) {
    boxBlurHorizontal(current, scratch, image.width, image.height, image.channels, radius);
    boxBlurVertical(scratch, current, image.width, image.height, image.channels, radius);
  }
  return { ...image, data: current };
}

/** Radii of three box filters whose sequence approximates a Gaussian of this sigma (Kovesi). */
function boxRadiiForGaussian(sigma: number): number[] {
  const ideal = Math.sqrt((12 * sigma * sigma) / 3 + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower -= 1;
  const upper = lower + 2;
  const m = Math.round((12 * sigma * sigma - 3 * lower * lower - 12 * lower - 9) / (-4 * lower - 4));
  return [0, 1, 2].map((i) => ((i < m ? lower : upper) - 1) / 2);
}

function boxBlurHorizontal(src: Float32Array, dst: Float32Array, w: number, h: number, ch: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y += 1) {
    const row = y * w * ch;
    for (let c = 0; c < ch; c += 1) {
      const first = src[row + c] ?? 0;
      const last = src[row + (w - 1) * ch + c] ?? 0;
      let sum = first * r;
      for (let x = 0; x < r; x += 1) sum += src[row + Math.min(x, w - 1) * ch + c] ?? 0;
      for (let x = 0; x < w; x += 1) {
        const add = x + r < w ? (src[row + (x + r) * ch + c] ?? 0) : last;
        sum += add;
        dst[row + x * ch + c] = sum * norm;
        const remove = x - r >= 0 ? (src[row + (x - r) * ch + c] ?? 0) : first;
        sum -= remove;
      }
    }
  }
}

function boxBlurVertical(src: Float32Array, dst: Float32Array, w: number, h: number, ch: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  const stride = w * ch;
  for (let x = 0; x < w; x += 1) {
    for (let c = 0; c < ch; c += 1) {
      const col = x * ch + c;
      const first = src[col] ?? 0;
      const last = src[(h - 1) * stride + col] ?? 0;
      let sum = first * r;
      for (let y = 0; y < r; y += 1) sum += src[Math.min(y, h - 1) * stride + col] ?? 0;
      for (let y = 0; y < h; y += 1) {
        const add = y + r < h ? (src[(y + r) * stride + col] ?? 0) : last;
        sum += add;
        dst[y * stride + col] = sum * norm;
        const remove = y - r >= 0 ? (src[(y - r) * stride + col] ?? 0) : first;
        sum -= remove;
      }
    }
  }
}

/** Rec. 601 luma of an RGB image, one channel. */
export function luminance(image: FloatImage): FloatImage {
  const n = image.width * image.height;
  const out = new Float32Array(n);
  const d = image.data;
  for (let i = 0; i < n; i += 1) out[i] = 0.299 * (d[i * 3] ?? 0) + 0.587 * (d[i * 3 + 1] ?? 0) + 0.114 * (d[i * 3 + 2] ?? 0);
  return { width: image.width, height: image.height, channels: 1, data: out };
}

export type Gradient = { gx: Float32Array; gy: Float32Array };

/** Sobel derivatives of a one-channel image (edges clamped). */
export function sobel(gray: FloatImage): Gradient {
  const { width: w, height: h, data } = gray;
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const at = (x: number, y: number) => data[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))] ?? 0;
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const tl = at(x - 1, y - 1);
      const tc = at(x, y - 1);
      const tr = at(x + 1, y - 1);
      const ml = at(x - 1, y);
      const mr = at(x + 1, y);
      const bl = at(x - 1, y + 1);
      const bc = at(x, y + 1);
      const br = at(x + 1, y + 1);
      gx[y * w + x] = tr + 2 * mr + br - tl - 2 * ml - bl;
      gy[y * w + x] = bl + 2 * bc + br - tl - 2 * tc - tr;
    }
  }
  return { gx, gy };
}
