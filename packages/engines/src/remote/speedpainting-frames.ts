import type { EngineFile } from '../engine.ts';
import { readImageInput } from '../ai-background/read-image-input.ts';
import { remoteImageLongSide, toDataUrl } from './remote-image.ts';

/** Video models refuse frames smaller than this on the short side (Kling: 300 px). */
const MIN_SHORT_SIDE = 512;
/** Wider or taller pictures are cropped to 16:9 or 9:16, as the built-in engine's video is. */
const MAX_RATIO = 16 / 9;

/** White paper with grey lines where the picture has edges (gradient magnitude), never darker than mid-grey. */
function pencilOutline(grey: Buffer, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height, 255);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const gx = grey[i + 1]! - grey[i - 1]!;
      const gy = grey[i + width]! - grey[i - width]!;
      out[i] = 255 - Math.min(130, Math.hypot(gx, gy));
    }
  }
  return out;
}

const jpegFile = (data: Buffer, name: string): EngineFile => ({ name, contentType: 'image/jpeg', data });

/**
 * The two frames of a speed painting: the finished picture (upright, at most 16:9, at least
 * 512 px on the short side) and the canvas it starts from, the same size, white paper with a
 * faint pencil outline of the picture, so the video paints from a sketch to the picture.
 */
export async function speedpaintingFrames(
  file: EngineFile | undefined,
): Promise<{ first: string; last: string; width: number; height: number }> {
  const image = await readImageInput(file, 'picture', { longSide: remoteImageLongSide });
  let width = image.width;
  let height = image.height;
  if (width / height > MAX_RATIO) width = Math.round(height * MAX_RATIO);
  if (height / width > MAX_RATIO) height = Math.round(width * MAX_RATIO);
  const scale = Math.max(1, MIN_SHORT_SIDE / Math.min(width, height));
  const { default: sharp } = await import('sharp');
  const picture = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left: Math.floor((image.width - width) / 2), top: Math.floor((image.height - height) / 2), width, height })
    .resize(Math.round(width * scale), Math.round(height * scale))
    .jpeg({ quality: 92 })
    .toBuffer();
  const grey = await sharp(picture).greyscale().blur(1).raw().toBuffer({ resolveWithObject: true });
  const outline = await sharp(pencilOutline(grey.data, grey.info.width, grey.info.height), {
    raw: { width: grey.info.width, height: grey.info.height, channels: 1 },
  })
    .toColourspace('srgb')
    .jpeg({ quality: 90 })
    .toBuffer();
  const { width: outWidth, height: outHeight } = grey.info;
  return {
    first: toDataUrl(jpegFile(outline, 'canvas.jpg')),
    last: toDataUrl(jpegFile(picture, 'picture.jpg')),
    width: outWidth,
    height: outHeight,
  };
}
