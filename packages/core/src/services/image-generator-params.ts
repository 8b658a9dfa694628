import { z } from 'zod';
import { imageAspectRatios, imageGeneratorLimits, imageStyles } from './image-generator-options.ts';

export { imageAspectRatios, imageGeneratorLimits, imageStyleNames, imageStyles } from './image-generator-options.ts';
export type { ImageAspectRatio, ImageStyle } from './image-generator-options.ts';

export const imageGeneratorParamsSchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, 'Describe the image you want')
    .max(imageGeneratorLimits.promptMax, `At most ${imageGeneratorLimits.promptMax} characters`),
  negativePrompt: z
    .string()
    .trim()
    .max(imageGeneratorLimits.negativePromptMax, `At most ${imageGeneratorLimits.negativePromptMax} characters`)
    .optional(),
  aspectRatio: z.enum(imageAspectRatios).default('1:1'),
  style: z.enum(imageStyles).default('abstract'),
  numberOfImages: z.number().int().min(imageGeneratorLimits.imagesMin).max(imageGeneratorLimits.imagesMax).default(1),
  /** Same prompt, style and seed give the same images; without one the seed is derived from the prompt. */
  seed: z.number().int().min(0).max(imageGeneratorLimits.seedMax).optional(),
});
/** Params after parsing (defaults applied). */
export type ImageGeneratorParams = z.output<typeof imageGeneratorParamsSchema>;
/** Params as a client sends them. */
export type ImageGeneratorParamsInput = z.input<typeof imageGeneratorParamsSchema>;
