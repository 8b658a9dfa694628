import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { speedpaintingParamsSchema } from '@lumen/core/services/speedpainting-params';
import type { SpeedpaintingParams, SpeedpaintingSummary } from '@lumen/core/services/speedpainting-params';
import { EngineInputError } from '../engine.ts';
import type { Engine, EngineResult } from '../engine.ts';
import { builtinLabels } from '../builtin-labels.ts';
import { renderSpeedpaintingVideo } from './render-video.ts';
import { loadSourceImage } from './source-image.ts';
import { previewWatermark } from './watermark.ts';

const FPS = 24;
/** x264's default quality: a 10 s 720p painting is a few MB. */
const CRF = 23;

/**
 * Speed painting, built in: the uploaded picture painted stroke by stroke (coarse-to-fine brush
 * passes along the image's edges) and recorded as an H.264 MP4 (plays on phones, in every browser
 * and on social platforms), with a half-size watermarked preview MP4 and a poster of the finished painting.
 */
export const speedpaintingEngine: Engine<SpeedpaintingParams> = {
  service: 'speedpainting',
  kind: 'builtin',
  label: builtinLabels.speedpainting,
  async run({ params, files }, context): Promise<EngineResult> {
    const parsed = speedpaintingParamsSchema.safeParse(params);
    if (!parsed.success) throw new EngineInputError(parsed.error.issues[0]?.message ?? 'Invalid speed painting options');
    const { durationSeconds, resolution, style } = parsed.data;
    const image = files.image;
    if (!image || image.data.length === 0) throw new EngineInputError('Upload a picture to paint');

    const source = await loadSourceImage(image.data, resolution);
    const seed = createHash('sha256').update(image.data).update(style).digest().readUInt32BE(0);
    const video = await renderSpeedpaintingVideo(source, {
      style,
      durationSeconds,
      fps: FPS,
      crf: CRF,
      seed,
      preview: true,
      signal: context.signal,
      onProgress: context.onProgress,
    });

    const raw = { raw: { width: video.width, height: video.height, channels: 3 as const } };
    const poster = await sharp(video.finalFrame, raw).jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    const previewWidth = Math.round(video.width / 2);
    const previewHeight = Math.round(video.height / 2);
    const posterPreview = await sharp(video.finalFrame, raw)
      .resize(previewWidth, previewHeight)
      .composite([
        { input: previewWatermark(previewWidth, previewHeight), raw: { width: previewWidth, height: previewHeight, channels: 4 } },
      ])
      .jpeg({ quality: 70 })
      .toBuffer();
    context.onProgress(1);

    const summary: SpeedpaintingSummary = {
      width: video.width,
      height: video.height,
      fps: FPS,
      frames: video.frames,
      durationSeconds: video.frames / FPS,
      style,
      strokes: video.layers.reduce((sum, layer) => sum + layer.strokes, 0),
      layers: video.layers,
      videoCodec: 'h264',
      container: 'mp4',
    };
    return {
      files: [
        {
          kind: 'video',
          name: `speedpainting-${style}.mp4`,
          contentType: 'video/mp4',
          data: video.mp4,
          ...(video.previewMp4
            ? { preview: { name: `speedpainting-${style}-preview.mp4`, contentType: 'video/mp4', data: video.previewMp4 } }
            : {}),
        },
        {
          kind: 'image',
          name: `speedpainting-${style}-final.jpg`,
          contentType: 'image/jpeg',
          data: poster,
          preview: { name: `speedpainting-${style}-final-preview.jpg`, contentType: 'image/jpeg', data: posterPreview },
        },
      ],
      summary,
    };
  },
};
