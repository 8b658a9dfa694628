import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';

/**
 * The project's own garment pictures for the starter catalogue, drawn here as SVG (no third-party artwork) and
 * rendered like a product shot: the garment laid flat on a plain white ground, 640 × 640, with cloth shading (light
 * falling from the upper left, darker sides), soft folds, seams, stitching, ribbed collars and cuffs and a fine weave.
 * Nothing but the garment differs from the white ground, so its mask is exact (`catalogue-garments.test.ts` checks it).
 */
export type GarmentDrawing = {
  /** Stable key of the drawing: part of the catalogue item's id, so a later seed can tell its own items. */
  key: string;
  name: string;
  category: GarmentCategory;
  /** The garment's outline (one closed path): everything it covers, everything else is white. */
  outline: string;
  /** Base cloth: a colour or a pattern id defined in `defs`. */
  fill: string;
  /** Darker and lighter tones of the cloth for seams, folds and highlights. */
  shadow: string;
  light: string;
  /** Extra definitions (patterns). */
  defs?: string;
  /** Fold lines (drawn blurred, darker) and highlights (blurred, lighter), inside the outline. */
  folds: string[];
  highlights: string[];
  /** Details drawn sharp on top: seams, stitching, collars, cuffs, pockets, buttons. */
  details: string;
};

export const garmentCanvas = 640;

const stitch = (d: string, colour: string) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="1.6" stroke-dasharray="5 4" opacity="0.8"/>`;
const seam = (d: string, colour: string, width = 2.4) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" opacity="0.7"/>`;

export const garmentDrawings: GarmentDrawing[] = [
  {
    key: 'tee-heather-grey',
    name: 'Heather-grey crew-neck T-shirt',
    category: 'top',
    outline: 'M228 88 Q320 132 412 88 L470 104 L586 180 L548 284 L478 252 L482 560 Q320 578 158 560 L162 252 L92 284 L54 180 L170 104 Z',
    fill: '#9c9ea3',
    shadow: '#6d7076',
    light: '#c9cbcf',
    folds: ['M250 300 Q262 420 240 548', 'M392 320 Q380 430 404 552', 'M190 170 Q230 210 214 262', 'M452 170 Q412 212 428 262'],
    highlights: ['M300 200 Q318 360 296 520', 'M120 190 L160 240'],
    details: [
      '<path d="M228 88 Q320 132 412 88 Q404 104 396 110 Q320 150 244 110 Q236 104 228 88 Z" fill="#85878c"/>',
      seam('M170 104 L162 252', '#6d7076'),
      seam('M470 104 L478 252', '#6d7076'),
      stitch('M98 268 L160 240', '#5f6268'),
      stitch('M542 268 L480 240', '#5f6268'),
      stitch('M162 546 Q320 564 478 546', '#5f6268'),
    ].join(''),
  },
  {
    key: 'breton-long-sleeve',
    name: 'Navy and white Breton long-sleeve top',
    category: 'top',
    outline:
      'M236 84 Q320 124 404 84 L462 98 L540 150 L616 520 L556 540 L470 262 L474 574 Q320 590 166 574 L170 262 L84 540 L24 520 L100 150 L178 98 Z',
    defs: '<pattern id="breton" width="640" height="28" patternUnits="userSpaceOnUse"><rect width="640" height="28" fill="#e9e3d3"/><rect y="14" width="640" height="12" fill="#1f3563"/></pattern>',
    fill: 'url(#breton)',
    shadow: '#16264a',
    light: '#f1ece0',
    folds: ['M248 300 Q262 430 240 560', 'M394 310 Q380 440 402 566', 'M76 330 Q110 360 102 420', 'M566 330 Q532 360 540 420'],
    highlights: ['M310 190 Q326 360 304 540', 'M120 200 L150 360'],
    details: [
      '<path d="M236 84 Q320 124 404 84 Q396 102 388 108 Q320 142 252 108 Q244 102 236 84 Z" fill="#1f3563"/>',
      seam('M178 98 L170 262', '#16264a'),
      seam('M462 98 L470 262', '#16264a'),
      '<path d="M24 520 L84 540 L90 518 L32 498 Z" fill="#1f3563"/>',
      '<path d="M616 520 L556 540 L550 518 L608 498 Z" fill="#1f3563"/>',
    ].join(''),
  },
  {
    key: 'indigo-straight-jeans',
    name: 'Indigo straight-leg jeans',
    category: 'bottom',
    outline: 'M196 40 L444 40 L470 604 L348 604 L322 232 Q320 220 318 232 L292 604 L170 604 Z',
    fill: '#34507e',
    shadow: '#1f3358',
    light: '#6f8ab5',
    folds: ['M214 360 Q226 470 210 590', 'M424 360 Q412 470 428 590', 'M250 120 Q290 170 318 200', 'M390 120 Q350 170 322 200'],
    highlights: ['M236 200 Q250 400 232 590', 'M404 200 Q392 400 410 590'],
    details: [
      '<rect x="196" y="40" width="248" height="30" fill="#2b4570"/>',
      stitch('M196 72 L444 72', '#d49a4a'),
      stitch('M320 72 L320 210', '#d49a4a'),
      stitch('M206 92 Q250 100 268 140', '#d49a4a'),
      stitch('M434 92 Q390 100 372 140', '#d49a4a'),
      '<circle cx="320" cy="55" r="7" fill="#b9b4a8"/>',
      '<rect x="240" y="36" width="10" height="40" fill="#2b4570" stroke="#1f3358"/>',
      '<rect x="390" y="36" width="10" height="40" fill="#2b4570" stroke="#1f3358"/>',
      stitch('M176 588 L288 588', '#d49a4a'),
      stitch('M352 588 L466 588', '#d49a4a'),
    ].join(''),
  },
  {
    key: 'sage-midi-dress',
    name: 'Sage-green midi dress',
    category: 'dress',
    outline:
      'M250 40 L272 40 L284 120 Q320 140 356 120 L368 40 L390 40 L404 150 Q410 190 396 236 L498 604 Q320 626 142 604 L244 236 Q230 190 236 150 Z',
    fill: '#7fa187',
    shadow: '#557a5f',
    light: '#a9c6ae',
    folds: ['M270 300 Q250 450 214 596', 'M320 290 Q318 450 322 610', 'M370 300 Q390 450 426 596', 'M246 250 Q300 262 394 250'],
    highlights: ['M296 300 Q286 460 270 604', 'M346 300 Q356 460 374 604'],
    details: [
      seam('M244 236 Q320 254 396 236', '#4d6e56', 3),
      stitch('M150 596 Q320 616 490 596', '#4d6e56'),
      '<path d="M284 120 Q320 140 356 120" fill="none" stroke="#4d6e56" stroke-width="3"/>',
    ].join(''),
  },
  {
    key: 'stone-canvas-jacket',
    name: 'Stone canvas jacket',
    category: 'outerwear',
    outline:
      'M230 70 L292 58 L320 120 L348 58 L410 70 L476 100 L552 160 L618 520 L552 540 L482 280 L486 580 L154 580 L158 280 L88 540 L22 520 L88 160 L164 100 Z',
    fill: '#c4b393',
    shadow: '#8f7f62',
    light: '#e2d6bd',
    folds: ['M230 320 Q244 440 226 566', 'M414 320 Q400 440 418 566', 'M90 320 Q120 360 112 430', 'M550 320 Q520 360 528 430'],
    highlights: ['M276 200 Q284 380 270 560', 'M132 200 L160 360'],
    details: [
      '<path d="M230 70 L292 58 L320 120 L300 180 L262 120 Z" fill="#b2a17f"/>',
      '<path d="M410 70 L348 58 L320 120 L340 180 L378 120 Z" fill="#b2a17f"/>',
      seam('M320 120 L320 580', '#7c6d52', 3),
      ['210', '290', '370', '450', '530'].map((y) => `<circle cx="334" cy="${y}" r="6" fill="#6b5d45"/>`).join(''),
      '<rect x="196" y="210" width="76" height="64" rx="6" fill="none" stroke="#8f7f62" stroke-width="2.5"/>',
      '<rect x="368" y="210" width="76" height="64" rx="6" fill="none" stroke="#8f7f62" stroke-width="2.5"/>',
      stitch('M158 540 L486 540', '#7c6d52'),
      '<path d="M22 520 L88 540 L94 514 L30 494 Z" fill="#b2a17f"/>',
      '<path d="M618 520 L552 540 L546 514 L610 494 Z" fill="#b2a17f"/>',
      seam('M164 100 L158 280', '#8f7f62'),
      seam('M476 100 L482 280', '#8f7f62'),
    ].join(''),
  },
];

/** The drawing as an SVG document: the outline filled, shaded by light from the upper left, folds, details and weave. */
export function garmentSvg(drawing: GarmentDrawing): string {
  const size = garmentCanvas;
  const { outline, fill, shadow, light, folds, highlights, details, defs = '' } = drawing;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs>${defs}
<clipPath id="garment"><path d="${outline}"/></clipPath>
<linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.2"/></linearGradient>
<linearGradient id="sides" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.18"/><stop offset="0.25" stop-color="#000000" stop-opacity="0"/><stop offset="0.75" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.22"/></linearGradient>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>
<filter id="weave"><feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="7"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0.33 0.33 0.33 0 -0.35"/></filter>
</defs>
<rect width="${size}" height="${size}" fill="#ffffff"/>
<path d="${outline}" fill="${fill}"/>
<g clip-path="url(#garment)">
<rect width="${size}" height="${size}" fill="url(#sides)"/>
<rect width="${size}" height="${size}" fill="url(#light)"/>
${folds.map((d) => `<path d="${d}" fill="none" stroke="${shadow}" stroke-width="16" stroke-linecap="round" opacity="0.55" filter="url(#soft)"/>`).join('')}
${highlights.map((d) => `<path d="${d}" fill="none" stroke="${light}" stroke-width="18" stroke-linecap="round" opacity="0.45" filter="url(#soft)"/>`).join('')}
${details}
<rect width="${size}" height="${size}" filter="url(#weave)" opacity="0.5"/>
<path d="${outline}" fill="none" stroke="${shadow}" stroke-width="3" opacity="0.6"/>
</g>
</svg>`;
}

/** The outline alone, white on black: the garment's exact mask. */
export function garmentMaskSvg(drawing: GarmentDrawing): string {
  const size = garmentCanvas;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#000000"/><path d="${drawing.outline}" fill="#ffffff"/></svg>`;
}

export type SeedGarment = { key: string; name: string; category: GarmentCategory; image: Buffer };

export async function renderSeedGarments(): Promise<SeedGarment[]> {
  const { default: sharp } = await import('sharp');
  return Promise.all(
    garmentDrawings.map(async (drawing) => ({
      key: drawing.key,
      name: drawing.name,
      category: drawing.category,
      image: await sharp(Buffer.from(garmentSvg(drawing)))
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer(),
    })),
  );
}
