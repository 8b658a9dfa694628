import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { EngineInputError } from '../engine.ts';
import type { EngineFile } from '../engine.ts';
import { readImageInput } from './read-image-input.ts';
import { studioPresets } from './studio-presets.ts';
import { placeBackdrop } from './studio-stage.ts';

/** The studio backdrops, /main/studio/1..10.jpg (apps/web/public/main/studio; studio-presets.ts draws them). */
export const defaultPresetDirectory = fileURLToPath(new URL('../../../../apps/web/public/main/studio/', import.meta.url));

export type BackgroundChoice =
  | { kind: 'color'; color: string }
  | { kind: 'preset'; preset: number; directory: string }
  | { kind: 'upload'; file: EngineFile | undefined };

/**
 * An opaque RGB background of exactly width × height, filled ('cover') from the choice. A studio preset is cut so
 * that its floor line (where the wall meets the floor or the table top) lies at `floorLineY` (62 % down unless told).
 */
export async function renderBackground(
  choice: BackgroundChoice,
  width: number,
  height: number,
  floorLineY = height * 0.62,
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  if (choice.kind === 'color') {
    return sharp({ create: { width, height, channels: 3, background: choice.color } })
      .raw()
      .toBuffer();
  }
  let source: Buffer;
  if (choice.kind === 'preset') {
    const path = `${choice.directory.replace(/\/?$/, '/')}${choice.preset}.jpg`;
    try {
      source = await readFile(path);
    } catch {
      throw new Error(`Background ${choice.preset} is missing (${path})`);
    }
    const { width: sourceWidth = width, height: sourceHeight = height } = await sharp(source).metadata();
    const horizon = studioPresets[choice.preset - 1]?.horizon ?? 0.5;
    const crop = placeBackdrop({ width: sourceWidth, height: sourceHeight, horizon }, width, height, floorLineY);
    return sharp(source)
      .resize(crop.scaledWidth, crop.scaledHeight, { fit: 'fill' })
      .extract({ left: crop.left, top: crop.top, width, height })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer();
  } else {
    const image = await readImageInput(choice.file, 'background picture');
    source = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
      .png()
      .toBuffer();
  }
  return sharp(source)
    .resize(width, height, { fit: 'cover', position: 'attention' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer()
    .catch(() => {
      throw new EngineInputError('The background picture could not be decoded');
    });
}

/** subject × alpha + background × (1 − alpha), per pixel, into an RGB buffer. */
export function blendOver(subject: Buffer, alpha: Uint8Array, background: Buffer): Buffer {
  const out = Buffer.alloc(subject.length);
  for (let i = 0, p = 0; i < alpha.length; i += 1, p += 3) {
    const a = alpha[i]!;
    const b = 255 - a;
    out[p] = (subject[p]! * a + background[p]! * b + 127) / 255;
    out[p + 1] = (subject[p + 1]! * a + background[p + 1]! * b + 127) / 255;
    out[p + 2] = (subject[p + 2]! * a + background[p + 2]! * b + 127) / 255;
  }
  return out;
}
