import type { SpeedpaintingStyle } from '@lumen/core/services/speedpainting-params';
import { createMp4Encoder } from '../media/ffmpeg.ts';
import type { FloatImage } from './image-field.ts';
import { createPaintCanvas, paintStroke } from './paint-canvas.ts';
import { seededRandom } from './seeded-random.ts';
import { planPasses } from './stroke-planner.ts';
import { stylePresets } from './styles.ts';
import { composeFrame, surfaceTexture } from './surface-texture.ts';
import { previewWatermark } from './watermark.ts';

export type RenderOptions = {
  style: SpeedpaintingStyle;
  durationSeconds: number;
  fps: number;
  /** x264 constant rate factor of the video (lower is better and larger); the preview gets 5 more. */
  crf: number;
  seed: number;
  /** Also make a half-size watermarked video at half the frame rate. */
  preview: boolean;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
};

export type RenderedVideo = {
  /** H.264 MP4, moov first. */
  mp4: Buffer;
  previewMp4: Buffer | null;
  /** The finished painting, 8-bit RGB of the source's size. */
  finalFrame: Buffer;
  width: number;
  height: number;
  frames: number;
  layers: { brushRadius: number; strokes: number }[];
};

/**
 * Paints `source` (RGB floats of the output size) stroke by stroke and records it: the first frame
 * is the empty canvas, each pass gets a share of the painting time, and the finished painting is
 * held for the last 12 % (1 to 2 s), the first half of that glazing it toward the picture (glazeOf).
 */
export async function renderSpeedpaintingVideo(source: FloatImage, options: RenderOptions): Promise<RenderedVideo> {
  const { width, height } = source;
  const style = stylePresets[options.style];
  const random = seededRandom(options.seed);
  const target = style.grayscale ? greyscale(source) : source;
  const canvas = createPaintCanvas(width, height, style.ground);
  const texture = surfaceTexture(width, height, style, options.seed);

  const totalFrames = Math.max(2, Math.round(options.durationSeconds * options.fps));
  const holdFrames = Math.min(totalFrames - 1, Math.round(options.fps * Math.min(2, Math.max(1, options.durationSeconds * 0.12))));
  let paintFrames = totalFrames - holdFrames - 1;

  const previewSize = { width: even(width / 2), height: even(height / 2) };
  const encoder = await createMp4Encoder(
    { width, height, fps: options.fps },
    [
      { width, height, fps: options.fps, crf: options.crf },
      ...(options.preview
        ? [{ ...previewSize, fps: options.fps / 2, crf: options.crf + 5, overlay: previewWatermark(previewSize.width, previewSize.height) }]
        : []),
    ],
    options.signal,
  );
  let emitted = 0;
  const emit = async (repeat = 1) => {
    options.signal?.throwIfAborted();
    await encoder.addFrame(composeFrame(canvas.rgb, texture), repeat);
    emitted += repeat;
    options.onProgress?.(Math.min(0.95, (emitted / totalFrames) * 0.95));
  };

  const layers: RenderedVideo['layers'] = [];
  let videos: Buffer[];
  try {
    await emit();
    const weights = [...style.passWeights];
    let pass = 0;
    for (const plan of planPasses(target, canvas, style, random)) {
      layers.push({ brushRadius: Math.round(plan.radius * 10) / 10, strokes: plan.strokes.length });
      const remainingWeight = weights.slice(pass).reduce((sum, w) => sum + w, 0);
      const isLast = pass === weights.length - 1;
      const frames =
        plan.strokes.length === 0 ? 0 : isLast ? paintFrames : Math.round((paintFrames * (weights[pass] ?? 0)) / remainingWeight);
      for (let f = 0; f < frames; f += 1) {
        const from = Math.floor((f * plan.strokes.length) / frames);
        const to = Math.floor(((f + 1) * plan.strokes.length) / frames);
        for (let s = from; s < to; s += 1) paintStroke(canvas, plan.strokes[s]!, style);
        await emit();
      }
      paintFrames -= frames;
      pass += 1;
    }
    // The finishing glaze over the first half of the hold: the painting resolves into the picture.
    const glazeFrames = Math.max(1, Math.floor(holdFrames / 2));
    const glaze = glazeOf(canvas.rgb, target.data, style.glaze);
    const painted = Float32Array.from(canvas.rgb);
    for (let f = 1; f <= glazeFrames; f += 1) {
      const t = f / glazeFrames;
      for (let i = 0; i < painted.length; i += 1) {
        canvas.rgb[i] = painted[i]! + t * glaze[i]!;
      }
      await emit();
    }
    // A pass with no strokes leaves frames over: they extend the hold.
    await emit(holdFrames - glazeFrames + paintFrames);
    videos = await encoder.finish();
  } catch (error) {
    await encoder.cancel();
    throw error;
  }
  return {
    mp4: videos[0]!,
    previewMp4: videos[1] ?? null,
    finalFrame: composeFrame(canvas.rgb, texture),
    width,
    height,
    frames: emitted,
    layers,
  };
}

/**
 * How far the finishing glaze moves each channel toward the picture: `base` of the way everywhere, up to half
 * again where the painting is furthest from the picture (a colour distance of 80 or more), at most 0.85, so
 * brush marks stay where the strokes already match and details the brushes missed come through.
 */
function glazeOf(painted: Float32Array, target: Float32Array, base: number): Float32Array {
  const out = new Float32Array(painted.length);
  for (let p = 0; p < painted.length; p += 3) {
    const dr = target[p]! - painted[p]!;
    const dg = target[p + 1]! - painted[p + 1]!;
    const db = target[p + 2]! - painted[p + 2]!;
    const share = Math.min(0.85, base + 0.5 * Math.min(1, Math.sqrt(dr * dr + dg * dg + db * db) / 80));
    out[p] = share * dr;
    out[p + 1] = share * dg;
    out[p + 2] = share * db;
  }
  return out;
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

function greyscale(image: FloatImage): FloatImage {
  const data = new Float32Array(image.data.length);
  for (let i = 0; i < image.width * image.height; i += 1) {
    const o = i * 3;
    const grey = 0.299 * (image.data[o] ?? 0) + 0.587 * (image.data[o + 1] ?? 0) + 0.114 * (image.data[o + 2] ?? 0);
    data[o] = grey;
    data[o + 1] = grey;
    data[o + 2] = grey;
  }
  return { ...image, data };
}
