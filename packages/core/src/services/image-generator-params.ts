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

/** What the built-in generator reports in a job's summary: what it drew, and what it could not. */
export const imageGeneratorSummarySchema = z.object({
  seed: z.number().int(),
  style: z.enum(imageStyles),
  aspectRatio: z.enum(imageAspectRatios),
  /** Colour, mood and scene words that shaped the palette. */
  understood: z.array(z.string()),
  palette: z.array(z.string()),
  scene: z.object({
    /** Each thing drawn: the prompt's words, the icon ('fluent-emoji-flat:fox'), how many, and the colour word that tinted it. */
    subjects: z.array(
      z.object({
        phrase: z.string(),
        icon: z.string(),
        count: z.number().int().positive(),
        colour: z.string().optional(),
        /** The pose it is drawn in ('sleeping' lies down), when asked for and the figure can take it. */
        pose: z.string().optional(),
        /** The phrase of the subject it is on ('sofa'). */
        on: z.string().optional(),
      }),
    ),
    /** e.g. 'snow', 'beach', 'city', 'room'. */
    setting: z.string(),
    /** e.g. 'sunrise', 'noon', 'sunset', 'night'. */
    timeOfDay: z.string(),
    /** 'rain', 'storm', 'snowfall' or 'fog', when the prompt named one. */
    weather: z.string().optional(),
    /** 'oil', 'watercolor' or 'pencil': how the whole picture is painted. */
    finish: z.string().optional(),
    style: z.enum(imageStyles),
  }),
  /**
   * What the picture shows, as the page lists it ('red fox', 'snow', 'sunset'): only what was drawn
   * (older jobs have none).
   */
  drawn: z.array(z.string()).optional(),
  /** Nouns of the prompt the offline generator has no picture for. */
  notDrawn: z.array(z.string()),
  /** The engine's label. */
  engine: z.string(),
});
export type ImageGeneratorSummary = z.infer<typeof imageGeneratorSummarySchema>;
