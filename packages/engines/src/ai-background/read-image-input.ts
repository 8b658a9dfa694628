import type { Metadata } from 'sharp';
import { EngineInputError } from '../engine.ts';
import type { EngineFile } from '../engine.ts';

/** Decoded 8-bit RGB pixels, row by row (3 bytes a pixel). */
export type RgbImage = { data: Buffer; width: number; height: number };

export const imageInputLimits = {
  /** Smaller sides give the segmentation nothing to work with. */
  minSide: 32,
  /** Guards against decompression bombs; the upload route has its own, stricter limit. */
  maxInputPixels: 50_000_000,
  /** Larger photos are processed (and returned) at this long side, to bound time and memory. */
  workingLongSide: 2048,
} as const;

const acceptedFormats = new Set(['png', 'jpeg', 'webp']);

/**
 * Reads an uploaded picture into RGB pixels, upright (EXIF orientation applied), transparent
 * areas flattened onto white. Anything that is not a readable PNG, JPEG or WebP of a sensible
 * size is an EngineInputError naming the field.
 */
export async function readImageInput(file: EngineFile | undefined, what: string, options: { longSide?: number } = {}): Promise<RgbImage> {
  if (!file) throw new EngineInputError(`The ${what} is missing`);
  if (file.data.length === 0) throw new EngineInputError(`The ${what} is an empty file`);
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(file.data, { limitInputPixels: false }).metadata();
  } catch {
    throw new EngineInputError(`The ${what} is not a readable image (PNG, JPEG or WebP)`);
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format)) {
    throw new EngineInputError(`The ${what} must be a PNG, JPEG or WebP image`);
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > imageInputLimits.maxInputPixels) {
    throw new EngineInputError(`The ${what} is too large (at most ${imageInputLimits.maxInputPixels / 1e6} megapixels)`);
  }
  if (Math.min(width, height) < imageInputLimits.minSide) {
    throw new EngineInputError(`The ${what} is too small (at least ${imageInputLimits.minSide}×${imageInputLimits.minSide} pixels)`);
  }
  const longSide = options.longSide ?? imageInputLimits.workingLongSide;
  try {
    const { data, info } = await sharp(file.data, { limitInputPixels: imageInputLimits.maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    return { data, width: info.width, height: info.height };
  } catch {
    throw new EngineInputError(`The ${what} could not be decoded; it may be truncated or damaged`);
  }
}
