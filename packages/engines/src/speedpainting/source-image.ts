import sharp from 'sharp';
import type { Metadata } from 'sharp';
import type { SpeedpaintingResolution } from '@lumen/core/services/speedpainting-params';
import { EngineInputError } from '../engine.ts';
import type { FloatImage } from './image-field.ts';

const shortSides: Record<SpeedpaintingResolution, number> = { '480p': 480, '720p': 720 };
/** Pictures wider (or taller) than 16:9 are cropped to it. */
const MAX_ASPECT = 16 / 9;
/** Refuse decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;

/** The video's size: the short side is the resolution's, the long side follows the picture; both even. */
export function frameSize(pictureWidth: number, pictureHeight: number, shortSide: number): { width: number; height: number } {
  const aspect = Math.min(MAX_ASPECT, Math.max(1 / MAX_ASPECT, pictureWidth / pictureHeight));
  const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
  return aspect >= 1
    ? { width: even(shortSide * aspect), height: even(shortSide) }
    : { width: even(shortSide), height: even(shortSide / aspect) };
}

/** Decodes the picture (EXIF orientation applied, transparency on white) to RGB floats of the video's size. */
export async function loadSourceImage(data: Buffer, resolution: SpeedpaintingResolution | { shortSide: number }): Promise<FloatImage> {
  const shortSide = typeof resolution === 'string' ? shortSides[resolution] : resolution.shortSide;
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new EngineInputError('The picture could not be read; upload a PNG, JPEG or WebP image');
  }
  if (!metadata.format || !['png', 'jpeg', 'webp'].includes(metadata.format)) {
    throw new EngineInputError('The picture must be a PNG, JPEG or WebP image');
  }
  const rotated = (metadata.orientation ?? 1) >= 5;
  const pictureWidth = (rotated ? metadata.height : metadata.width) ?? 0;
  const pictureHeight = (rotated ? metadata.width : metadata.height) ?? 0;
  if (pictureWidth < 16 || pictureHeight < 16) throw new EngineInputError('The picture is too small to paint (at least 16 × 16 pixels)');
  const { width, height } = frameSize(pictureWidth, pictureHeight, shortSide);
  let raw: Buffer;
  try {
    raw = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer();
  } catch {
    throw new EngineInputError('The picture could not be decoded; it may be truncated or damaged');
  }
  return { width, height, channels: 3, data: Float32Array.from(raw) };
}
