import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import type { Engine, EngineResultFile } from '../engine.ts';
import { defaultPresetDirectory } from '../ai-background/compose-background.ts';
import { toResultFile } from './output-file.ts';
import { backgroundChoice, composeOnBackground } from './remote-background.ts';
import { imageDataUrl } from './remote-image.ts';
import { runPredictionForFiles } from './replicate-client.ts';
import type { ReplicateSettings } from './replicate-client.ts';

/**
 * AI background through a hosted background-removal model on Replicate (input `image`, output a
 * transparent PNG, e.g. 851-labs/background-remover); the cut-out is then put on the colour,
 * preset or uploaded background here, as the built-in engine does.
 */
export function createAiBackgroundRemoteEngine(
  settings: ReplicateSettings,
  model: string,
  options: { presetDirectory?: string } = {},
): Engine<AiBackgroundParams> {
  const directory = options.presetDirectory ?? defaultPresetDirectory;
  return {
    service: 'ai-background',
    kind: 'remote',
    label: `Hosted model on Replicate (${model})`,
    async run({ params, files }, context) {
      const choice = backgroundChoice(params, files, directory);
      const image = await imageDataUrl(files.image, 'photo');
      const [first] = await runPredictionForFiles(settings, model, { image: image.url }, context);
      const cutout = await toResultFile(first!, 'image', 'background-removed', 'Replicate');
      const outputs: EngineResultFile[] = choice ? [await composeOnBackground(cutout.data, choice, params.mode), cutout] : [cutout];
      return { files: outputs, summary: { mode: params.mode, width: image.width, height: image.height, engine: `Replicate ${model}` } };
    },
  };
}
