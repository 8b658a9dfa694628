import { z } from 'zod';

export const imageAspectRatios = ['1:1', '16:9', '9:16', '4:3', '3:4'] as const;
export type ImageAspectRatio = (typeof imageAspectRatios)[number];

export const imageStyles = ['abstract', 'watercolor', 'neon', 'minimal', 'landscape'] as const;
export type ImageStyle = (typeof imageStyles)[number];

export const imageStyleNames: Record<ImageStyle, string> = {
  abstract: 'Abstract',
  watercolor: 'Watercolor',
  neon: 'Neon',
  minimal: 'Minimal',
  landscape: 'Landscape',
};

export const imageGeneratorLimits = {
  promptMax: 1000,
  negativePromptMax: 500,
  imagesMin: 1,
  imagesMax: 4,
  seedMax: 2 ** 31 - 1,
} as const;

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
