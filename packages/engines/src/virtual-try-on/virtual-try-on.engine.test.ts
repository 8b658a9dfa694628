import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import { EngineInputError } from '../engine.ts';
import type { EngineContext, EngineFile } from '../engine.ts';
import { virtualTryOnEngine } from './virtual-try-on.engine.ts';

const svgFile = async (width: number, height: number, body: string): Promise<EngineFile> => ({
  name: 'picture.png',
  contentType: 'image/png',
  data: await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`))
    .png()
    .toBuffer(),
});

/** A standing figure in a blue top on a flat light-grey background, 200 × 400. */
const person = () =>
  svgFile(
    200,
    400,
    `<rect width="200" height="400" fill="#dcdcdc"/><circle cx="100" cy="40" r="21" fill="#c89878"/><rect x="92" y="58" width="16" height="14" fill="#c89878"/>
<path d="M63 73 Q100 65 137 73 L141 200 L59 200 Z" fill="#3a66b0"/><rect x="47" y="77" width="15" height="113" rx="7" fill="#c89878"/><rect x="138" y="77" width="15" height="113" rx="7" fill="#c89878"/>
<rect x="61" y="200" width="35" height="180" fill="#4a4a52"/><rect x="104" y="200" width="35" height="180" fill="#4a4a52"/>`,
  );

/** A red T-shirt on white. */
const shirt = () =>
  svgFile(
    240,
    240,
    `<rect width="240" height="240" fill="#ffffff"/><path d="M78 36 L102 30 Q120 48 138 30 L162 36 L210 72 L192 102 L168 87 L168 210 L72 210 L72 87 L48 102 L30 72 Z" fill="#d42a2a"/>`,
  );

const context = (): EngineContext => ({ signal: new AbortController().signal, onProgress: () => undefined });
const tryOn = (params: VirtualTryOnParams, files: Record<string, EngineFile>) => virtualTryOnEngine.run({ params, files }, context());

async function rgbAt(data: Buffer, x: number, y: number) {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const o = (y * info.width + x) * 3;
  return { r: raw[o]!, g: raw[o + 1]!, b: raw[o + 2]! };
}

describe('virtual-try-on built-in engine', () => {
  it('dresses the torso in the garment and leaves the background alone', async () => {
    const personFile = await person();
    const result = await tryOn({ category: 'top', consentToLikeness: true }, { person: personFile, garment: await shirt() });
    expect(result.files).toHaveLength(1);
    const [file] = result.files;
    expect(file).toMatchObject({ name: 'try-on-top.png', contentType: 'image/png', kind: 'image' });
    const metadata = await sharp(file!.data).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 200, 400]);

    const before = await rgbAt(personFile.data, 100, 130);
    const after = await rgbAt(file!.data, 100, 130);
    expect(before.b).toBeGreaterThan(before.r);
    expect(after.r - before.r).toBeGreaterThan(60);
    expect(before.b - after.b).toBeGreaterThan(60);
    for (const [x, y] of [
      [5, 5],
      [190, 20],
      [10, 300],
      [185, 390],
    ] as const) {
      expect(await rgbAt(file!.data, x, y)).toEqual(await rgbAt(personFile.data, x, y));
    }
    const preview = file!.preview!;
    expect(preview.contentType).toBe('image/webp');
    expect(preview.data.equals(file!.data)).toBe(false);
    expect(result.summary).toMatchObject({ category: 'top' });
  });

  it('refuses without consent or with input it cannot use', async () => {
    const files = { person: await person(), garment: await shirt() };
    const noConsent = { category: 'top', consentToLikeness: false } as unknown as VirtualTryOnParams;
    await expect(tryOn(noConsent, files)).rejects.toThrow(/likeness/);
    const text: EngineFile = { name: 'shirt.png', contentType: 'image/png', data: Buffer.from('no pixels here') };
    await expect(tryOn({ category: 'top', consentToLikeness: true }, { ...files, garment: text })).rejects.toThrow(
      /garment photo is not a readable image/,
    );
    await expect(tryOn({ category: 'dress', consentToLikeness: true }, { garment: files.garment })).rejects.toBeInstanceOf(
      EngineInputError,
    );
  });
});
