// Imports nothing, not even zod: the public product page shows the backdrops and must not load the validation library.

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
