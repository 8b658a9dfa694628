import type { SpeedpaintingParams } from '@lumen/core/services/speedpainting-params';
import type { Engine } from '../engine.ts';
import { toResultFile } from './output-file.ts';
import { hostedClipSeconds } from './provider-prices.ts';
import { imageDataUrl } from './remote-image.ts';
import { runPredictionForFiles } from './replicate-client.ts';
import type { ReplicateSettings } from './replicate-client.ts';
import { speedpaintingKeyframePrompt } from './speedpainting.fal.ts';
import { speedpaintingFrames } from './speedpainting-frames.ts';

const styleWords: Record<SpeedpaintingParams['style'], string> = {
  oil: 'thick oil paint with visible brush strokes',
  watercolor: 'translucent watercolor washes',
  sketch: 'pencil sketch lines and hatching',
};

export function speedpaintingPrompt(params: SpeedpaintingParams): string {
  return `A time-lapse speed painting: this picture is painted from a blank canvas stroke by stroke in ${styleWords[params.style]}, static camera, ending on the finished picture`;
}

/** MiniMax video-01-style models take one first frame and decide the length themselves. */
const isFirstFrameOnly = (model: string) => /^minimax\//.test(model);

/**
 * Speed painting through a hosted image-to-video model on Replicate. The default, bytedance/seedance-1-lite, takes
 * Seedance's inputs: `image` (the sketched canvas), `last_frame_image` (the picture), `duration` in seconds (the
 * hosted clip, 5 s: Replicate bills each second), `resolution` (the job's 480p or 720p) and `camera_fixed`.
 * MiniMax models (minimax/video-01, a former default) get their own inputs: the picture as `first_frame_image`.
 */
export function createSpeedpaintingRemoteEngine(settings: ReplicateSettings, model: string): Engine<SpeedpaintingParams> {
  return {
    service: 'speedpainting',
    kind: 'remote',
    label: `Hosted model on Replicate (${model})`,
    async run({ params, files }, context) {
      let input: Record<string, unknown>;
      let durationSeconds: number | undefined;
      if (isFirstFrameOnly(model)) {
        const image = await imageDataUrl(files.image, 'picture');
        input = { prompt: speedpaintingPrompt(params), first_frame_image: image.url, prompt_optimizer: false };
      } else {
        const frames = await speedpaintingFrames(files.image);
        durationSeconds = hostedClipSeconds(params);
        input = {
          prompt: speedpaintingKeyframePrompt(params),
          image: frames.first,
          last_frame_image: frames.last,
          duration: durationSeconds,
          resolution: params.resolution,
          camera_fixed: true,
        };
      }
      const [first] = await runPredictionForFiles(settings, model, input, context);
      const video = await toResultFile(first!, 'video', `speedpainting-${params.style}`, 'Replicate');
      return {
        files: [video],
        summary: {
          style: params.style,
          resolution: params.resolution,
          ...(durationSeconds ? { durationSeconds } : {}),
          engine: `Replicate ${model}`,
        },
      };
    },
  };
}
