import { gaussianBlur, luminance, sobel } from './image-field.ts';
import type { FloatImage } from './image-field.ts';
import type { PaintCanvas, Stroke } from './paint-canvas.ts';
import type { StylePreset } from './styles.ts';

export type PassPlan = { radius: number; strokes: Stroke[] };

/**
 * Plans the brush passes, coarse to fine (Hertzmann 1998). Each pass copies the source blurred in
 * proportion to its brush; it places a stroke in every grid cell whose colour on the canvas is
 * still far from that reference (every cell in the first pass), starting where the error is
 * largest. A stroke takes the reference colour at its start and follows the direction across the
 * luminance gradient (Sobel), so it runs along edges, until the colour under it changes.
 *
 * A generator: the next pass is planned only after the caller has painted the previous one.
 */
export function* planPasses(
  source: FloatImage,
  canvas: PaintCanvas,
  style: StylePreset,
  random: () => number,
): Generator<PassPlan, void, void> {
  const shortSide = Math.min(source.width, source.height);
  for (let pass = 0; pass < style.brushFractions.length; pass += 1) {
    const radius = Math.max(1.5, shortSide * (style.brushFractions[pass] ?? 0.05));
    const reference = gaussianBlur(source, style.blurFactor * radius);
    const gradient = sobel(luminance(reference));
    yield { radius, strokes: planPass(reference, gradient, canvas, style, radius, pass === 0 && !style.grayscale, random) };
  }
}

function planPass(
  reference: FloatImage,
  gradient: { gx: Float32Array; gy: Float32Array },
  canvas: PaintCanvas,
  style: StylePreset,
  radius: number,
  paintEverywhere: boolean,
  random: () => number,
): Stroke[] {
  const { width: w, height: h } = reference;
  const ref = reference.data;
  const paint = canvas.rgb;
  const error = new Float32Array(w * h);
  for (let i = 0; i < w * h; i += 1) {
    const dr = (paint[i * 3] ?? 0) - (ref[i * 3] ?? 0);
    const dg = (paint[i * 3 + 1] ?? 0) - (ref[i * 3 + 1] ?? 0);
    const db = (paint[i * 3 + 2] ?? 0) - (ref[i * 3 + 2] ?? 0);
    // Graphite only darkens: the error is how much lighter the paper still is than the reference.
    error[i] = style.grayscale ? Math.max(0, dr) : Math.sqrt(dr * dr + dg * dg + db * db);
  }
  const colorAt = (x: number, y: number): [number, number, number] => {
    const i = (Math.min(h - 1, Math.max(0, Math.round(y))) * w + Math.min(w - 1, Math.max(0, Math.round(x)))) * 3;
    return [ref[i] ?? 0, ref[i + 1] ?? 0, ref[i + 2] ?? 0];
  };

  const step = Math.max(2, Math.round(radius));
  const strokes: Stroke[] = [];
  for (let gy = 0; gy < h; gy += step) {
    for (let gx = 0; gx < w; gx += step) {
      let sum = 0;
      let worst = -1;
      let worstX = gx;
      let worstY = gy;
      const yEnd = Math.min(h, gy + step);
      const xEnd = Math.min(w, gx + step);
      for (let y = gy; y < yEnd; y += 1) {
        for (let x = gx; x < xEnd; x += 1) {
          const e = error[y * w + x] ?? 0;
          sum += e;
          if (e > worst) {
            worst = e;
            worstX = x;
            worstY = y;
          }
        }
      }
      const mean = sum / ((yEnd - gy) * (xEnd - gx));
      if (!paintEverywhere && mean <= style.threshold) continue;
      if (paintEverywhere) {
        worstX = gx + random() * (xEnd - gx);
        worstY = gy + random() * (yEnd - gy);
      }
      const canvasTone = paint[(Math.min(h - 1, Math.round(worstY)) * w + Math.min(w - 1, Math.round(worstX))) * 3] ?? 0;
      strokes.push(traceStroke(worstX, worstY, radius, colorAt, canvasTone, error, gradient, w, h, style, random));
    }
  }
  // Strokes of one pass go down in random order, as a painter's hand would.
  for (let i = strokes.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const swap = strokes[i] as Stroke;
    strokes[i] = strokes[j] as Stroke;
    strokes[j] = swap;
  }
  return strokes;
}

function traceStroke(
  startX: number,
  startY: number,
  radius: number,
  colorAt: (x: number, y: number) => [number, number, number],
  canvasTone: number,
  canvasError: Float32Array,
  gradient: { gx: Float32Array; gy: Float32Array },
  w: number,
  h: number,
  style: StylePreset,
  random: () => number,
): Stroke {
  const base = colorAt(startX, startY);
  const { color, opacity } = strokeColor(base, canvasTone, style, random);
  const points = [startX, startY];
  let x = startX;
  let y = startY;
  let lastDx = 0;
  let lastDy = 0;
  for (let step = 1; step <= style.maxStrokeSteps; step += 1) {
    const i = Math.min(h - 1, Math.max(0, Math.round(y))) * w + Math.min(w - 1, Math.max(0, Math.round(x)));
    if (step > style.minStrokeSteps) {
      const here = colorAt(x, y);
      const fromStroke = Math.hypot(here[0] - base[0], here[1] - base[1], here[2] - base[2]);
      // Stop once the canvas here is already closer to the reference than this stroke's colour.
      if ((canvasError[i] ?? 0) < fromStroke) break;
    }
    const gx = gradient.gx[i] ?? 0;
    const gy = gradient.gy[i] ?? 0;
    const magnitude = Math.hypot(gx, gy);
    let dx: number;
    let dy: number;
    if (magnitude < 1) {
      // Flat colour has no edge to follow: keep going, or start at a random angle.
      if (step === 1) {
        const angle = random() * Math.PI * 2;
        dx = Math.cos(angle);
        dy = Math.sin(angle);
      } else {
        dx = lastDx;
        dy = lastDy;
      }
    } else {
      dx = -gy / magnitude;
      dy = gx / magnitude;
    }
    if (lastDx * dx + lastDy * dy < 0) {
      dx = -dx;
      dy = -dy;
    }
    if (step > 1) {
      dx = style.curveSmoothing * lastDx + (1 - style.curveSmoothing) * dx;
      dy = style.curveSmoothing * lastDy + (1 - style.curveSmoothing) * dy;
    }
    const norm = Math.hypot(dx, dy) || 1;
    dx /= norm;
    dy /= norm;
    x += radius * dx;
    y += radius * dy;
    if (x < -radius || y < -radius || x > w + radius || y > h + radius) break;
    points.push(x, y);
    lastDx = dx;
    lastDy = dy;
  }
  return { points: Float32Array.from(points), radius, color, opacity, seed: Math.floor(random() * 2 ** 31) };
}

const GRAPHITE: readonly [number, number, number] = [52, 52, 58];

function strokeColor(
  base: [number, number, number],
  canvasTone: number,
  style: StylePreset,
  random: () => number,
): { color: readonly [number, number, number]; opacity: number } {
  const jitter = () => 1 + (random() * 2 - 1) * style.colorJitter;
  if (style.grayscale) {
    // Pencil: pressure a darkens what is there to the tone: canvas * (1 - a) + graphite * a = tone,
    // lighter because the strokes of one pass overlap and later passes add more.
    const tone = base[0];
    const pressure = (0.2 * (canvasTone - tone)) / Math.max(1, canvasTone - GRAPHITE[0]);
    return { color: GRAPHITE, opacity: Math.min(1, Math.max(0.03, pressure * jitter())) };
  }
  return { color: [base[0] * jitter(), base[1] * jitter(), base[2] * jitter()], opacity: 1 };
}
