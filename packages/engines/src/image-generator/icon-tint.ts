import { hexToHsl, hexToRgb, hslToHex, rgbToHex } from './colour.ts';

const colourPattern = /#([0-9a-f]{6}|[0-9a-f]{3})\b/gi;

const expand = (hex: string) =>
  hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}`.toLowerCase() : hex.toLowerCase();

/** Whether a colour is part of the icon's body colour (not a black eye, white highlight or grey detail). */
const isBodyColour = ({ s, l }: { s: number; l: number }) => s > 0.18 && l > 0.12 && l < 0.92;

/**
 * Recolours an icon toward a named colour ('a blue car'): the body colours take the target's hue and
 * saturation and are shifted in lightness together, so the icon's own shading survives; black, white
 * and grey details (eyes, windows, tyres) stay as drawn.
 */
export function tintIcon(body: string, target: string): string {
  const colours = [...new Set([...body.matchAll(colourPattern)].map((m) => expand(m[0])))];
  const bodyColours = colours.map((hex) => ({ hex, ...hexToHsl(hex) })).filter(isBodyColour);
  if (bodyColours.length === 0) return body;
  const goal = hexToHsl(target);
  const meanLightness = bodyColours.reduce((sum, c) => sum + c.l, 0) / bodyColours.length;
  const shift = goal.l - meanLightness;
  const replacement = new Map<string, string>();
  for (const c of bodyColours) {
    // Spread around the goal lightness like the original spread around its mean, a little flattened.
    const lightness = Math.min(0.97, Math.max(0.04, c.l + shift * 0.9 - (c.l - meanLightness) * 0.2));
    const saturation = goal.s < 0.15 ? goal.s : Math.min(1, goal.s * 0.7 + c.s * 0.3);
    replacement.set(c.hex, hslToHex(goal.h, saturation, lightness));
  }
  return body.replace(colourPattern, (hex) => replacement.get(expand(hex)) ?? hex);
}

/**
 * Every colour of an icon multiplied by a light's RGB factors (evening light, night), written into the
 * SVG rather than applied as a filter, which would cost a pass over the figure's area when rendering.
 */
export function lightIcon(body: string, [r, g, b]: readonly [number, number, number]): string {
  if (r === 1 && g === 1 && b === 1) return body;
  return body.replace(colourPattern, (hex) => {
    const c = hexToRgb(expand(hex));
    return rgbToHex({ r: c.r * r, g: c.g * g, b: c.b * b });
  });
}
