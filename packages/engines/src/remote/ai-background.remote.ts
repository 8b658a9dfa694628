import sharp from 'sharp';
import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import { EngineInputError } from '../engine.ts';
import type { Engine, EngineResultFile } from '../engine.ts';
import { defaultPresetDirectory, renderBackground } from '../ai-background/compose-background.ts';
import type { BackgroundChoice } from '../ai-background/compose-background.ts';
import { makeImagePreview } from '../ai-background/image-preview.ts';
import { toResultFile } from './output-file.ts';
import { imageDataUrl, runPredictionForFiles } from './replicate-client.ts';
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
      let choice: BackgroundChoice | null = null;
      if (params.mode === 'color') {
        if (!params.color) throw new EngineInputError('Choose a background colour');
        choice = { kind: 'color', color: params.color };
      } else if (params.mode === 'preset') {
        if (params.preset === undefined) throw new EngineInputError('Choose one of the backgrounds');
        choice = { kind: 'preset', preset: params.preset, directory };
      } else if (params.mode === 'upload') {
        choice = { kind: 'upload', file: files.background };
      }
      const image = await imageDataUrl(files.image, 'photo');
      const [first] = await runPredictionForFiles(settings, model, { image: image.url }, context);
      const cutout = await toResultFile(first!, 'image', 'background-removed', 'Replicate');
      const outputs: EngineResultFile[] = [];
      if (choice) {
        const { width, height } = await sharp(cutout.data).metadata();
        const background = await renderBackground(choice, width, height);
        const composite = await sharp(background, { raw: { width, height, channels: 3 } })
          .composite([{ input: await sharp(cutout.data).ensureAlpha().png().toBuffer() }])
          .png({ compressionLevel: 6 })
          .toBuffer();
        const name = `background-${params.mode}.png`;
        outputs.push({ kind: 'image', name, contentType: 'image/png', data: composite, preview: await makeImagePreview(composite, name) });
      }
      outputs.push(cutout);
      return { files: outputs, summary: { mode: params.mode, width: image.width, height: image.height, engine: `Replicate ${model}` } };
    },
  };
}
