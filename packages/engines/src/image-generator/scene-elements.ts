import { mix } from './colour.ts';
import type { SceneElement } from './prompt-vocabulary.ts';
import type { Random } from './seeded-random.ts';
import { blobPath, num, ridgePath } from './svg-paths.ts';

/** What an element painter needs to know about the picture it draws into. */
export type SceneContext = {
  width: number;
  height: number;
  palette: string[];
  night: boolean;
  /** The colour the prompt named first, if any. */
  accent: string | undefined;
  random: Random;
  /** Where sky meets land or water, as a share of the height. */
  horizon: number;
  /** The sky colour near the horizon; far ridges fade toward it. */
  haze: string;
  /** 'flat' for minimal, 'glow' for neon, 'wash' for watercolor, 'soft' otherwise. */
  finish: 'flat' | 'glow' | 'wash' | 'soft';
};

/** Glow per element; the watercolor wash is applied once to the whole rendered picture (watercolour-wash.ts). */
const filterFor = (finish: SceneContext['finish']) => (finish === 'glow' ? ' filter="url(#glow)"' : '');

function sunOrMoon(ctx: SceneContext, moon: boolean): string {
  const { width, height, random, palette } = ctx;
  const r = Math.min(width, height) * random.range(0.08, 0.14);
  const cx = width * random.range(0.25, 0.75);
  const cy = height * ctx.horizon - r * random.range(0.2, 1.6);
  const body = ctx.accent ? ctx.accent : moon ? mix(palette[4]!, '#fffbe8', 0.6) : mix(palette[4]!, '#ffe9a0', 0.5);
  const glow =
    ctx.finish === 'flat' ? '' : `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r * 2.6)}" fill="url(#sunGlow)" opacity="0.8"/>`;
  const crater =
    moon && ctx.finish !== 'flat'
      ? `<circle cx="${num(cx + r * 0.3)}" cy="${num(cy - r * 0.2)}" r="${num(r * 0.22)}" fill="#000" opacity="0.06"/><circle cx="${num(cx - r * 0.35)}" cy="${num(cy + r * 0.3)}" r="${num(r * 0.14)}" fill="#000" opacity="0.05"/>`
      : '';
  return `<defs><radialGradient id="sunGlow"><stop offset="0" stop-color="${body}" stop-opacity="0.55"/><stop offset="1" stop-color="${body}" stop-opacity="0"/></radialGradient></defs>${glow}<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${body}"${filterFor(ctx.finish)}/>${crater}`;
}

function stars(ctx: SceneContext): string {
  const { width, height, random } = ctx;
  const count = Math.round((width * height) / 6000);
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const r = random.next() < 0.92 ? random.range(0.5, 1.3) : random.range(1.6, 2.4);
    out += `<circle cx="${num(random.range(0, width))}" cy="${num(random.range(0, height * ctx.horizon * 0.95))}" r="${num(r)}" fill="#fff" opacity="${num(random.range(0.35, 0.95))}"/>`;
  }
  return `<g${ctx.finish === 'glow' ? ' filter="url(#glow)"' : ''}>${out}</g>`;
}

function clouds(ctx: SceneContext): string {
  const { width, height, random, palette } = ctx;
  const colour = ctx.night ? mix(palette[1]!, '#8088a8', 0.3) : mix(palette[4]!, '#ffffff', 0.6);
  let out = '';
  const count = random.int(3, 6);
  for (let i = 0; i < count; i += 1) {
    const cx = random.range(-0.1, 1.1) * width;
    const cy = random.range(0.08, ctx.horizon * 0.7) * height;
    const w = random.range(0.12, 0.28) * width;
    for (let j = 0; j < 4; j += 1) {
      out += `<ellipse cx="${num(cx + random.range(-w / 2, w / 2))}" cy="${num(cy + random.range(-w / 10, w / 12))}" rx="${num(w * random.range(0.3, 0.55))}" ry="${num(w * random.range(0.12, 0.2))}" fill="${colour}" opacity="${num(random.range(0.35, 0.7))}"/>`;
    }
  }
  const blur = ctx.finish === 'flat' ? '' : ' filter="url(#soft)"';
  return `<g${blur}>${out}</g>`;
}

function mountains(ctx: SceneContext): string {
  const { width, height, random, palette } = ctx;
  const layers = ctx.finish === 'flat' ? 2 : 4;
  let out = '';
  for (let i = 0; i < layers; i += 1) {
    const depth = i / Math.max(1, layers - 1);
    const base = height * (ctx.horizon - 0.2 + depth * 0.22);
    const amplitude = height * (0.16 - depth * 0.07);
    const colour = mix(palette[Math.max(0, 2 - i)] ?? palette[0]!, ctx.haze, (1 - depth) * 0.55);
    out += `<path d="${ridgePath(width, height, base, amplitude, random)}" fill="${colour}"${filterFor(ctx.finish)}/>`;
  }
  return out;
}

function water(ctx: SceneContext): string {
  const { width, height, random, palette } = ctx;
  const top = height * ctx.horizon;
  const deep = mix(palette[0]!, '#0a3050', 0.35);
  let lines = '';
  for (let i = 0; i < 26; i += 1) {
    const y = top + (height - top) * Math.pow(random.next(), 1.6);
    const w = random.range(0.05, 0.3) * width;
    const x = random.range(-0.1, 1) * width;
    lines += `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(random.range(1, 2.5))}" fill="${mix(palette[4]!, '#ffffff', 0.5)}" opacity="${num(random.range(0.15, 0.45))}"/>`;
  }
  return `<defs><linearGradient id="waterFill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(ctx.haze, deep, 0.35)}"/><stop offset="1" stop-color="${deep}"/></linearGradient></defs><rect x="0" y="${num(top)}" width="${width}" height="${num(height - top)}" fill="url(#waterFill)"${filterFor(ctx.finish === 'glow' ? 'soft' : ctx.finish)}/>${lines}`;
}

function trees(ctx: SceneContext): string {
  const { width, height, random, palette } = ctx;
  const colour = mix(palette[0]!, '#06140c', 0.4);
  let out = '';
  const count = random.int(7, 16);
  for (let i = 0; i < count; i += 1) {
    const x = random.range(-0.02, 1.02) * width;
    const h = random.range(0.12, 0.3) * height;
    const w = h * random.range(0.28, 0.4);
    const ground = height * random.range(0.92, 1.02);
    out += `<path d="M${num(x)},${num(ground - h)} L${num(x + w / 2)},${num(ground)} L${num(x - w / 2)},${num(ground)} Z" fill="${colour}"/>`;
    out += `<path d="M${num(x)},${num(ground - h * 1.08)} L${num(x + w * 0.36)},${num(ground - h * 0.45)} L${num(x - w * 0.36)},${num(ground - h * 0.45)} Z" fill="${colour}"/>`;
  }
  return `<g${filterFor(ctx.finish)}>${out}</g>`;
}

function birds(ctx: SceneContext): string {
  const { width, height, random, palette } = ctx;
  const colour = ctx.night ? mix(palette[4]!, '#ffffff', 0.4) : mix(palette[0]!, '#000000', 0.3);
  const cx = random.range(0.2, 0.8) * width;
  const cy = random.range(0.15, 0.35) * height;
  let out = '';
  for (let i = 0; i < random.int(4, 9); i += 1) {
    const x = cx + random.range(-0.15, 0.15) * width;
    const y = cy + random.range(-0.07, 0.07) * height;
    const s = random.range(6, 14) * (width / 1024);
    out += `<path d="M${num(x - s)},${num(y - s * 0.4)} Q${num(x - s / 2)},${num(y - s * 0.7)} ${num(x)},${num(y)} Q${num(x + s / 2)},${num(y - s * 0.7)} ${num(x + s)},${num(y - s * 0.4)}" fill="none" stroke="${colour}" stroke-width="${num(Math.max(1.2, s / 6))}" stroke-linecap="round"/>`;
  }
  return out;
}

function city(ctx: SceneContext): string {
  const { width, height, random, palette } = ctx;
  const ground = height * (ctx.horizon + 0.02);
  const colour = mix(palette[0]!, '#05050a', 0.3);
  let x = 0;
  let out = '';
  while (x < width) {
    const w = random.range(0.03, 0.08) * width;
    const h = random.range(0.08, 0.3) * height;
    out += `<rect x="${num(x)}" y="${num(ground - h)}" width="${num(w + 1)}" height="${num(h + height * 0.05)}" fill="${colour}"/>`;
    for (let wy = ground - h + 6; wy < ground - 6; wy += 12) {
      for (let wx = x + 4; wx < x + w - 6; wx += 9) {
        if (random.chance(ctx.night ? 0.35 : 0.12))
          out += `<rect x="${num(wx)}" y="${num(wy)}" width="4" height="6" fill="${mix(palette[4]!, '#ffe9a8', 0.6)}" opacity="0.85"/>`;
      }
    }
    x += w;
  }
  return `<g${ctx.finish === 'glow' ? ' filter="url(#glow)"' : ''}>${out}</g>`;
}

/** Painters in back-to-front order. */
const painters: [SceneElement, (ctx: SceneContext) => string][] = [
  ['stars', stars],
  ['sun', (ctx) => sunOrMoon(ctx, false)],
  ['moon', (ctx) => sunOrMoon(ctx, true)],
  ['clouds', clouds],
  ['birds', birds],
  ['mountains', mountains],
  ['city', city],
  ['water', water],
  ['trees', trees],
];

export function paintElements(ctx: SceneContext, elements: ReadonlySet<SceneElement>): string {
  return painters
    .filter(([element]) => elements.has(element))
    .map(([, paint]) => paint(ctx))
    .join('');
}

/** Exposed for the blob-based styles. */
export { blobPath };
