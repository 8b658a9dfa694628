import type { GarmentCategory, VirtualTryOnParams } from '@lumen/core/services/virtual-try-on-params';
import { garmentCategoryNames, likenessConsentMessage } from '@lumen/core/services/virtual-try-on-params';
import { EngineInputError } from '../engine.ts';
import type { Engine } from '../engine.ts';
import { toResultFile } from './output-file.ts';
import { imageDataUrl, runPredictionForFiles } from './replicate-client.ts';
import type { ReplicateSettings } from './replicate-client.ts';

/** IDM-VTON's garment categories. */
const vtonCategory: Record<GarmentCategory, 'upper_body' | 'lower_body' | 'dresses'> = {
  top: 'upper_body',
  outerwear: 'upper_body',
  bottom: 'lower_body',
  dress: 'dresses',
};

/**
 * Virtual try-on through a hosted try-on model on Replicate with IDM-VTON's inputs
 * (human_img, garm_img, garment_des, category), e.g. cuuupid/idm-vton.
 */
export function createVirtualTryOnRemoteEngine(settings: ReplicateSettings, model: string): Engine<VirtualTryOnParams> {
  return {
    service: 'virtual-try-on',
    kind: 'remote',
    label: `Hosted model on Replicate (${model})`,
    async run({ params, files }, context) {
      if ((params.consentToLikeness as unknown) !== true) throw new EngineInputError(likenessConsentMessage);
      const person = await imageDataUrl(files.person, 'person photo');
      const garment = await imageDataUrl(files.garment, 'garment photo');
      const [first] = await runPredictionForFiles(
        settings,
        model,
        {
          human_img: person.url,
          garm_img: garment.url,
          garment_des: garmentCategoryNames[params.category].toLowerCase(),
          category: vtonCategory[params.category],
        },
        context,
      );
      const file = await toResultFile(first!, 'image', `try-on-${params.category}`, 'Replicate');
      return { files: [file], summary: { category: params.category, engine: `Replicate ${model}` } };
    },
  };
}
