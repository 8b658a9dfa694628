import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import type { Engine, EngineResultFile } from '../engine.ts';
import { defaultPresetDirectory } from '../ai-background/compose-background.ts';
import { runFalForFiles } from './fal-client.ts';
import type { FalSettings } from './fal-client.ts';
import { toResultFile } from './output-file.ts';
import { backgroundChoice, composeOnBackground } from './remote-background.ts';
import { imageDataUrl } from './remote-image.ts';

/**
 * AI background through a background-removal endpoint on fal with BiRefNet's inputs (image_url,
 * output_format; output `image`), e.g. fal-ai/birefnet/v2; the cut-out is then put on the chosen
 * background here, as the built-in engine does.
 */
export function createAiBackgroundFalEngine(
  settings: FalSettings,
  model: string,
  options: { presetDirectory?: string } = {},
): Engine<AiBackgroundParams> {
  const directory = options.presetDirectory ?? defaultPresetDirectory;
  return {
    service: 'ai-background',
    kind: 'remote',
    label: `Hosted model on fal (${model})`,
    async run({ params, files }, context) {
      const choice = backgroundChoice(params, files, directory);
      const image = await imageDataUrl(files.image, 'photo');
      const { files: outputs } = await runFalForFiles(settings, model, { image_url: image.url, output_format: 'png' }, context);
      const cutout = await toResultFile(outputs[0]!, 'image', 'background-removed', 'fal');
      const results: EngineResultFile[] = choice ? [await composeOnBackground(cutout.data, choice, params.mode), cutout] : [cutout];
      return { files: results, summary: { mode: params.mode, width: image.width, height: image.height, engine: `fal ${model}` } };
    },
  };
}
