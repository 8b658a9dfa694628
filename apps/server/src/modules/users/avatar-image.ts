import type { Metadata } from 'sharp';
import { AppError } from '../../plugins/app-error.ts';

export const AVATAR_SIZE_PX = 512;
/** Larger images are refused before decoding (decompression bombs). */
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_TYPE_MESSAGE = 'Only PNG, JPEG or WebP images are allowed';
export const AVATAR_TOO_LARGE_MESSAGE = 'Image is too large (max 5 MB)';
export const AVATAR_CORRUPT_MESSAGE = 'The image could not be read. It may be damaged; please try another file.';

export type ImageType = 'png' | 'jpeg' | 'webp';

/** Judges the type by the file's first bytes, never by its name or declared type. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Checks the content and re-encodes it as a 512 px square WebP (metadata stripped). */
export async function toAvatarWebp(bytes: Buffer): Promise<Buffer> {
  const type = detectImageType(bytes);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, AVATAR_TYPE_MESSAGE);

  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new AppError('UNPROCESSABLE', 422, AVATAR_CORRUPT_MESSAGE, { cause });
  }
  if (metadata.format !== type) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, AVATAR_TYPE_MESSAGE);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new AppError('UNPROCESSABLE', 422, AVATAR_CORRUPT_MESSAGE);
  if (width * height > AVATAR_MAX_PIXELS) {
    throw new AppError('UNPROCESSABLE', 422, 'Image dimensions are too large (max 40 megapixels)');
  }

  try {
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (cause) {
    throw new AppError('UNPROCESSABLE', 422, AVATAR_CORRUPT_MESSAGE, { cause });
  }
}
