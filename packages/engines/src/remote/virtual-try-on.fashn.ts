import type { VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import type { Engine } from '../engine.ts';
import { createFashnQueue } from './fashn-client.ts';
import type { FashnSettings } from './fashn-client.ts';
import { downloadOutputs } from './output-download.ts';
import { toResultFile } from './output-file.ts';
import { runOnQueue } from './provider-queue.ts';
import { fashnInputs, tryOnPhotos } from './try-on-inputs.ts';

/** Virtual try-on through FASHN's own API (POST /v1/run, then GET /v1/status/{id}), e.g. tryon-v1.6. */
export function createVirtualTryOnFashnEngine(settings: FashnSettings, model: string): Engine<VirtualTryOnParams> {
  return {
    service: 'virtual-try-on',
    kind: 'remote',
    label: `FASHN (${model})`,
    async run({ params, files }, context) {
      const photos = await tryOnPhotos(params, files);
      const output = await runOnQueue(createFashnQueue(settings, model), fashnInputs(params, photos), context, settings.pollIntervalMs);
      const [first] = await downloadOutputs(output, { http: settings.http }, context.signal);
      context.onProgress(1);
      const file = await toResultFile(first!, 'image', `try-on-${params.category}`, 'FASHN');
      return { files: [file], summary: { category: params.category, engine: `FASHN ${model}` } };
    },
  };
}
