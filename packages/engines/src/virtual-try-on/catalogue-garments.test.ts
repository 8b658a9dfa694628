import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { garmentCanvas, garmentDrawings, garmentMaskSvg, renderSeedGarments } from './catalogue-garments.ts';

/** How far a pixel is from pure white (the largest channel difference). */
const fromWhite = (r: number, g: number, b: number) => Math.max(255 - r, 255 - g, 255 - b);

describe('starter garments', () => {
  it('are product shots on plain white whose garment pixels match the drawing’s outline (a clean mask)', async () => {
    const garments = await renderSeedGarments();
    expect(garments.map((garment) => garment.category).sort()).toEqual(['bottom', 'dress', 'outerwear', 'top', 'top']);
    for (const [index, garment] of garments.entries()) {
      const { data, info } = await sharp(garment.image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([garmentCanvas, garmentCanvas]);
      const mask = await sharp(Buffer.from(garmentMaskSvg(garmentDrawings[index]!)))
        .greyscale()
        .raw()
        .toBuffer();
      let inside = 0;
      let faint = 0;
      let outsideNotWhite = 0;
      let both = 0;
      let either = 0;
      for (let i = 0; i < mask.length; i += 1) {
        const distance = fromWhite(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
        // Pixels on the outline's anti-aliased edge are left out of the counts.
        if (mask[i]! > 0 && mask[i]! < 255) continue;
        const isGarment = mask[i] === 255;
        const looksGarment = distance >= 24;
        if (isGarment) inside += 1;
        if (isGarment && !looksGarment) faint += 1;
        if (!isGarment && distance > 0) outsideNotWhite += 1;
        if (isGarment && looksGarment) both += 1;
        if (isGarment || looksGarment) either += 1;
      }
      expect(inside, garment.name).toBeGreaterThan(garmentCanvas * garmentCanvas * 0.15);
      // The ground is pure white; every garment pixel stands out from it, whites of the Breton stripes included.
      expect(outsideNotWhite, garment.name).toBe(0);
      expect(faint / inside, garment.name).toBeLessThan(0.005);
      expect(both / either, garment.name).toBeGreaterThan(0.995);
    }
  });

  it('look like cloth, not flat colour: shading varies across the garment', async () => {
    for (const garment of await renderSeedGarments()) {
      const { data } = await sharp(garment.image).greyscale().raw().toBuffer({ resolveWithObject: true });
      const values = [...data].filter((value) => value < 250);
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
      const spread = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
      expect(spread, garment.name).toBeGreaterThan(6);
    }
  });
});
