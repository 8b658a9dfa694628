import type { AiBackgroundParams } from '@lumen/core/services/ai-background-params';
import type { Engine, EngineFile } from '../engine.ts';
import { defaultPresetDirectory } from '../ai-background/compose-background.ts';
import type { BackgroundChoice } from '../ai-background/compose-background.ts';
import { editImage, openAiSizeFor } from './openai-images.ts';
import type { OpenAiImageSettings } from './openai-images.ts';
import { toResultFile } from './output-file.ts';
import { backgroundChoice, backgroundPicture } from './remote-background.ts';
import { remoteJpeg } from './remote-image.ts';

const KEEP_SUBJECT = 'Keep the main subject exactly as it is: same pose, shape, colours, text and details, same framing.';

/** What the edit asks for: the prompt describing the new background, and the pictures it refers to. */
export function backgroundEditPrompt(choice: BackgroundChoice | null): string {
  if (!choice) return `Remove the background completely and leave only the main subject on a transparent background. ${KEEP_SUBJECT}`;
  if (choice.kind === 'color') return `Replace the background with a plain, flat, evenly lit solid colour ${choice.color}. ${KEEP_SUBJECT}`;
  return `Replace the background of the first picture with the scene in the second picture, matching its light and perspective. ${KEEP_SUBJECT}`;
}

/**
 * AI background through the OpenAI Images API (POST /v1/images/edits with a GPT image model): the
 * photo is edited with a prompt describing the new background, with the preset or uploaded
 * picture as a second image; 'transparent' asks for a transparent background.
 */
export function createAiBackgroundOpenAiEngine(
  settings: OpenAiImageSettings,
  options: { presetDirectory?: string } = {},
): Engine<AiBackgroundParams> {
  const directory = options.presetDirectory ?? defaultPresetDirectory;
  return {
    service: 'ai-background',
    kind: 'remote',
    label: `OpenAI (${settings.model})`,
    async run({ params, files }, context) {
      const choice = backgroundChoice(params, files, directory);
      const photo = await remoteJpeg(files.image, 'photo');
      const images: EngineFile[] = [photo.file];
      if (choice && choice.kind !== 'color') images.push(await backgroundPicture(choice, photo.width, photo.height));
      context.onProgress(0.1);
      const data = await editImage(
        settings,
        {
          images,
          prompt: backgroundEditPrompt(choice),
          size: openAiSizeFor(photo.width, photo.height),
          ...(choice ? {} : { background: 'transparent' as const }),
        },
        context.signal,
        (usage) => context.onProviderUsage?.('openai', usage),
      );
      const file = await toResultFile(data, 'image', choice ? `background-${params.mode}` : 'background-removed', 'OpenAI');
      const { default: sharp } = await import('sharp');
      const { width, height } = await sharp(file.data).metadata();
      context.onProgress(1);
      return { files: [file], summary: { mode: params.mode, width, height, engine: `OpenAI ${settings.model}` } };
    },
  };
}
