import type { ImageGeneratorParams } from '@lumen/core/services/image-generator-params';
import { imageStyleNames } from '@lumen/core/services/image-generator-params';
import type { Engine, EngineResultFile } from '../engine.ts';
import { toResultFile } from './output-file.ts';
import { runPredictionForFiles } from './replicate-client.ts';
import type { ReplicateSettings } from './replicate-client.ts';

/** The prompt a text-to-image model receives: the user's words, the style, and what to avoid. */
export function remoteImagePrompt(params: ImageGeneratorParams): string {
  const parts = [params.prompt.trim(), `${imageStyleNames[params.style]} style`];
  if (params.negativePrompt?.trim()) parts.push(`Avoid: ${params.negativePrompt.trim()}`);
  return parts.join('. ');
}

/**
 * Image generation through a hosted text-to-image model on Replicate with FLUX's inputs
 * (prompt, aspect_ratio, num_outputs, seed, output_format), e.g. black-forest-labs/flux-schnell.
 */
export function createImageGeneratorRemoteEngine(settings: ReplicateSettings, model: string): Engine<ImageGeneratorParams> {
  return {
    service: 'image-generator',
    kind: 'remote',
    label: `Hosted model on Replicate (${model})`,
    async run({ params }, context) {
      const input: Record<string, unknown> = {
        prompt: remoteImagePrompt(params),
        aspect_ratio: params.aspectRatio,
        num_outputs: params.numberOfImages,
        output_format: 'png',
      };
      if (params.seed !== undefined) input.seed = params.seed;
      const outputs = await runPredictionForFiles(settings, model, input, context);
      const files: EngineResultFile[] = [];
      for (const [index, data] of outputs.slice(0, params.numberOfImages).entries()) {
        files.push(await toResultFile(data, 'image', `generated-${index + 1}`, 'Replicate'));
      }
      return {
        files,
        summary: { style: params.style, aspectRatio: params.aspectRatio, seed: params.seed ?? null, engine: `Replicate ${model}` },
      };
    },
  };
}
