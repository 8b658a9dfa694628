import { randomBytes } from 'node:crypto';
import type { Storage } from '../files/index.ts';
import { checkImage } from '../files/index.ts';

export const COVER_PREFIX = 'blog-covers/';
export const COVER_FILE_PATTERN = /^[a-f0-9]{32}\.webp$/;
export const COVER_MAX_WIDTH = 1600;

/** Public URL of a stored cover (covers of published posts are public; names are unguessable). */
export function coverUrl(key: string | null): string | null {
  return key ? `/api/v1/blog/covers/${key.slice(COVER_PREFIX.length)}` : null;
}

/** Judges the upload by its content (png/jpeg/webp, the upload checks), re-encodes it as WebP without metadata. */
export async function saveCover(storage: Storage, bytes: Buffer): Promise<string> {
  await checkImage(bytes);
  const { default: sharp } = await import('sharp');
  const webp = await sharp(bytes, { failOn: 'truncated' })
    .rotate()
    .resize({ width: COVER_MAX_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  const key = `${COVER_PREFIX}${randomBytes(16).toString('hex')}.webp`;
  await storage.put(key, webp);
  return key;
}
