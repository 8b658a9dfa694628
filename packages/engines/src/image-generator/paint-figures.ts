import type { Icon } from './icon-set.ts';
import { uniqueIds } from './icon-set.ts';
import { bodySvg, hasBody, headBox } from './animal-bodies.ts';
import { lightIcon, tintIcon } from './icon-tint.ts';
import type { PlacedFigure } from './lay-out-subjects.ts';
import type { TimeOfDay } from './scene-words.ts';
import { num } from './svg-paths.ts';

export type FigureFinish = 'soft' | 'flat' | 'glow' | 'wash';

/** How the light of each time of day colours things (RGB multipliers) and where the sun is (-1 left … 1 right, 0 overhead). */
export const daylight: Record<TimeOfDay, { tint: [number, number, number]; sunSide: number; shadow: number }> = {
  sunrise: { tint: [1, 0.9, 0.85], sunSide: -1, shadow: 0.28 },
  morning: { tint: [1, 0.98, 0.94], sunSide: -0.5, shadow: 0.3 },
  noon: { tint: [1, 1, 1], sunSide: 0, shadow: 0.34 },
  afternoon: { tint: [1, 0.97, 0.9], sunSide: 0.5, shadow: 0.3 },
  sunset: { tint: [1, 0.82, 0.68], sunSide: 1, shadow: 0.3 },
  dusk: { tint: [0.78, 0.68, 0.8], sunSide: 0.8, shadow: 0.2 },
  night: { tint: [0.5, 0.56, 0.78], sunSide: 0, shadow: 0.22 },
};

/** A shadow under a standing figure: short at noon, long and cast away from a low sun. */
function shadow(figure: PlacedFigure, time: TimeOfDay, finish: FigureFinish): string {
  if (figure.footY === undefined) return '';
  const { sunSide, shadow: strength } = daylight[time];
  const low = Math.abs(sunSide);
  const rx = figure.size * (0.34 + low * 0.45);
  const ry = figure.size * 0.07;
  const cx = figure.x + figure.size / 2 - sunSide * figure.size * 0.35;
  const fill =
    finish === 'flat' ? `fill="#000" fill-opacity="${num(strength * 0.6)}"` : `fill="url(#figureShadow)" opacity="${num(strength * 2)}"`;
  return `<ellipse cx="${num(cx)}" cy="${num(figure.footY - ry * 0.3)}" rx="${num(rx)}" ry="${num(ry)}" ${fill}/>`;
}

/** Neon: a halo of light behind the figure, pink and cyan in turn (a gradient; a blur filter costs far more). */
function halo(figure: PlacedFigure, index: number): string {
  const id = `figureHalo${index}`;
  const colour = index % 2 === 0 ? '#ff2a6d' : '#05d9e8';
  const r = figure.size * 0.62;
  return `<defs><radialGradient id="${id}"><stop offset="0.45" stop-color="${colour}" stop-opacity="0.55"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs><circle cx="${num(figure.x + figure.size / 2)}" cy="${num(figure.y + figure.size / 2)}" r="${num(r)}" fill="url(#${id})"/>`;
}

/** Share of the icon's box below the drawing (the set pads every icon by about two of its 32 units). */
const padding = 2 / 32;

function figureSvg(figure: PlacedFigure, icon: Icon, index: number, light: readonly [number, number, number]): string {
  const k = figure.size / Math.max(icon.width, icon.height);
  const body = uniqueIds(lightIcon(figure.colour ? tintIcon(icon.body, figure.colour) : icon.body, light), `f${index}`);
  const x = figure.flipped ? figure.x + figure.size : figure.x;
  const scaleX = figure.flipped ? -k : k;
  const drawn = hasBody(figure.icon)
    ? withBody(figure, icon, body, light)
    : `<g transform="translate(${num(x)} ${num(figure.y)}) scale(${num(scaleX * 1000) / 1000} ${num(k * 1000) / 1000}) translate(${-icon.left} ${-icon.top})">${body}</g>`;
  if (!figure.lying) return drawn;
  // Lying down: the figure is laid low and long about the middle of its feet, which stay where they were.
  const cx = figure.x + figure.size / 2;
  const feet = figure.y + figure.size * (1 - padding);
  return `<g transform="translate(${num(cx)} ${num(feet)}) scale(1.2 0.56) translate(${num(-cx)} ${num(-feet)})">${drawn}</g>`;
}

/** A face-only animal (fox, lion, bear) drawn whole: its body under the face, both tinted and lit as the face is. */
function withBody(figure: PlacedFigure, icon: Icon, face: string, light: readonly [number, number, number]): string {
  const s = figure.size;
  const colouredBody = lightIcon(figure.colour ? tintIcon(bodySvg(figure.icon, s), figure.colour) : bodySvg(figure.icon, s), light);
  const k = (s * headBox.size) / Math.max(icon.width, icon.height);
  const head = `<g transform="translate(${num(s * headBox.x)} ${num(s * headBox.y)}) scale(${num(k * 1000) / 1000}) translate(${-icon.left} ${-icon.top})">${face}</g>`;
  const x = figure.flipped ? figure.x + s : figure.x;
  return `<g transform="translate(${num(x)} ${num(figure.y)}) scale(${figure.flipped ? -1 : 1} 1)">${colouredBody}${head}</g>`;
}

/** A sleeping figure's 'zzz', above its head end. */
function sleepMark(figure: PlacedFigure, icon: Icon | undefined, index: number): string {
  if (figure.pose !== 'sleeping' || !figure.lying || !icon) return '';
  const size = figure.size * 0.38;
  const x = figure.x + figure.size * (figure.flipped ? 0.62 : 0);
  const y = figure.y + figure.size * (1 - padding) - figure.size * 0.56 - size * 0.8;
  const k = size / Math.max(icon.width, icon.height);
  return `<g transform="translate(${num(x)} ${num(y)}) scale(${num(k * 1000) / 1000}) translate(${-icon.left} ${-icon.top})">${uniqueIds(icon.body, `z${index}`)}</g>`;
}

/**
 * The figures as SVG, in the given order (back to front), each with its shadow, in the light of the
 * time of day. 'glow' (neon) puts a halo of light behind them; 'flat' (minimal) keeps a crisp shadow.
 */
export function paintFigures(figures: PlacedFigure[], icons: Map<string, Icon>, time: TimeOfDay, finish: FigureFinish): string {
  if (figures.length === 0) return '';
  // Neon figures keep their own colours: they glow in the dark.
  const light = finish === 'glow' ? ([1, 1, 1] as const) : daylight[time].tint;
  const defs = `<defs><radialGradient id="figureShadow"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.7" stop-color="#000" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>`;
  let drawn = defs;
  figures.forEach((figure, index) => {
    drawn +=
      (finish === 'glow' ? halo(figure, index) : shadow(figure, time, finish)) +
      figureSvg(figure, icons.get(figure.icon)!, index, light) +
      sleepMark(figure, icons.get('zzz'), index);
  });
  return drawn;
}
