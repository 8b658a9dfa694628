import type { VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import type { Engine } from '../engine.ts';
import { toResultFile } from './output-file.ts';
import { runPredictionForFiles } from './replicate-client.ts';
import type { ReplicateSettings } from './replicate-client.ts';
import { idmVtonInputs, tryOnEditPrompt, tryOnPhotos } from './try-on-inputs.ts';

/**
 * Virtual try-on through a hosted model on Replicate: a multi-image editing model with
 * `prompt` and `image_input` (person, garment), e.g. google/nano-banana; models of the IDM-VTON
 * family (name containing 'idm-vton') get IDM-VTON's inputs instead.
 */
export function createVirtualTryOnRemoteEngine(settings: ReplicateSettings, model: string): Engine<VirtualTryOnParams> {
  return {
    service: 'virtual-try-on',
    kind: 'remote',
    label: `Hosted model on Replicate (${model})`,
    async run({ params, files }, context) {
      const photos = await tryOnPhotos(params, files);
      const input = /idm-vton/i.test(model)
        ? idmVtonInputs(params, photos)
        : { prompt: tryOnEditPrompt(params), image_input: [photos.person, photos.garment], output_format: 'png' };
      const [first] = await runPredictionForFiles(settings, model, input, context);
      const file = await toResultFile(first!, 'image', `try-on-${params.category}`, 'Replicate');
      return { files: [file], summary: { category: params.category, engine: `Replicate ${model}` } };
    },
  };
}
