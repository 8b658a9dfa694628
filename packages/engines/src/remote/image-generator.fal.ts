import type { ImageAspectRatio, ImageGeneratorParams } from '@lumen/core/services/image-generator-params';
import type { Engine, EngineResultFile } from '../engine.ts';
import { runFalForFiles } from './fal-client.ts';
import type { FalSettings } from './fal-client.ts';
import { remoteImagePrompt } from './image-generator.remote.ts';
import { toResultFile } from './output-file.ts';

/** fal's image_size presets for our aspect ratios. */
export const falImageSizes: Record<ImageAspectRatio, string> = {
  '1:1': 'square_hd',
  '16:9': 'landscape_16_9',
  '9:16': 'portrait_16_9',
  '4:3': 'landscape_4_3',
  '3:4': 'portrait_4_3',
};

/**
 * Image generation through a FLUX endpoint on fal (prompt, image_size, num_images, seed,
 * output_format; output `images[]`), e.g. fal-ai/flux/schnell.
 */
export function createImageGeneratorFalEngine(settings: FalSettings, model: string): Engine<ImageGeneratorParams> {
  return {
    service: 'image-generator',
    kind: 'remote',
    label: `Hosted model on fal (${model})`,
    async run({ params }, context) {
      const input: Record<string, unknown> = {
        prompt: remoteImagePrompt(params),
        image_size: falImageSizes[params.aspectRatio],
        num_images: params.numberOfImages,
        output_format: 'png',
        enable_safety_checker: true,
      };
      if (params.seed !== undefined) input.seed = params.seed;
      const { files: outputs, output } = await runFalForFiles(settings, model, input, context);
      const files: EngineResultFile[] = [];
      for (const [index, data] of outputs.slice(0, params.numberOfImages).entries()) {
        files.push(await toResultFile(data, 'image', `generated-${index + 1}`, 'fal'));
      }
      const seed = (output as { seed?: unknown }).seed;
      return {
        files,
        summary: {
          style: params.style,
          aspectRatio: params.aspectRatio,
          seed: typeof seed === 'number' ? seed : (params.seed ?? null),
          engine: `fal ${model}`,
        },
      };
    },
  };
}
