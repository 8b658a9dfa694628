import type { ImageAspectRatio, ImageGeneratorParams } from '@lumen/core/services/image-generator-params';
import type { Engine, EngineResultFile } from '../engine.ts';
import { remoteImagePrompt } from './image-generator.remote.ts';
import { generateImages } from './openai-images.ts';
import type { OpenAiImageSettings, OpenAiImageSize } from './openai-images.ts';
import { toResultFile } from './output-file.ts';

/** The GPT image size each aspect ratio is cut from (they make 1:1, 3:2 and 2:3 only). */
const openAiSizes: Record<ImageAspectRatio, OpenAiImageSize> = {
  '1:1': '1024x1024',
  '16:9': '1536x1024',
  '4:3': '1536x1024',
  '9:16': '1024x1536',
  '3:4': '1024x1536',
};

/** Crops the centre of a picture to an exact aspect ratio ('16:9' from a 3:2 picture). */
export async function cropToAspect(data: Buffer, aspectRatio: ImageAspectRatio): Promise<Buffer> {
  const [w, h] = aspectRatio.split(':').map(Number) as [number, number];
  const { default: sharp } = await import('sharp');
  const { width, height } = await sharp(data).metadata();
  const targetWidth = Math.min(width, Math.round((height * w) / h));
  const targetHeight = Math.min(height, Math.round((width * h) / w));
  if (targetWidth === width && targetHeight === height) return data;
  return sharp(data)
    .extract({
      left: Math.floor((width - targetWidth) / 2),
      top: Math.floor((height - targetHeight) / 2),
      width: targetWidth,
      height: targetHeight,
    })
    .png()
    .toBuffer();
}

/**
 * Image generation through the OpenAI Images API (POST /v1/images/generations with a GPT image
 * model). GPT image models take no seed, so the same prompt gives different pictures each time.
 */
export function createImageGeneratorOpenAiEngine(settings: OpenAiImageSettings): Engine<ImageGeneratorParams> {
  return {
    service: 'image-generator',
    kind: 'remote',
    label: `OpenAI (${settings.model})`,
    async run({ params }, context) {
      context.onProgress(0.1);
      const images = await generateImages(
        settings,
        { prompt: remoteImagePrompt(params), n: params.numberOfImages, size: openAiSizes[params.aspectRatio] },
        context.signal,
        (usage) => context.onProviderUsage?.('openai', usage),
      );
      const files: EngineResultFile[] = [];
      for (const [index, raw] of images.slice(0, params.numberOfImages).entries()) {
        let data = raw;
        try {
          data = await cropToAspect(raw, params.aspectRatio);
        } catch {
          // unreadable: toResultFile says so
        }
        files.push(await toResultFile(data, 'image', `generated-${index + 1}`, 'OpenAI'));
      }
      context.onProgress(1);
      return { files, summary: { style: params.style, aspectRatio: params.aspectRatio, seed: null, engine: `OpenAI ${settings.model}` } };
    },
  };
}
