import { z } from 'zod';

/**
 * The format of the master (lossless) file. The built-in engine also returns a 192 kbps MP3 beside
 * it, the file the page plays (docs/decisions/044).
 */
export const soundFormats = ['wav'] as const;
export type SoundFormat = (typeof soundFormats)[number];

export const soundGeneratorParamsSchema = z.strictObject({
  prompt: z.string().trim().min(1, 'Describe the sound you want').max(500, 'Keep the prompt under 500 characters'),
  durationSeconds: z.number().int().min(1).max(30).default(8),
  format: z.enum(soundFormats).default('wav'),
});
/** Parsed params (defaults applied), as the engine receives them. */
export type SoundGeneratorParams = z.infer<typeof soundGeneratorParamsSchema>;
/** Params as a client sends them. */
export type SoundGeneratorParamsInput = z.input<typeof soundGeneratorParamsSchema>;

/** Number of peak values in the waveform summary. */
export const soundWaveformPoints = 200;

/** The summary a sound job returns: the waveform for the player and what the synthesiser made. */
export const soundGeneratorSummarySchema = z.object({
  format: z.enum(soundFormats),
  sampleRate: z.number().int().positive(),
  channels: z.number().int().positive(),
  durationSeconds: z.number().positive(),
  /** Peak amplitude 0..1 per slice of equal length, soundWaveformPoints values. */
  peaks: z.array(z.number().min(0).max(1)),
  design: z.object({
    tempo: z.number().positive(),
    key: z.string(),
    scale: z.string(),
    mood: z.string(),
    /** Layers in the mix, e.g. 'rain', 'piano', 'drums'. */
    layers: z.array(z.string()),
    /** Prompt words that chose the layers and mood. */
    matchedWords: z.array(z.string()),
  }),
});
export type SoundGeneratorSummary = z.infer<typeof soundGeneratorSummarySchema>;
