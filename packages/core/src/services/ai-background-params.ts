import { z } from 'zod';

import { aiBackgroundPresetCount } from './ai-background-presets.ts';

export {
  aiBackgroundPresetCount,
  aiBackgroundPresetName,
  aiBackgroundPresetNames,
  aiBackgroundPresetUrl,
} from './ai-background-presets.ts';

/** What the AI background tool puts behind the cut-out subject. */
export const aiBackgroundModes = ['transparent', 'color', 'preset', 'upload'] as const;
export type AiBackgroundMode = (typeof aiBackgroundModes)[number];

/** AI background is free, so its inputs are bounded: the largest picture it takes, in megapixels. */
export const aiBackgroundMaxMegapixels = 12;
export const aiBackgroundMaxPixels = aiBackgroundMaxMegapixels * 1_000_000;

/** Upload fields: `image` always; `background` only in 'upload' mode. */
export const aiBackgroundFileFields = ['image', 'background'] as const;

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a2b3c');

export const aiBackgroundParamsSchema = z
  .object({
    mode: z.enum(aiBackgroundModes),
    color: hexColorSchema.optional(),
    preset: z.number().int().min(1).max(aiBackgroundPresetCount).optional(),
  })
  .superRefine((params, ctx) => {
    if (params.mode === 'color' && !params.color) {
      ctx.addIssue({ code: 'custom', path: ['color'], message: 'Choose a background colour' });
    }
    if (params.mode === 'preset' && params.preset === undefined) {
      ctx.addIssue({ code: 'custom', path: ['preset'], message: 'Choose one of the backgrounds' });
    }
  });
export type AiBackgroundParams = z.infer<typeof aiBackgroundParamsSchema>;

/** Whether the 'background' upload is needed for these params. */
export const aiBackgroundNeedsUpload = (params: Pick<AiBackgroundParams, 'mode'>): boolean => params.mode === 'upload';
