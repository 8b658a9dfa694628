import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { EngineInputError } from '../engine.ts';
import type { EngineFile } from '../engine.ts';
import { readImageInput } from './read-image-input.ts';

/** The web app's public backgrounds, /main/bg/1..10.jpg (apps/web/public/main/bg). */
export const defaultPresetDirectory = fileURLToPath(new URL('../../../../apps/web/public/main/bg/', import.meta.url));

export type BackgroundChoice =
  | { kind: 'color'; color: string }
  | { kind: 'preset'; preset: number; directory: string }
  | { kind: 'upload'; file: EngineFile | undefined };

/** An opaque RGB background of exactly width × height, filled ('cover') from the choice. */
export async function renderBackground(choice: BackgroundChoice, width: number, height: number): Promise<Buffer> {
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
