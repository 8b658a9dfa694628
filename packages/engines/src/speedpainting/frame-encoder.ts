import sharp from 'sharp';
import { vp8FrameFromWebp } from './webp-to-vp8.ts';

export type PreviewOptions = {
  width: number;
  height: number;
  /** Keep one frame in `every` (the preview's frame rate is fps / every). */
  every: number;
  /** RGBA overlay of the preview's size (the watermark). */
  overlay: Buffer;
};

export type EncodedFrames = { frames: Buffer[]; preview: Buffer[] };

/**
 * Encodes RGB frames to VP8 keyframes with sharp's WebP encoder (libwebp, effort 0), a few frames
 * in flight at once so libvips' threads work while the next frame is painted. Results keep order.
 */
export function createFrameEncoder(options: { width: number; height: number; quality: number; preview?: PreviewOptions }) {
  const { width, height, quality, preview } = options;
  const maxInFlight = 3;
  const slots: { frame: Promise<Buffer>; preview: Promise<Buffer> | null; repeat: number; position: number }[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let position = 0;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    const settle = () => inFlight.delete(promise);
    promise.then(settle, settle);
    return promise;
  };

  return {
    /** Adds a frame shown `repeat` times in a row (a hold costs one encode). */
    async add(rgb: Buffer, repeat = 1): Promise<void> {
      while (inFlight.size >= maxInFlight) await Promise.race(inFlight).catch(() => undefined);
      const input = () => sharp(rgb, { raw: { width, height, channels: 3 } });
      const frame = track(input().webp({ quality, effort: 0 }).toBuffer().then(vp8FrameFromWebp));
      const wantsPreview = preview && previewCount(position, repeat, preview.every) > 0;
      const small =
        preview && wantsPreview
          ? track(
              input()
                .resize(preview.width, preview.height, { fit: 'fill' })
                .composite([{ input: preview.overlay, raw: { width: preview.width, height: preview.height, channels: 4 } }])
                .webp({ quality: Math.max(40, quality - 20), effort: 0 })
                .toBuffer()
                .then(vp8FrameFromWebp),
            )
          : null;
      slots.push({ frame, preview: small, repeat, position });
      position += repeat;
    },
    async finish(): Promise<EncodedFrames> {
      const frames: Buffer[] = [];
      const small: Buffer[] = [];
      for (const slot of slots) {
        const frame = await slot.frame;
        for (let i = 0; i < slot.repeat; i += 1) frames.push(frame);
        if (slot.preview && preview) {
          const previewFrame = await slot.preview;
          for (let i = 0; i < previewCount(slot.position, slot.repeat, preview.every); i += 1) small.push(previewFrame);
        }
      }
      return { frames, preview: small };
    },
  };
}

/** How many multiples of `every` fall in [start, start + repeat). */
function previewCount(start: number, repeat: number, every: number): number {
  return Math.ceil((start + repeat) / every) - Math.ceil(start / every);
}
