import type { ImageStyle } from '@lumen/core/services/image-generator-params';
import { mix } from './colour.ts';
import type { Icon } from './icon-set.ts';
import { layOutSubjects } from './lay-out-subjects.ts';
import type { PlacedFigure, Stage } from './lay-out-subjects.ts';
import { paintFigures } from './paint-figures.ts';
import type { FigureFinish } from './paint-figures.ts';
import type { SceneElement } from './prompt-vocabulary.ts';
import type { PromptReading } from './read-prompt.ts';
import type { SceneReading } from './read-scene.ts';
import { grounds, paintBackdrop, standingBand } from './scene-backdrop.ts';
import { paintElements } from './scene-elements.ts';
import { paintWeather } from './scene-weather.ts';
import type { SceneContext } from './scene-elements.ts';
import type { Random } from './seeded-random.ts';
import { seededRandom, valueNoise } from './seeded-random.ts';
import { blobPath, flowLine, num } from './svg-paths.ts';

type Canvas = {
  width: number;
  height: number;
  reading: PromptReading;
  scene: SceneReading;
  /** The icons the scene's subjects need, loaded by the caller. */
  icons: Map<string, Icon>;
  random: Random;
  seed: number;
};

/** What a style painted: the SVG body and where each figure went. */
type Painted = { body: string; figures: PlacedFigure[] };

/**
 * Lays out and paints the subjects on a stage. Figures get their own seeded random, so the scenery
 * behind them is the same whether or not a subject is drawn (removing one leaves its background).
 */
function figuresOn(canvas: Canvas, stage: Stage, finish: FigureFinish): Painted {
  const figures = layOutSubjects(canvas.scene.subjects, stage, seededRandom(canvas.seed ^ 0x2545f491));
  return { body: paintFigures(figures, canvas.icons, canvas.scene.timeOfDay, finish), figures };
}

/** A stage for the styles that keep their own backgrounds: ground below the horizon, no water or table. */
function plainStage(canvas: Canvas, horizon: number): Stage {
  const { width, height, scene } = canvas;
  return { width, height, horizon, setting: scene.setting, ground: standingBand(height, horizon), water: undefined, table: undefined };
}

function defs({ width, height }: Canvas): string {
  const unit = Math.min(width, height);
  return `<defs>
<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${num(unit / 110)}" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
<filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${num(unit / 70)}"/></filter>
<filter id="haze" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${num(unit / 14)}"/></filter>
<radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>
</defs>`;
}

function sceneContext(canvas: Canvas, finish: SceneContext['finish'], haze: string): SceneContext {
  const { width, height, reading, random } = canvas;
  return {
    width,
    height,
    palette: reading.palette,
    night: reading.night,
    accent: reading.accent,
    random,
    horizon: random.range(0.58, 0.7),
    haze,
    finish,
  };
}

function flowStrokes(canvas: Canvas, count: number, colours: string[], opacity: number, widthRange: [number, number]): string {
  const { width, height, random, seed } = canvas;
  const noise = valueNoise(seed ^ 0x5bd1e995);
  const scale = 3 / Math.min(width, height);
  const twist = random.range(2, 5);
  const angleAt = (x: number, y: number) => noise(x * scale, y * scale) * Math.PI * twist;
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const d = flowLine(random.range(0, width), random.range(0, height), random.int(25, 70), Math.min(width, height) / 120, angleAt);
    out += `<path d="${d}" fill="none" stroke="${random.pick(colours)}" stroke-width="${num(random.range(...widthRange))}" stroke-linecap="round" stroke-opacity="${num(opacity * random.range(0.5, 1))}"/>`;
  }
  return out;
}

function abstract(canvas: Canvas): Painted {
  const { width, height, random, reading } = canvas;
  if (namesScene(canvas)) {
    // The scene, with the style's flowing strokes drifting over it.
    const p = reading.palette;
    const strokes = flowStrokes(canvas, Math.round((width * height) / 30000), [p[3]!, p[4]!], 0.3, [1, 2.5]);
    return stagedScene(canvas, 'soft', 'soft', strokes);
  }
  const p = reading.palette;
  const angle = random.range(0, 360);
  let out = `<defs><linearGradient id="bg" gradientTransform="rotate(${num(angle)} 0.5 0.5)"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>`;
  let blobs = '';
  for (let i = 0; i < random.int(4, 6); i += 1) {
    const r = Math.min(width, height) * random.range(0.18, 0.4);
    blobs += `<path d="${blobPath(random.range(0, width), random.range(0, height), r, 0.35, random)}" fill="${p[2 + (i % 3)]}" opacity="${num(random.range(0.55, 0.85))}"/>`;
  }
  out += `<g filter="url(#haze)">${blobs}</g>`;
  out += flowStrokes(canvas, Math.round((width * height) / 9000), [p[3]!, p[4]!, mix(p[4]!, '#ffffff', 0.5)], 0.45, [1, 3.5]);
  out += paintElements(sceneContext(canvas, 'soft', p[2]!), reading.elements);
  for (let i = 0; i < random.int(2, 4); i += 1) {
    const r = Math.min(width, height) * random.range(0.04, 0.16);
    out += `<circle cx="${num(random.range(0.1, 0.9) * width)}" cy="${num(random.range(0.1, 0.9) * height)}" r="${num(r)}" fill="none" stroke="${p[4]}" stroke-width="${num(random.range(1.5, 4))}" opacity="0.7"/>`;
  }
  const figures = figuresOn(canvas, plainStage(canvas, height * 0.55), 'soft');
  return { body: out + figures.body, figures: figures.figures };
}

/** Whether the prompt described a scene to stage (things, a place or a time) rather than only colours and moods. */
const isStaged = ({ scene }: Canvas) => scene.subjects.length > 0 || scene.settingNamed || scene.timeNamed;

/** The staged scene of landscape and watercolor: backdrop by setting and time of day, then the figures. */
function stagedScene(
  canvas: Canvas,
  finish: 'soft' | 'wash' | 'flat',
  figureFinish?: FigureFinish,
  overBackdrop: string | ((stage: Stage) => string) = '',
): Painted {
  const { width, height, random, reading, scene } = canvas;
  const backdrop = paintBackdrop({
    width,
    height,
    setting: scene.setting,
    time: scene.timeOfDay,
    random,
    finish,
    wantsTable: scene.subjects.some((s) => s.placement === 'table'),
    wantsWater: scene.subjects.some((s) => s.placement === 'water'),
    elements: reading.elements,
    weather: scene.weather,
  });
  const figures = figuresOn(canvas, backdrop.stage, figureFinish ?? finish);
  const over = typeof overBackdrop === 'string' ? overBackdrop : overBackdrop(backdrop.stage);
  return { body: backdrop.svg + over + figures.body, figures: figures.figures };
}

/**
 * Whether the prompt names where, when or in what weather: then every style stages that scene (the
 * summary says 'in a snow scene' only when the snow is painted), and the style sets the finish.
 */
const namesScene = ({ scene }: Canvas) => scene.settingNamed || scene.timeNamed || scene.weather !== undefined;

function watercolor(canvas: Canvas): Painted {
  const { width, height, random, reading } = canvas;
  const p = reading.palette;
  const paper = mix(p[4]!, '#fbf7ee', 0.7);
  if (isStaged(canvas)) {
    const staged = stagedScene(canvas, 'wash');
    return {
      body: `<rect width="${width}" height="${height}" fill="${paper}"/><g opacity="0.92">${staged.body}</g>`,
      figures: staged.figures,
    };
  }
  let out = '';
  const ctx = sceneContext(canvas, 'wash', mix(p[3]!, paper, 0.5));
  const sceneWords: SceneElement[] = ['mountains', 'water', 'trees', 'sun', 'moon', 'city'];
  const hasScene = sceneWords.some((element) => reading.elements.has(element));
  if (hasScene) {
    out += `<rect width="${width}" height="${num(height * ctx.horizon)}" fill="${mix(p[3]!, paper, 0.55)}" opacity="0.6"/>`;
  }
  let washes = '';
  const cells = hasScene ? 2 : 3;
  const unit = Math.min(width, height);
  // Broad washes on a jittered grid, so colour covers the sheet unevenly but everywhere.
  for (let gy = 0; gy < cells; gy += 1) {
    for (let gx = 0; gx < cells; gx += 1) {
      if (hasScene && random.chance(0.4)) continue;
      const cx = ((gx + random.range(0.1, 0.9)) / cells) * width;
      const cy = ((gy + random.range(0.1, 0.9)) / cells) * height * (hasScene ? 0.6 : 1);
      const colour = p[random.int(1, 3)]!;
      washes += `<path d="${blobPath(cx, cy, unit * random.range(0.16, 0.3), 0.35, random, 11)}" fill="${colour}" fill-opacity="${num(random.range(0.3, 0.55))}" stroke="${mix(colour, p[0]!, 0.4)}" stroke-opacity="0.35" stroke-width="${num(random.range(1, 2.5))}"/>`;
    }
  }
  // Smaller, deeper glazes on top.
  for (let i = 0; i < (hasScene ? 2 : 5); i += 1) {
    const colour = p[random.int(0, 2)]!;
    washes += `<path d="${blobPath(random.range(0.1, 0.9) * width, random.range(0.1, 0.9) * height, unit * random.range(0.06, 0.14), 0.4, random, 9)}" fill="${colour}" fill-opacity="${num(random.range(0.25, 0.45))}"/>`;
  }
  out += washes + paintElements(ctx, reading.elements);
  return {
    body: `<rect width="${width}" height="${height}" fill="${paper}"/><g opacity="0.95">${out}</g>`,
    figures: [],
  };
}

function neon(canvas: Canvas): Painted {
  const { width, height, random, reading } = canvas;
  const p = reading.palette;
  const base = mix(p[0]!, '#05020c', 0.6);
  const accent = [p[3]!, p[4]!, mix(p[2]!, '#ff2a6d', 0.3), mix(p[3]!, '#05d9e8', 0.3)];
  if (namesScene(canvas)) {
    // The named scene after dark in neon: dimmed, a glowing grid on its ground and light trails, figures with halos.
    return stagedScene(canvas, 'soft', 'glow', (stage) => {
      let grid = '';
      for (let i = -12; i <= 12; i += 1) {
        grid += `<line x1="${num(width / 2 + i * width * 0.02)}" y1="${num(stage.horizon)}" x2="${num(width / 2 + i * width * 0.16)}" y2="${height}" stroke="${accent[2]}" stroke-width="1.5" opacity="0.6"/>`;
      }
      for (let k = 1; k < 14; k += 1) {
        const y = stage.horizon + (height - stage.horizon) * Math.pow(k / 13, 2.1);
        grid += `<line x1="0" y1="${num(y)}" x2="${width}" y2="${num(y)}" stroke="${accent[3]}" stroke-width="1.5" opacity="0.6"/>`;
      }
      const dim = `<rect width="${width}" height="${height}" fill="${base}" opacity="0.45"/>`;
      return `${dim}<g filter="url(#glow)">${stage.horizon < height ? grid : ''}</g><g filter="url(#glow)">${flowStrokes(canvas, random.int(6, 12), accent, 0.8, [1.5, 3])}</g>`;
    });
  }
  let out = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="${mix(p[1]!, base, 0.4)}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#sky)"/>`;
  const horizon = height * random.range(0.55, 0.65);
  const ctx = { ...sceneContext(canvas, 'glow', mix(p[2]!, base, 0.5)), horizon: horizon / height, night: true };
  const elements = new Set(reading.elements);
  if (elements.size === 0) elements.add(random.chance(0.5) ? 'sun' : 'stars');
  out += paintElements(ctx, new Set([...elements].filter((e) => e !== 'water' && e !== 'trees')));
  // Perspective grid floor.
  let grid = `<rect x="0" y="${num(horizon)}" width="${width}" height="${num(height - horizon)}" fill="${base}" opacity="0.85"/>`;
  const lineColour = accent[0]!;
  for (let i = -12; i <= 12; i += 1) {
    grid += `<line x1="${num(width / 2 + i * width * 0.02)}" y1="${num(horizon)}" x2="${num(width / 2 + i * width * 0.16)}" y2="${height}" stroke="${lineColour}" stroke-width="1.5" opacity="0.8"/>`;
  }
  for (let k = 1; k < 14; k += 1) {
    const y = horizon + (height - horizon) * Math.pow(k / 13, 2.1);
    grid += `<line x1="0" y1="${num(y)}" x2="${width}" y2="${num(y)}" stroke="${lineColour}" stroke-width="1.5" opacity="0.8"/>`;
  }
  out += `<g filter="url(#glow)">${grid}</g>`;
  out += `<g filter="url(#glow)">${flowStrokes(canvas, random.int(8, 16), accent, 0.9, [1.5, 3])}</g>`;
  const figures = figuresOn(canvas, plainStage(canvas, horizon), 'glow');
  return { body: out + figures.body, figures: figures.figures };
}

function minimal(canvas: Canvas): Painted {
  const { width, height, random, reading, scene } = canvas;
  if (namesScene(canvas)) return stagedScene(canvas, 'flat', 'flat');
  const p = reading.palette;
  const background = reading.night ? p[0]! : mix(p[4]!, '#f7f4ee', 0.5);
  let out = `<rect width="${width}" height="${height}" fill="${background}"/>`;
  const ctx = sceneContext(canvas, 'flat', mix(p[3]!, background, 0.5));
  const ground = grounds[scene.setting];
  if (scene.settingNamed && ground) {
    out += `<rect y="${num(height * ctx.horizon)}" width="${width}" height="${num(height * (1 - ctx.horizon))}" fill="${mix(ground[0], background, 0.45)}"/>`;
  }
  // With nothing named to draw, a sun-and-arch composition stands in.
  if (scene.subjects.length > 0 || reading.elements.size > 0) {
    out += paintElements(ctx, reading.elements);
  } else {
    const r = Math.min(width, height) * random.range(0.16, 0.26);
    out += `<circle cx="${num(width * random.range(0.3, 0.7))}" cy="${num(height * random.range(0.3, 0.5))}" r="${num(r)}" fill="${p[2]}"/>`;
    const archW = width * random.range(0.2, 0.35);
    const archX = width * random.range(0.1, 0.9 - archW / width);
    const archTop = height * random.range(0.45, 0.6);
    out += `<path d="M${num(archX)},${height} L${num(archX)},${num(archTop + archW / 2)} A${num(archW / 2)},${num(archW / 2)} 0 0 1 ${num(archX + archW)},${num(archTop + archW / 2)} L${num(archX + archW)},${height} Z" fill="${p[1]}"/>`;
  }
  out += `<line x1="${num(width * 0.08)}" y1="${num(height * ctx.horizon)}" x2="${num(width * 0.92)}" y2="${num(height * ctx.horizon)}" stroke="${p[0]}" stroke-width="2" opacity="0.6"/>`;
  const figures = figuresOn(canvas, plainStage(canvas, height * ctx.horizon), 'flat');
  return { body: out + figures.body, figures: figures.figures };
}

function landscape(canvas: Canvas): Painted {
  return stagedScene(canvas, 'soft');
}

const styles: Record<ImageStyle, (canvas: Canvas) => Painted> = { abstract, watercolor, neon, minimal, landscape };

/** The whole picture as SVG, exactly width × height user units (= pixels when rendered), and where its figures are. */
export function composeScene(style: ImageStyle, canvas: Canvas): { svg: string; figures: PlacedFigure[] } {
  const painted = styles[style](canvas);
  const { figures } = painted;
  const body = painted.body + paintWeather(canvas.scene.weather, canvas.width, canvas.height, seededRandom(canvas.seed ^ 0x3c6ef372));
  const vignette =
    style === 'minimal' || style === 'watercolor' ? '' : `<rect width="${canvas.width}" height="${canvas.height}" fill="url(#vignette)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas.width}" height="${canvas.height}" viewBox="0 0 ${canvas.width} ${canvas.height}">${defs(canvas)}${body}${vignette}</svg>`;
  return { svg, figures };
}
