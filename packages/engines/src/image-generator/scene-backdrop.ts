import { mix } from './colour.ts';
import type { Stage } from './lay-out-subjects.ts';
import { paintElements } from './scene-elements.ts';
import type { SceneContext } from './scene-elements.ts';
import type { SceneElement } from './prompt-vocabulary.ts';
import type { Setting, TimeOfDay, Weather } from './scene-words.ts';
import { weathered, weatherSky } from './scene-weather.ts';
import type { Random } from './seeded-random.ts';
import { num, ridgePath } from './svg-paths.ts';

/** Sky colours (top, at the horizon) and the sun's or moon's place (share of width, height above the horizon). */
const skies: Record<TimeOfDay, { top: string; low: string; sun: [number, number] | undefined; moon: boolean }> = {
  sunrise: { top: '#5d6fa6', low: '#f9b98c', sun: [0.22, 0.06], moon: false },
  morning: { top: '#6aa6dc', low: '#d5ebf7', sun: [0.28, 0.3], moon: false },
  noon: { top: '#3b8ad6', low: '#b3dbf5', sun: [0.7, 0.6], moon: false },
  afternoon: { top: '#4b8fc9', low: '#e4ecea', sun: [0.74, 0.38], moon: false },
  sunset: { top: '#3a2a63', low: '#f7905a', sun: [0.76, 0.07], moon: false },
  dusk: { top: '#1c2150', low: '#b0607d', sun: undefined, moon: false },
  night: { top: '#050a1f', low: '#1f2d5c', sun: [0.76, 0.55], moon: true },
};

/** Ground colours (far, near) per setting; space has none. */
export const grounds: Record<Setting, [string, string] | undefined> = {
  meadow: ['#8fbf57', '#4f8d32'],
  snow: ['#f2f6fb', '#cfdceb'],
  beach: ['#f3dcaa', '#e0bd7c'],
  forest: ['#5d8a3f', '#2f5c25'],
  city: ['#9a9ca3', '#5e6169'],
  desert: ['#efc07e', '#cf8f4a'],
  ocean: ['#3d89b0', '#0f4a6e'],
  mountains: ['#93b06a', '#557a3a'],
  space: undefined,
  room: ['#b9875a', '#7d5334'],
};

/** Evening and night light darkens and colours everything on the ground the same way. */
const shade: Partial<Record<TimeOfDay, [string, number]>> = {
  sunrise: ['#f4a080', 0.15],
  sunset: ['#d0603a', 0.22],
  dusk: ['#2a2050', 0.45],
  night: ['#070b22', 0.65],
};
const baseLight = (colour: string, time: TimeOfDay) => {
  const s = shade[time];
  return s ? mix(colour, s[0], s[1]) : colour;
};

export type Backdrop = { svg: string; stage: Stage };

type BackdropInput = {
  width: number;
  height: number;
  setting: Setting;
  time: TimeOfDay;
  random: Random;
  /** 'flat' leaves out gradients' extras (minimal); the others draw the full scene. */
  finish: 'soft' | 'wash' | 'flat';
  /** Whether something in the picture needs a table (small things indoors). */
  wantsTable: boolean;
  /** Whether something needs water to float in. */
  wantsWater: boolean;
  /** Scene elements the prompt named; clouds are painted in the sky. */
  elements: ReadonlySet<SceneElement>;
  /** Cloud cover and light of the weather; its rain or snow is painted over the figures (scene-weather.ts). */
  weather?: Weather | undefined;
};

/** Painters' palette (dark → light) for a setting's far scenery, in the time's light. */
function sceneryPalette(
  far: string,
  near: string,
  sky: string,
  time: TimeOfDay,
  inLight: (colour: string, time: TimeOfDay) => string,
): string[] {
  return [
    inLight(mix(near, '#000000', 0.35), time),
    inLight(near, time),
    inLight(mix(far, sky, 0.35), time),
    inLight(mix(far, sky, 0.6), time),
    mix(sky, '#ffffff', 0.5),
  ];
}

/**
 * Sky by time of day (gradient, sun or moon, stars at night), the setting's far scenery (mountains, a
 * skyline, a tree line, dunes, the sea) and its ground; returns where figures can stand, swim and sit.
 */
export function paintBackdrop(input: BackdropInput): Backdrop {
  const { width, height, setting, time, random, finish, weather } = input;
  // Under cloud cover the sun and moon are hidden and the land takes the weather's light.
  const sky = weather ? { ...skies[time], ...weatherSky(skies[time], weather, time === 'night'), sun: undefined } : skies[time];
  const inLight = (colour: string, t: TimeOfDay) => weathered(baseLight(colour, t), weather);
  const horizon = height * (setting === 'room' ? 0.62 : setting === 'space' ? 1 : random.range(0.5, 0.58));
  const stage: Stage = { width, height, horizon, setting, ground: standingBand(height, horizon), water: undefined, table: undefined };
  const [far, near] = grounds[setting] ?? ['#000000', '#000000'];
  const ctx: SceneContext = {
    width,
    height,
    palette: sceneryPalette(far, near, sky.low, time, inLight),
    night: time === 'night',
    accent: undefined,
    random,
    horizon: horizon / height,
    haze: sky.low,
    finish: finish === 'wash' ? 'wash' : finish === 'flat' ? 'flat' : 'soft',
  };
  let out = `<defs><linearGradient id="backdropSky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.low}"/></linearGradient><linearGradient id="backdropGround" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${inLight(far, time)}"/><stop offset="1" stop-color="${inLight(near, time)}"/></linearGradient></defs>`;

  if (setting === 'space') {
    out += `<rect width="${width}" height="${height}" fill="#05040f"/>`;
    out += paintElements({ ...ctx, horizon: 1, night: true }, new Set(['stars']));
    const r = Math.min(width, height) * random.range(0.12, 0.2);
    out += `<circle cx="${num(width * random.pick([0.15, 0.85]))}" cy="${num(height * random.range(0.7, 0.9))}" r="${num(r)}" fill="${random.pick(['#c0573b', '#3c6fb0', '#8a6fc4'])}" opacity="0.85"/>`;
    return { svg: out, stage };
  }

  if (setting === 'room') {
    const wall = inLight('#efe3cf', time);
    out += `<rect width="${width}" height="${num(horizon)}" fill="${wall}"/>`;
    // A window onto the sky of the time of day.
    const ww = width * 0.3;
    const wh = horizon * 0.5;
    const wx = width * random.range(0.08, 0.62);
    const wy = horizon * 0.16;
    out += `<rect x="${num(wx)}" y="${num(wy)}" width="${num(ww)}" height="${num(wh)}" fill="url(#backdropSky)" stroke="#8a6a4a" stroke-width="${num(width / 90)}"/>`;
    out += `<line x1="${num(wx + ww / 2)}" y1="${num(wy)}" x2="${num(wx + ww / 2)}" y2="${num(wy + wh)}" stroke="#8a6a4a" stroke-width="${num(width / 160)}"/>`;
    out += `<rect y="${num(horizon)}" width="${width}" height="${num(height - horizon)}" fill="url(#backdropGround)"/>`;
    for (let i = 1; i < 6; i += 1) {
      const y = horizon + (height - horizon) * Math.pow(i / 6, 1.4);
      out += `<line x1="0" y1="${num(y)}" x2="${width}" y2="${num(y)}" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>`;
    }
    if (input.wantsTable) {
      const top = horizon + (height - horizon) * 0.3;
      const left = width * 0.18;
      const right = width * 0.82;
      stage.ground = { top: top + height * 0.12, bottom: height * 0.98 };
      const legs = inLight('#5a3a22', time);
      out += `<rect x="${num(left + 12)}" y="${num(top)}" width="${num(width * 0.03)}" height="${num(height * 0.97 - top)}" fill="${legs}"/><rect x="${num(right - 12 - width * 0.03)}" y="${num(top)}" width="${num(width * 0.03)}" height="${num(height * 0.97 - top)}" fill="${legs}"/>`;
      out += `<rect x="${num(left)}" y="${num(top)}" width="${num(right - left)}" height="${num(height * 0.035)}" rx="6" fill="${inLight('#8b5e3c', time)}"/>`;
      stage.table = { top, left: left + width * 0.03, right: right - width * 0.03 };
    }
    return { svg: out, stage };
  }

  out += `<rect width="${width}" height="${num(horizon + 2)}" fill="url(#backdropSky)"/>`;
  const skyElements = new Set<SceneElement>([...input.elements].filter((e) => e === 'clouds'));
  if (time === 'night' && !weather) skyElements.add('stars');
  if (weather && weather !== 'fog') skyElements.add('clouds');
  if (sky.sun) {
    const r = Math.min(width, height) * (sky.moon ? 0.06 : 0.075);
    const cx = width * sky.sun[0];
    const cy = horizon - horizon * sky.sun[1] - r * 0.6;
    const body = sky.moon ? '#f4f1dc' : time === 'sunset' || time === 'sunrise' ? '#ffd27a' : '#fff3b0';
    if (skyElements.has('stars')) out += paintElements(ctx, new Set(['stars']));
    // A radial gradient for the glow: a blur filter this wide costs more than the rest of the sky.
    if (finish !== 'flat') {
      out += `<defs><radialGradient id="backdropGlow"><stop offset="0" stop-color="${body}" stop-opacity="0.5"/><stop offset="1" stop-color="${body}" stop-opacity="0"/></radialGradient></defs><circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r * 3.2)}" fill="url(#backdropGlow)"/>`;
    }
    out += `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${body}"/>`;
  } else if (skyElements.has('stars')) out += paintElements(ctx, new Set(['stars']));
  skyElements.delete('stars');
  if (!skyElements.has('clouds') && time !== 'night' && random.chance(0.5)) skyElements.add('clouds');
  // Rain clouds are dark: painted as night clouds are.
  out += paintElements(weather === 'storm' || weather === 'rain' ? { ...ctx, night: true } : ctx, skyElements);

  const scenery: Partial<Record<Setting, SceneElement>> = { snow: 'mountains', mountains: 'mountains', city: 'city' };
  const element = scenery[setting];
  if (element) out += paintElements(element === 'mountains' ? { ...ctx, haze: mix(sky.low, far, 0.3) } : ctx, new Set([element]));
  if (setting === 'forest') out += treeLine(width, horizon, inLight('#1f4a26', time), random);
  if (setting === 'meadow')
    out += `<path d="${ridgePath(width, height, horizon - height * 0.02, height * 0.03, random)}" fill="${inLight(mix(far, sky.low, 0.35), time)}"/>`;
  if (setting === 'desert')
    out += `<path d="${ridgePath(width, height, horizon - height * 0.03, height * 0.04, random)}" fill="${inLight(mix(far, '#b86a38', 0.3), time)}"/>`;

  const waterTop = horizon;
  if (setting === 'ocean') {
    out += paintElements({ ...ctx, palette: [inLight('#0b3a5a', time), ...ctx.palette.slice(1)] }, new Set(['water']));
    stage.water = { top: waterTop, bottom: height * 0.84 };
    // A sandbar in front for anything that has to stand.
    const bar = height * 0.86;
    out += `<path d="M0,${num(bar)} Q${num(width * 0.5)},${num(bar - height * 0.05)} ${width},${num(bar)} L${width},${height} L0,${height} Z" fill="${inLight('#e6cf98', time)}"/>`;
    stage.ground = { top: bar + height * 0.04, bottom: height * 0.98 };
    return { svg: out, stage };
  }
  out += `<rect y="${num(horizon)}" width="${width}" height="${num(height - horizon)}" fill="url(#backdropGround)"/>`;
  if (setting === 'beach' || input.wantsWater) {
    const shore = horizon + (height - horizon) * (setting === 'beach' ? 0.32 : 0.3);
    out += `<rect y="${num(horizon)}" width="${width}" height="${num(shore - horizon)}" fill="${inLight('#2f86b4', time)}"/>`;
    out += `<path d="M0,${num(shore)} Q${num(width * 0.25)},${num(shore + 8)} ${num(width * 0.5)},${num(shore)} T${width},${num(shore)}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="${num(height / 120)}"/>`;
    stage.water = { top: horizon, bottom: shore };
    stage.ground = { top: Math.max(stage.ground.top, shore + height * 0.08), bottom: stage.ground.bottom };
  }
  if (setting === 'city')
    out += `<rect y="${num(horizon + (height - horizon) * 0.55)}" width="${width}" height="${num(height * 0.02)}" fill="${inLight('#d8d8d0', time)}" opacity="0.5"/>`;
  return { svg: out, stage };
}

/** Where standing figures put their feet: the nearer part of the ground. */
export function standingBand(height: number, horizon: number): { top: number; bottom: number } {
  return { top: horizon + (height - horizon) * 0.45, bottom: height * 0.96 };
}

/** A dark band of pines along the horizon. */
function treeLine(width: number, horizon: number, colour: string, random: Random): string {
  let out = '';
  for (let x = -10; x < width + 10; x += random.range(10, 22)) {
    const h = random.range(0.05, 0.12) * horizon * 1.6;
    const w = h * 0.45;
    out += `<path d="M${num(x)},${num(horizon - h)} L${num(x + w / 2)},${num(horizon + 2)} L${num(x - w / 2)},${num(horizon + 2)} Z" fill="${colour}"/>`;
  }
  return out;
}
