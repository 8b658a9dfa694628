import type { VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import type { Engine } from '../engine.ts';
import { runFalForFiles } from './fal-client.ts';
import type { FalSettings } from './fal-client.ts';
import { toResultFile } from './output-file.ts';
import { fashnInputs, tryOnPhotos } from './try-on-inputs.ts';

/** Virtual try-on through FASHN's model on fal (model_image, garment_image, category…), e.g. fal-ai/fashn/tryon/v1.6. */
export function createVirtualTryOnFalEngine(settings: FalSettings, model: string): Engine<VirtualTryOnParams> {
  return {
    service: 'virtual-try-on',
    kind: 'remote',
    label: `Hosted model on fal (${model})`,
    async run({ params, files }, context) {
      const photos = await tryOnPhotos(params, files);
      const { files: outputs } = await runFalForFiles(settings, model, fashnInputs(params, photos), context);
      const file = await toResultFile(outputs[0]!, 'image', `try-on-${params.category}`, 'fal');
      return { files: [file], summary: { category: params.category, engine: `fal ${model}` } };
    },
  };
}
