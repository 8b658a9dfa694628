import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import type { Engine } from '../engine.ts';
import { defaultPresetDirectory } from '../ai-background/compose-background.ts';
import { toResultFile } from './output-file.ts';
import { backgroundChoice, backgroundPicture } from './remote-background.ts';
import { remoteJpeg } from './remote-image.ts';
import { removeBackground } from './removebg-client.ts';
import type { RemoveBgSettings } from './removebg-client.ts';

/** remove.bg takes pictures up to 50 megapixels; this long side keeps uploads small and results sharp. */
const UPLOAD_LONG_SIDE = 2500;

/**
 * AI background through remove.bg: the cut-out comes back transparent, or already laid on the
 * colour (bg_color) or on the preset or uploaded picture (bg_image_file, sized to the photo here).
 */
export function createAiBackgroundRemoveBgEngine(
  settings: RemoveBgSettings,
  options: { presetDirectory?: string } = {},
): Engine<AiBackgroundParams> {
  const directory = options.presetDirectory ?? defaultPresetDirectory;
  return {
    service: 'ai-background',
    kind: 'remote',
    label: 'remove.bg',
    async run({ params, files }, context) {
      const choice = backgroundChoice(params, files, directory);
      const photo = await remoteJpeg(files.image, 'photo', UPLOAD_LONG_SIDE);
      const bgImage = choice && choice.kind !== 'color' ? await backgroundPicture(choice, photo.width, photo.height) : undefined;
      context.onProgress(0.1);
      const { image, creditsCharged } = await removeBackground(
        settings,
        { image: photo.file, ...(choice?.kind === 'color' ? { bgColor: choice.color } : {}), ...(bgImage ? { bgImage } : {}) },
        context.signal,
      );
      // The cost is what remove.bg says it charged (its X-Credits-Charged header), not an assumed credit per image.
      if (creditsCharged !== null) context.onProviderUsage?.('removebg', { credit: creditsCharged });
      const file = await toResultFile(image, 'image', choice ? `background-${params.mode}` : 'background-removed', 'remove.bg');
      const { default: sharp } = await import('sharp');
      const { width, height } = await sharp(file.data).metadata();
      context.onProgress(1);
      return { files: [file], summary: { mode: params.mode, width, height, engine: 'remove.bg' } };
    },
  };
}
