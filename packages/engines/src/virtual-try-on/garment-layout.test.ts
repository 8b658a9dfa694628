import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GarmentCutout } from './garment-cutout.ts';
import { garmentLayout, sleeveReach } from './garment-layout.ts';
import { longSleeveSvg } from './fit-measures.ts';

/** A garment drawing as the cut-out the engine makes of its photo: alpha from the drawing, cropped to it. */
async function cutout(svg: string): Promise<GarmentCutout> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < info.width * info.height; i += 1) {
    const white = data[i * 4]! > 250 && data[i * 4 + 1]! > 250 && data[i * 4 + 2]! > 250;
    data[i * 4 + 3] = white ? 0 : 255;
  }
  const { data: rgba, info: cropped } = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .trim({ background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgba, width: cropped.width, height: cropped.height };
}

const svg = (path: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#ffffff"/><path d="${path}" fill="#3a66b0"/></svg>`;

describe('garmentLayout', () => {
  it('tells long sleeves, short sleeves and none from the flat garment’s shape', async () => {
    const long = garmentLayout(await cutout(longSleeveSvg));
    expect(sleeveReach(long)).toBe('long');
    expect(long.sleeves[0]).not.toBeNull();
    expect(long.sleeves[1]).not.toBeNull();
    // The sleeves hang down and out from the body's top corners.
    expect(long.sleeves[0]!.cuff.x).toBeLessThan(long.body.left);
    expect(long.sleeves[1]!.cuff.x).toBeGreaterThan(long.body.right);

    const tee = garmentLayout(
      await cutout(svg('M78 36 L102 30 Q120 48 138 30 L162 36 L210 72 L192 102 L168 87 L168 210 L72 210 L72 87 L48 102 L30 72 Z')),
    );
    expect(sleeveReach(tee)).toBe('short');

    const tank = garmentLayout(await cutout(svg('M80 30 L100 30 Q120 60 140 30 L160 30 L166 90 L170 210 L70 210 L74 90 Z')));
    expect(sleeveReach(tank)).toBe('none');
    // The body spans the garment between its sides, top to hem.
    expect(tank.body.right - tank.body.left).toBeGreaterThan(90);
  });
});
