import sharp from 'sharp';
import type { FloatImage } from './image-field.ts';

/** A small landscape (sky gradient, sun, hills, a red house) as a PNG, for tests and the bench. */
export async function landscapePng(width = 1024, height = 768): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768" preserveAspectRatio="none">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b6cb0"/><stop offset="1" stop-color="#f6ad55"/></linearGradient></defs>
<rect width="1024" height="768" fill="url(#sky)"/>
<circle cx="760" cy="220" r="90" fill="#fbe38e"/>
<polygon points="0,520 180,300 360,500 520,280 760,520 1024,360 1024,768 0,768" fill="#4a5568"/>
<polygon points="0,600 300,480 600,620 1024,500 1024,768 0,768" fill="#2f855a"/>
<rect x="180" y="520" width="220" height="160" fill="#c53030"/><polygon points="160,520 290,420 420,520" fill="#742a2a"/>
<rect x="260" y="600" width="50" height="80" fill="#f7fafc"/>
<ellipse cx="760" cy="660" rx="160" ry="40" fill="#3182ce"/>
</svg>`;
  return sharp(Buffer.from(svg)).resize(width, height, { fit: 'fill' }).png().toBuffer();
}

/** The landscape as RGB floats, the renderer's input. */
export async function landscapeImage(width: number, height: number): Promise<FloatImage> {
  const raw = await sharp(await landscapePng(width, height))
    .removeAlpha()
    .raw()
    .toBuffer();
  return { width, height, channels: 3, data: Float32Array.from(raw) };
}
