import type { SpeedpaintingParams } from '@lumen/core/services/speedpainting-params';
import type { Engine } from '../engine.ts';
import { runFalForFiles } from './fal-client.ts';
import type { FalSettings } from './fal-client.ts';
import { toResultFile } from './output-file.ts';
import { speedpaintingFrames } from './speedpainting-frames.ts';

const styleWords: Record<SpeedpaintingParams['style'], string> = {
  oil: 'thick oil paint with visible brush strokes',
  watercolor: 'translucent watercolor washes',
  sketch: 'pencil lines and hatching',
};

export function speedpaintingKeyframePrompt(params: SpeedpaintingParams): string {
  return `A time-lapse speed painting seen straight on: starting from a faint pencil sketch on white paper, the picture is painted stroke by stroke in ${styleWords[params.style]}, static camera, no hands or people, ending exactly on the finished picture`;
}

/** The clip lengths Kling-style endpoints offer; the requested length is rounded to one of them. */
export function keyframeVideoSeconds(requested: number): '5' | '10' {
  return requested < 8 ? '5' : '10';
}

/**
 * Speed painting through a first-and-last-frame video endpoint on fal with Kling's inputs
 * (prompt, image_url as the first frame, tail_image_url as the last, duration '5' or '10'), e.g.
 * fal-ai/kling-video/v2.5-turbo/pro/image-to-video: the video starts on a sketched canvas and ends on the picture. The
 * requested length is capped at `clipSeconds`.
 */
export function createSpeedpaintingFalEngine(settings: FalSettings, model: string, clipSeconds: 5 | 10 = 5): Engine<SpeedpaintingParams> {
  return {
    service: 'speedpainting',
    kind: 'remote',
    label: `Hosted model on fal (${model})`,
    async run({ params, files }, context) {
      const frames = await speedpaintingFrames(files.image);
      // The clip is at most FAL_SPEEDPAINTING_SECONDS long (5 s by default): fal bills each second of it.
      const duration = keyframeVideoSeconds(Math.min(params.durationSeconds, clipSeconds));
      const { files: outputs } = await runFalForFiles(
        settings,
        model,
        {
          prompt: speedpaintingKeyframePrompt(params),
          image_url: frames.first,
          tail_image_url: frames.last,
          duration,
          negative_prompt: 'camera movement, zoom, hands, people, blur, distortion, low quality',
        },
        context,
      );
      context.onProviderUsage?.('fal', { 'video-second': Number(duration) });
      const video = await toResultFile(outputs[0]!, 'video', `speedpainting-${params.style}`, 'fal');
      return {
        files: [video],
        summary: { style: params.style, resolution: params.resolution, durationSeconds: Number(duration), engine: `fal ${model}` },
      };
    },
  };
}
