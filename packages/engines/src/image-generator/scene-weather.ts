import { mix } from './colour.ts';
import type { Weather } from './scene-words.ts';
import type { Random } from './seeded-random.ts';
import { num } from './svg-paths.ts';

/** The sky of each weather (top, at the horizon): grey cloud cover that hides the sun. */
const weatherSkies: Record<Weather, { top: string; low: string }> = {
  storm: { top: '#161a21', low: '#3d4550' },
  rain: { top: '#4a5563', low: '#8f98a3' },
  snowfall: { top: '#8d99a8', low: '#d6dde5' },
  fog: { top: '#b4bac1', low: '#d8dbde' },
};

/** How each weather shades everything under it: a storm darkens the land, fog pales it. */
const weatherShade: Record<Weather, [string, number]> = {
  storm: ['#14181e', 0.5],
  rain: ['#2f3742', 0.3],
  snowfall: ['#e4eaf1', 0.1],
  fog: ['#cfd3d7', 0.38],
};

/** The time of day's sky under the weather's cloud cover (night stays mostly night). */
export function weatherSky(sky: { top: string; low: string }, weather: Weather | undefined, night: boolean) {
  if (!weather) return sky;
  const cover = weatherSkies[weather];
  const amount = night ? 0.4 : 0.85;
  return { top: mix(sky.top, cover.top, amount), low: mix(sky.low, cover.low, amount) };
}

/** A colour of the land in the weather's light. */
export function weathered(colour: string, weather: Weather | undefined): string {
  if (!weather) return colour;
  const [tint, amount] = weatherShade[weather];
  return mix(colour, tint, amount);
}

/**
 * What the weather puts in front of everything, figures included: slanted rain (a storm also a lightning
 * bolt), falling snow, or banks of fog.
 */
export function paintWeather(weather: Weather | undefined, width: number, height: number, random: Random): string {
  if (!weather) return '';
  const unit = Math.min(width, height);
  let out = '';
  if (weather === 'rain' || weather === 'storm') {
    const drops = Math.round((width * height) / (weather === 'storm' ? 1400 : 2600));
    const slant = weather === 'storm' ? 0.35 : 0.15;
    for (let i = 0; i < drops; i += 1) {
      const x = random.range(-0.1, 1.05) * width;
      const y = random.range(-0.05, 1) * height;
      const length = unit * random.range(0.03, 0.07);
      out += `<line x1="${num(x)}" y1="${num(y)}" x2="${num(x - length * slant)}" y2="${num(y + length)}" stroke="#dfe7f0" stroke-opacity="${num(random.range(0.25, 0.55))}" stroke-width="${num(random.range(1.5, 3) * (unit / 1024))}" stroke-linecap="round"/>`;
    }
    if (weather === 'storm') {
      // One forked bolt from the clouds.
      let x = width * random.range(0.15, 0.85);
      let y = 0;
      let d = `M${num(x)},0`;
      while (y < height * 0.45) {
        x += unit * random.range(-0.05, 0.05);
        y += unit * random.range(0.04, 0.08);
        d += ` L${num(x)},${num(y)}`;
      }
      out += `<path d="${d}" fill="none" stroke="#f4f6ff" stroke-width="${num(unit / 180)}" stroke-linejoin="round"/>`;
      out += `<path d="${d}" fill="none" stroke="#c9d4ff" stroke-opacity="0.35" stroke-width="${num(unit / 45)}" stroke-linejoin="round"/>`;
    }
  }
  if (weather === 'snowfall') {
    const flakes = Math.round((width * height) / 2200);
    for (let i = 0; i < flakes; i += 1) {
      out += `<circle cx="${num(random.range(0, width))}" cy="${num(random.range(0, height))}" r="${num(unit * random.range(0.002, 0.006))}" fill="#ffffff" opacity="${num(random.range(0.6, 0.95))}"/>`;
    }
  }
  if (weather === 'fog') {
    for (let i = 0; i < 5; i += 1) {
      const y = height * random.range(0.35, 0.95);
      out += `<ellipse cx="${num(width * random.range(0.2, 0.8))}" cy="${num(y)}" rx="${num(width * random.range(0.5, 0.8))}" ry="${num(height * random.range(0.06, 0.12))}" fill="${mix('#e8ebee', '#ffffff', 0.3)}" opacity="0.35" filter="url(#haze)"/>`;
    }
  }
  return out;
}
