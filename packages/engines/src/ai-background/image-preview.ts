import type { EngineFile } from '../engine.ts';

export const previewLongSide = 512;
export const previewWatermarkText = 'Lumen Studio preview';

/** Diagonal rows of the watermark text over a faint band, sized to the preview. */
function watermarkSvg(width: number, height: number): Buffer {
  const fontSize = Math.max(12, Math.round(Math.min(width, height) / 14));
  const step = fontSize * 4;
  const diagonal = Math.ceil(Math.hypot(width, height));
  const rows: string[] = [];
  for (let y = -diagonal; y < diagonal; y += step) {
    const offset = (Math.abs(y / step) % 2) * fontSize * 5;
    for (let x = -diagonal - offset; x < diagonal; x += fontSize * 14) {
      rows.push(`<text x="${x}" y="${y}">${previewWatermarkText}</text>`);
    }
  }
  const cx = width / 2;
  const cy = height / 2;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="0" y="${cy - fontSize * 1.4}" width="${width}" height="${fontSize * 2.8}" fill="#000" fill-opacity="0.18" transform="rotate(-28 ${cx} ${cy})"/>` +
      `<g transform="translate(${cx} ${cy}) rotate(-28)" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#fff" fill-opacity="0.42" stroke="#000" stroke-opacity="0.25" stroke-width="${Math.max(1, fontSize / 16)}">${rows.join('')}</g>` +
      `</svg>`,
  );
}

/**
 * The preview that users who may not download see: at most 512 px on the long side,
 * watermarked 'Lumen Studio preview', WebP (transparency kept).
 */
export async function makeImagePreview(encoded: Buffer, name: string): Promise<EngineFile> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(encoded)
    .ensureAlpha()
    .resize({ width: previewLongSide, height: previewLongSide, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const preview = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .composite([{ input: watermarkSvg(info.width, info.height), blend: 'over' }])
    .webp({ quality: 70, alphaQuality: 80 })
    .toBuffer();
  const base = name.replace(/\.[a-z0-9]+$/i, '');
  return { name: `${base}-preview.webp`, contentType: 'image/webp', data: preview };
}
