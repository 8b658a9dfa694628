import type { Random } from './seeded-random.ts';

const f = (n: number) => Math.round(n * 10) / 10;

/** A mountain ridge across the width by midpoint displacement, closed down to the bottom edge. */
export function ridgePath(width: number, height: number, baseY: number, amplitude: number, random: Random): string {
  let points = [baseY + random.range(-amplitude, amplitude) * 0.5, baseY + random.range(-amplitude, amplitude) * 0.5];
  let spread = amplitude;
  while (points.length < 129) {
    const next: number[] = [];
    for (let i = 0; i < points.length - 1; i += 1) {
      next.push(points[i]!, (points[i]! + points[i + 1]!) / 2 + random.range(-spread, spread));
    }
    next.push(points[points.length - 1]!);
    points = next;
    spread *= 0.55;
  }
  const step = width / (points.length - 1);
  const line = points.map((y, i) => `${f(i * step)},${f(y)}`).join(' L');
  return `M0,${height} L${line} L${width},${height} Z`;
}

/** A smooth closed blob around (cx, cy): radius r, each of n points pushed in or out by up to wobble × r. */
export function blobPath(cx: number, cy: number, r: number, wobble: number, random: Random, n = 9): string {
  const points = Array.from({ length: n }, (_, i) => {
    const angle = (i / n) * Math.PI * 2;
    const radius = r * (1 + random.range(-wobble, wobble));
    return [cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius] as const;
  });
  // Closed Catmull-Rom spline as cubic Béziers.
  let d = `M${f(points[0]![0])},${f(points[0]![1])}`;
  for (let i = 0; i < n; i += 1) {
    const p0 = points[(i - 1 + n) % n]!;
    const p1 = points[i]!;
    const p2 = points[(i + 1) % n]!;
    const p3 = points[(i + 2) % n]!;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f(c1[0]!)},${f(c1[1]!)} ${f(c2[0]!)},${f(c2[1]!)} ${f(p2[0])},${f(p2[1])}`;
  }
  return `${d} Z`;
}

/** A stroke that follows a flow field (angle from noise) for a number of steps. */
export function flowLine(
  startX: number,
  startY: number,
  steps: number,
  stepLength: number,
  angleAt: (x: number, y: number) => number,
): string {
  let x = startX;
  let y = startY;
  let d = `M${f(x)},${f(y)}`;
  for (let i = 0; i < steps; i += 1) {
    const angle = angleAt(x, y);
    x += Math.cos(angle) * stepLength;
    y += Math.sin(angle) * stepLength;
    d += ` L${f(x)},${f(y)}`;
  }
  return d;
}

export const num = f;
