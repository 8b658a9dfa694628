import type { SpeedpaintingParams } from '@lumen/core/services/speedpainting-params';
import type { Engine } from '../engine.ts';
import { toResultFile } from './output-file.ts';
import { imageDataUrl } from './remote-image.ts';
import { runPredictionForFiles } from './replicate-client.ts';
import type { ReplicateSettings } from './replicate-client.ts';

const styleWords: Record<SpeedpaintingParams['style'], string> = {
  oil: 'thick oil paint with visible brush strokes',
  watercolor: 'translucent watercolor washes',
  sketch: 'pencil sketch lines and hatching',
};

export function speedpaintingPrompt(params: SpeedpaintingParams): string {
  return `A time-lapse speed painting: this picture is painted from a blank canvas stroke by stroke in ${styleWords[params.style]}, static camera, ending on the finished picture`;
}

/**
 * Speed painting through a hosted image-to-video model on Replicate with MiniMax video-01's
 * inputs (prompt, first_frame_image), e.g. minimax/video-01. The model decides the video's length.
 */
export function createSpeedpaintingRemoteEngine(settings: ReplicateSettings, model: string): Engine<SpeedpaintingParams> {
  return {
    service: 'speedpainting',
    kind: 'remote',
    label: `Hosted model on Replicate (${model})`,
    async run({ params, files }, context) {
      const image = await imageDataUrl(files.image, 'picture');
      const [first] = await runPredictionForFiles(
        settings,
        model,
        { prompt: speedpaintingPrompt(params), first_frame_image: image.url, prompt_optimizer: false },
        context,
      );
      const video = await toResultFile(first!, 'video', `speedpainting-${params.style}`, 'Replicate');
      return { files: [video], summary: { style: params.style, resolution: params.resolution, engine: `Replicate ${model}` } };
    },
  };
}
