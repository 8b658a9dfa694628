import { num } from './svg-paths.ts';

/**
 * The emoji set draws some animals as a face only (fox, wolf, lion, bears, panda, raccoon, boar). A picture of
 * 'a fox in the snow' needs the whole animal, so these get a body drawn under the face: a body, four legs and
 * the animal's tail, in its own colours (the face icon's), facing the way the face looks.
 */
type Body = { coat: string; shade: string; belly: string; legs?: string; tail: 'bushy' | 'tuft' | 'stub' | 'ringed'; tip?: string };

const bodies: Record<string, Body> = {
  fox: { coat: '#f28c38', shade: '#d86f26', belly: '#ffe7cf', tail: 'bushy', tip: '#fff6ec' },
  wolf: { coat: '#9a9ca3', shade: '#7b7e86', belly: '#d9dadd', tail: 'bushy', tip: '#c9cacf' },
  lion: { coat: '#e5a43c', shade: '#c98a2a', belly: '#f6d08a', tail: 'tuft', tip: '#7a4a1e' },
  bear: { coat: '#9a5b3c', shade: '#7d452b', belly: '#b9785a', tail: 'stub' },
  'polar-bear': { coat: '#f4f4f2', shade: '#d6d6d2', belly: '#ffffff', tail: 'stub' },
  panda: { coat: '#f4f4f2', shade: '#3a3340', belly: '#ffffff', legs: '#3a3340', tail: 'stub' },
  raccoon: { coat: '#8e8e94', shade: '#6a6a72', belly: '#c4c4c8', tail: 'ringed', tip: '#3f3f46' },
  boar: { coat: '#6e4a3c', shade: '#563a2e', belly: '#8a6252', tail: 'stub' },
  koala: { coat: '#a6a6aa', shade: '#86868b', belly: '#d8d8da', tail: 'stub' },
};

export const hasBody = (icon: string): boolean => bodies[icon] !== undefined;

/** Share of the figure's square the face takes, and where it goes (top-left corner), when drawn on a body. */
export const headBox = { size: 0.5, x: 0.02, y: 0.16 };

function tail(body: Body, s: number): string {
  const fill = `fill="${body.coat}"`;
  if (body.tail === 'bushy') {
    return `<ellipse cx="${num(0.93 * s)}" cy="${num(0.5 * s)}" rx="${num(0.08 * s)}" ry="${num(0.2 * s)}" transform="rotate(38 ${num(0.93 * s)} ${num(0.5 * s)})" ${fill}/><ellipse cx="${num(1.0 * s)}" cy="${num(0.38 * s)}" rx="${num(0.05 * s)}" ry="${num(0.08 * s)}" transform="rotate(38 ${num(1.0 * s)} ${num(0.38 * s)})" fill="${body.tip ?? body.coat}"/>`;
  }
  if (body.tail === 'tuft') {
    return `<path d="M${num(0.86 * s)},${num(0.58 * s)} Q${num(1.0 * s)},${num(0.6 * s)} ${num(0.97 * s)},${num(0.42 * s)}" fill="none" stroke="${body.coat}" stroke-width="${num(0.03 * s)}" stroke-linecap="round"/><circle cx="${num(0.97 * s)}" cy="${num(0.41 * s)}" r="${num(0.04 * s)}" fill="${body.tip ?? body.shade}"/>`;
  }
  if (body.tail === 'ringed') {
    let rings = '';
    for (let k = 0; k < 3; k += 1) {
      const cy = 0.56 - k * 0.08;
      rings += `<ellipse cx="${num((0.9 + k * 0.03) * s)}" cy="${num(cy * s)}" rx="${num(0.06 * s)}" ry="${num(0.035 * s)}" fill="${k % 2 === 0 ? body.coat : (body.tip ?? body.shade)}"/>`;
    }
    return rings;
  }
  return `<circle cx="${num(0.87 * s)}" cy="${num(0.55 * s)}" r="${num(0.04 * s)}" ${fill}/>`;
}

/** The body of a face-only animal in a square of side s (facing left), as SVG in the square's coordinates. */
export function bodySvg(icon: string, s: number): string {
  const body = bodies[icon];
  if (!body) return '';
  const feet = s * (30 / 32);
  const legTop = 0.64 * s;
  const leg = (x: number, colour: string) =>
    `<rect x="${num(x * s)}" y="${num(legTop)}" width="${num(0.075 * s)}" height="${num(feet - legTop)}" rx="${num(0.03 * s)}" fill="${colour}"/>`;
  const legs = body.legs ?? body.coat;
  return [
    tail(body, s),
    leg(0.7, body.legs ?? body.shade),
    leg(0.47, body.legs ?? body.shade),
    `<ellipse cx="${num(0.6 * s)}" cy="${num(0.6 * s)}" rx="${num(0.3 * s)}" ry="${num(0.14 * s)}" fill="${body.coat}"/>`,
    `<ellipse cx="${num(0.58 * s)}" cy="${num(0.66 * s)}" rx="${num(0.22 * s)}" ry="${num(0.06 * s)}" fill="${body.belly}"/>`,
    leg(0.36, legs),
    leg(0.78, legs),
  ].join('');
}
