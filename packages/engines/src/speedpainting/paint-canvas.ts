import { hash3 } from './seeded-random.ts';
import type { StylePreset } from './styles.ts';

/** The canvas strokes are painted on: RGB floats, plus scratch planes for one stroke's coverage. */
export type PaintCanvas = {
  width: number;
  height: number;
  rgb: Float32Array;
  /** Coverage 0..1 of the stroke being painted (cleared after each stroke). */
  mask: Float32Array;
  /** Signed position across the stroke, -1..1, for bristle texture. */
  across: Float32Array;
  /** Position along the stroke, 0..1, for the drying brush. */
  along: Float32Array;
};

export type Stroke = {
  /** x, y pairs of the stroke's spine. */
  points: Float32Array;
  radius: number;
  color: readonly [number, number, number];
  /** Multiplies the style's opacity (a pencil presses lighter for light tones). */
  opacity: number;
  seed: number;
};

export function createPaintCanvas(width: number, height: number, ground: readonly [number, number, number]): PaintCanvas {
  const rgb = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    rgb[i * 3] = ground[0];
    rgb[i * 3 + 1] = ground[1];
    rgb[i * 3 + 2] = ground[2];
  }
  const n = width * height;
  return { width, height, rgb, mask: new Float32Array(n), across: new Float32Array(n), along: new Float32Array(n) };
}

/**
 * Paints one stroke: the spine's segments are rasterised as capsules into the coverage mask (max
 * coverage, so overlaps inside one stroke do not darken), then the mask is composited once with
 * bristle streaks, a drying brush near the end and, for watercolour, darker rims.
 */
export function paintStroke(canvas: PaintCanvas, stroke: Stroke, style: StylePreset): void {
  const { width: w, height: h, mask, across, along } = canvas;
  const r = Math.max(0.7, stroke.radius * style.widthScale);
  const pts = stroke.points;
  const count = pts.length / 2;
  const pad = r + style.edgeSoftness + 1;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < count; i += 1) {
    const x = pts[i * 2] ?? 0;
    const y = pts[i * 2 + 1] ?? 0;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const x0 = Math.max(0, Math.floor(minX - pad));
  const x1 = Math.min(w - 1, Math.ceil(maxX + pad));
  const y0 = Math.max(0, Math.floor(minY - pad));
  const y1 = Math.min(h - 1, Math.ceil(maxY + pad));
  if (x0 > x1 || y0 > y1) return;

  const segments = Math.max(1, count - 1);
  const soft = style.edgeSoftness;
  for (let s = 0; s < segments; s += 1) {
    const ax = pts[s * 2] ?? 0;
    const ay = pts[s * 2 + 1] ?? 0;
    const bx = count > 1 ? (pts[s * 2 + 2] ?? ax) : ax;
    const by = count > 1 ? (pts[s * 2 + 3] ?? ay) : ay;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const len = Math.sqrt(len2) || 1;
    const nx = -dy / len;
    const ny = dx / len;
    const sx0 = Math.max(x0, Math.floor(Math.min(ax, bx) - pad));
    const sx1 = Math.min(x1, Math.ceil(Math.max(ax, bx) + pad));
    const sy0 = Math.max(y0, Math.floor(Math.min(ay, by) - pad));
    const sy1 = Math.min(y1, Math.ceil(Math.max(ay, by) + pad));
    for (let y = sy0; y <= sy1; y += 1) {
      const py = y + 0.5 - ay;
      for (let x = sx0; x <= sx1; x += 1) {
        const px = x + 0.5 - ax;
        const t = len2 > 0 ? Math.min(1, Math.max(0, (px * dx + py * dy) / len2)) : 0;
        const ex = px - t * dx;
        const ey = py - t * dy;
        const dist = Math.sqrt(ex * ex + ey * ey);
        const coverage = Math.min(1, Math.max(0, (r - dist) / soft + 0.5));
        const i = y * w + x;
        if (coverage > (mask[i] ?? 0)) {
          mask[i] = coverage;
          across[i] = len2 > 0 ? Math.max(-1, Math.min(1, (px * nx + py * ny) / r)) : ex / r;
          along[i] = (s + t) / segments;
        }
      }
    }
  }

  const rgb = canvas.rgb;
  const [cr, cg, cb] = stroke.color;
  const bristleCount = Math.min(40, Math.max(4, Math.round(r * 1.5)));
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const i = y * w + x;
      const m = mask[i] ?? 0;
      if (m <= 0) continue;
      mask[i] = 0;
      const a = across[i] ?? 0;
      const u = (a + 1) * 0.5 * bristleCount;
      const b0 = Math.floor(u);
      const f = u - b0;
      const smooth = f * f * (3 - 2 * f);
      const bristle = hash3(b0, 0, stroke.seed) * (1 - smooth) + hash3(b0 + 1, 0, stroke.seed) * smooth;
      let shade = 1 + style.bristles * (bristle - 0.5);
      if (style.edgeDarkening > 0) shade *= 1 - style.edgeDarkening * a * a * a * a;
      const l = along[i] ?? 0;
      const dry = l > 0.65 && hash3(b0, 7, stroke.seed) < 0.5 ? style.dryBrush * Math.min(1, (l - 0.65) / 0.35) : 0;
      const alpha = m * style.opacity * stroke.opacity * (1 - dry);
      const o = i * 3;
      rgb[o] = (rgb[o] ?? 0) * (1 - alpha) + Math.min(255, cr * shade) * alpha;
      rgb[o + 1] = (rgb[o + 1] ?? 0) * (1 - alpha) + Math.min(255, cg * shade) * alpha;
      rgb[o + 2] = (rgb[o + 2] ?? 0) * (1 - alpha) + Math.min(255, cb * shade) * alpha;
    }
  }
}
