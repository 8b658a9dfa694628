import { aiBackgroundPresetNames } from '@lumen/core/services/ai-background-params';

/**
 * The AI background presets: studio surfaces, each a wall meeting a floor (a seamless sweep or a hard floor line)
 * or a table top in front of a wall. Drawn here as SVG (so the files in the web app's public folder are made by
 * this code: scripts/render-studio-presets.ts) at a tall 2:3 size, so that a picture of any shape can be cut from
 * it with the floor line where the subject needs it.
 */
export type StudioPreset = {
  name: string;
  kind: 'sweep' | 'floor' | 'table';
  /** Wall colour at the top and just above the floor. */
  wall: readonly [string, string];
  /** Floor (or table top) colour at the back and at the front. */
  floor: readonly [string, string];
  /** Where the wall meets the floor or the table top, as a share of the height. */
  horizon: number;
  /** Surface texture. */
  material: 'plain' | 'wood' | 'marble' | 'concrete';
};

/** The preset files' size: 2:3, tall enough to move the floor line anywhere a photo needs it. */
export const studioSize = { width: 1200, height: 1800 } as const;
/** A table top's front edge, as a share of the height (below it, the table's front and the room's floor). */
export const tableFront = 0.86;

const definitions: Omit<StudioPreset, 'name'>[] = [
  { kind: 'sweep', wall: ['#e9e8e4', '#f7f6f3'], floor: ['#f3f2ee', '#dedcd6'], horizon: 0.5, material: 'plain' },
  { kind: 'sweep', wall: ['#c9c3ba', '#ddd8d0'], floor: ['#d8d2c9', '#bdb6ab'], horizon: 0.5, material: 'plain' },
  { kind: 'sweep', wall: ['#efcfcf', '#f7e1df'], floor: ['#f4dbd8', '#e3c0bc'], horizon: 0.5, material: 'plain' },
  { kind: 'sweep', wall: ['#b9c9b4', '#d3ddcc'], floor: ['#ccd7c5', '#aebda7'], horizon: 0.5, material: 'plain' },
  { kind: 'sweep', wall: ['#2c2e33', '#44474e'], floor: ['#3b3e44', '#24262a'], horizon: 0.5, material: 'plain' },
  { kind: 'floor', wall: ['#bdbab5', '#cfccc6'], floor: ['#a9a6a0', '#8e8b85'], horizon: 0.52, material: 'concrete' },
  { kind: 'floor', wall: ['#ecebe7', '#f6f5f1'], floor: ['#c89a6a', '#a87a4c'], horizon: 0.52, material: 'wood' },
  { kind: 'table', wall: ['#e8e6e1', '#f4f2ee'], floor: ['#c59462', '#9f6f42'], horizon: 0.48, material: 'wood' },
  { kind: 'table', wall: ['#c3cfc0', '#d9e2d5'], floor: ['#f1f0ec', '#dcdad4'], horizon: 0.48, material: 'marble' },
  { kind: 'table', wall: ['#d7c2a8', '#e6d6c1'], floor: ['#f2efe9', '#ddd8cf'], horizon: 0.48, material: 'plain' },
];

export const studioPresets: StudioPreset[] = definitions.map((definition, i) => ({ ...definition, name: aiBackgroundPresetNames[i]! }));

/** Deterministic pseudo-random numbers for the textures, so a preset file is the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

const f = (value: number) => Math.round(value * 10) / 10;

function woodGrain(top: number, bottom: number, width: number, dark: string, seed: number): string {
  const next = random(seed);
  let lines = '';
  // Planks run away from the viewer: lines fan out from a vanishing point above the picture.
  const centre = width / 2;
  for (let x = -width * 0.6; x <= width * 1.6; x += width / 9) {
    const spread = (x - centre) * 2.2 + centre;
    lines += `<line x1="${f(centre + (x - centre) * 0.55)}" y1="${f(top)}" x2="${f(spread)}" y2="${f(bottom)}" stroke="${dark}" stroke-opacity="0.28" stroke-width="2"/>`;
  }
  for (let i = 0; i < 60; i += 1) {
    const x = next() * width;
    const y = top + next() * (bottom - top);
    const length = 40 + next() * 160;
    lines += `<path d="M${f(x)},${f(y)} q${f(length / 2)},${f(next() * 6 - 3)} ${f(length)},${f(next() * 4 - 2)}" fill="none" stroke="${dark}" stroke-opacity="${f(0.08 + next() * 0.12)}" stroke-width="${f(1 + next() * 2)}"/>`;
  }
  return lines;
}

function marbleVeins(top: number, bottom: number, width: number, seed: number): string {
  const next = random(seed);
  let veins = '';
  for (let i = 0; i < 9; i += 1) {
    let x = next() * width;
    let y = top + next() * (bottom - top);
    let d = `M${f(x)},${f(y)}`;
    for (let k = 0; k < 6; k += 1) {
      x += 60 + next() * 120;
      y += (next() - 0.5) * 60;
      d += ` L${f(x)},${f(Math.min(bottom, Math.max(top, y)))}`;
    }
    veins += `<path d="${d}" fill="none" stroke="#8d8a84" stroke-opacity="${f(0.12 + next() * 0.18)}" stroke-width="${f(1 + next() * 2.5)}" filter="url(#soften)"/>`;
  }
  return veins;
}

/** One preset as SVG of studioSize: wall with a soft key light, floor or table top, and the line where they meet. */
export function studioSvg(preset: StudioPreset, seed = 7): string {
  const { width, height } = studioSize;
  const horizon = preset.horizon * height;
  const front = preset.kind === 'table' ? tableFront * height : height;
  const surfaceDark = preset.floor[1];
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${preset.wall[0]}"/><stop offset="1" stop-color="${preset.wall[1]}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${preset.floor[0]}"/><stop offset="1" stop-color="${preset.floor[1]}"/></linearGradient>
<radialGradient id="key" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${preset.wall[1]}"/><stop offset="1" stop-color="${preset.floor[0]}"/></linearGradient>
<filter id="soften"><feGaussianBlur stdDeviation="1.5"/></filter>
<filter id="noise"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="${seed}"/><feColorMatrix type="saturate" values="0"/></filter>
</defs>`;
  // A sweep's wall ends where its curve begins, so the curve starts from the wall's own colour.
  const wallEnd = preset.kind === 'sweep' ? horizon - height * 0.08 : horizon;
  svg += `<rect width="${width}" height="${f(wallEnd)}" fill="url(#wall)"/>`;
  svg += `<rect y="${f(horizon)}" width="${width}" height="${f(front - horizon)}" fill="url(#floor)"/>`;
  if (preset.kind === 'sweep') {
    // A seamless paper sweep: the wall curves into the floor with no line.
    const band = height * 0.08;
    svg += `<rect y="${f(horizon - band)}" width="${width}" height="${f(band * 2)}" fill="url(#sweep)"/>`;
  } else {
    // Where a hard floor or a table top meets the wall: a thin contact shade.
    svg += `<rect y="${f(horizon)}" width="${width}" height="${f(height * 0.012)}" fill="#000" fill-opacity="0.1"/>`;
    svg += `<rect y="${f(horizon)}" width="${width}" height="${f(height * 0.004)}" fill="#000" fill-opacity="0.12"/>`;
  }
  if (preset.material === 'wood') svg += woodGrain(horizon, front, width, '#5a3a1e', seed);
  if (preset.material === 'marble') svg += marbleVeins(horizon, front, width, seed);
  if (preset.material === 'concrete') {
    svg += `<rect width="${width}" height="${height}" filter="url(#noise)" opacity="0.08"/>`;
  }
  if (preset.kind === 'table') {
    // The table's front edge, its shaded front face, and the darker room below.
    svg += `<rect y="${f(front)}" width="${width}" height="${f(height * 0.006)}" fill="#ffffff" fill-opacity="0.35"/>`;
    svg += `<rect y="${f(front + height * 0.006)}" width="${width}" height="${f(height * 0.04)}" fill="${surfaceDark}"/>`;
    svg += `<rect y="${f(front + height * 0.046)}" width="${width}" height="${f(height - front)}" fill="#4a4743"/>`;
  }
  svg += `<rect width="${width}" height="${height}" fill="url(#key)"/>`;
  return `${svg}</svg>`;
}
