import { z } from 'zod';

/** What the AI background tool puts behind the cut-out subject. */
export const aiBackgroundModes = ['transparent', 'color', 'preset', 'upload'] as const;
export type AiBackgroundMode = (typeof aiBackgroundModes)[number];

/**
 * The product's studio backdrops: a wall meeting a floor, or a table top, on which the subject is stood with a
 * soft contact shadow. Files /main/studio/1..10.jpg (made by the engines' scripts/render-studio-presets.ts), with
 * small pictures for choosing them, /main/studio/1..10-thumb.jpg.
 */
export const aiBackgroundPresetNames = [
  'White paper sweep',
  'Warm grey sweep',
  'Blush pink sweep',
  'Sage green sweep',
  'Charcoal sweep',
  'Concrete floor and wall',
  'White wall, oak floor',
  'Oak table top',
  'Marble table top',
  'Linen table top',
] as const;
export const aiBackgroundPresetCount = aiBackgroundPresetNames.length;
/** The small picture of a preset, for choosing it. */
export const aiBackgroundPresetUrl = (preset: number): string => `/main/studio/${preset}-thumb.jpg`;
/** A preset's name ('Oak table top'). */
export const aiBackgroundPresetName = (preset: number): string => aiBackgroundPresetNames[preset - 1] ?? `Backdrop ${preset}`;

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
