import type { EngineFile } from '../engine.ts';
import { readImageInput } from '../ai-background/read-image-input.ts';

/** Long side of pictures sent to a model: enough for every hosted model, small enough for a data URL. */
export const remoteImageLongSide = 1536;

/** A file input as a data URL (the providers accept HTTP or data URLs for file inputs). */
export function toDataUrl(file: EngineFile): string {
  return `data:${file.contentType};base64,${file.data.toString('base64')}`;
}

/** Checks an uploaded picture (EngineInputError naming `what`) and returns it as an upright JPEG. */
export async function remoteJpeg(
  file: EngineFile | undefined,
  what: string,
  longSide = remoteImageLongSide,
): Promise<{ file: EngineFile; width: number; height: number }> {
  const image = await readImageInput(file, what, { longSide });
  const { default: sharp } = await import('sharp');
  const jpeg = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { file: { name: 'input.jpg', contentType: 'image/jpeg', data: jpeg }, width: image.width, height: image.height };
}

/** Checks an uploaded picture (EngineInputError naming `what`) and returns it as an upright JPEG data URL. */
export async function imageDataUrl(file: EngineFile | undefined, what: string): Promise<{ url: string; width: number; height: number }> {
  const image = await remoteJpeg(file, what);
  return { url: toDataUrl(image.file), width: image.width, height: image.height };
}
