import type { GarmentCategory } from '@lumen/core/services/virtual-try-on-params';

/**
 * The project's own garment pictures for the starter catalogue: flat-lay drawings on white, made here from SVG
 * (no third-party artwork), 480 × 480 like a product photo.
 */
const drawings: { name: string; category: GarmentCategory; svg: string }[] = [
  {
    name: 'Coral T-shirt',
    category: 'top',
    svg: `<path d="M156 72 L204 60 Q240 96 276 60 L324 72 L420 144 L384 204 L336 174 L336 420 L144 420 L144 174 L96 204 L60 144 Z" fill="#ef6f5e"/>
<path d="M204 60 Q240 96 276 60" fill="none" stroke="#c9513f" stroke-width="8"/>`,
  },
  {
    name: 'Striped long-sleeve top',
    category: 'top',
    svg: `<defs><pattern id="stripes" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="12" fill="#f4f1ea"/><rect y="12" width="24" height="12" fill="#233a66"/></pattern></defs>
<path d="M160 64 L206 56 Q240 84 274 56 L320 64 L392 112 L444 372 L404 384 L344 176 L344 424 L136 424 L136 176 L76 384 L36 372 L88 112 Z" fill="url(#stripes)"/>`,
  },
  {
    name: 'Blue jeans',
    category: 'bottom',
    svg: `<path d="M150 40 L330 40 L350 440 L262 440 L240 160 L218 440 L130 440 Z" fill="#3f6aa8"/>
<rect x="150" y="40" width="180" height="22" fill="#2f568f"/>
<path d="M240 62 L240 160" stroke="#2f568f" stroke-width="4"/>`,
  },
  {
    name: 'Green summer dress',
    category: 'dress',
    svg: `<path d="M196 40 L210 40 L214 96 L266 96 L270 40 L284 40 L300 110 L292 200 L380 440 L100 440 L188 200 L180 110 Z" fill="#3e9e6a"/>
<path d="M188 200 L292 200" stroke="#2d7a51" stroke-width="8"/>`,
  },
  {
    name: 'Denim jacket',
    category: 'outerwear',
    svg: `<path d="M160 60 L204 48 L240 84 L276 48 L320 60 L396 110 L448 380 L404 394 L348 184 L348 420 L132 420 L132 184 L76 394 L32 380 L84 110 Z" fill="#5b7fa8"/>
<path d="M240 84 L240 420" stroke="#3d5f86" stroke-width="6"/>
<path d="M204 48 L240 84 L276 48 L262 120 L240 84 L218 120 Z" fill="#48698f"/>`,
  },
];

export type SeedGarment = { name: string; category: GarmentCategory; image: Buffer };

export async function renderSeedGarments(): Promise<SeedGarment[]> {
  const { default: sharp } = await import('sharp');
  return Promise.all(
    drawings.map(async ({ name, category, svg }) => ({
      name,
      category,
      image: await sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><rect width="480" height="480" fill="#ffffff"/>${svg}</svg>`,
        ),
      )
        .png()
        .toBuffer(),
    })),
  );
}
