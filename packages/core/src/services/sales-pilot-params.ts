import { z } from 'zod';

/** The optional transcript file: plain text, WebVTT or SubRip, UTF-8, at most 1 MB. */
export const salesPilotInputFiles = ['transcript'] as const;
export const salesTranscriptExtensions = ['.txt', '.vtt', '.srt'] as const;
export const salesTranscriptMaxBytes = 1024 * 1024;
export const salesTextMinChars = 20;
export const salesTextMaxChars = 200_000;

/** Either `text` (pasted) or a transcript file, exactly one of them; the engine checks which. */
export const salesPilotParamsSchema = z.strictObject({
  text: z
    .string()
    .trim()
    .min(salesTextMinChars, `Paste at least ${salesTextMinChars} characters of transcript or notes`)
    .max(salesTextMaxChars, `Keep the text under ${salesTextMaxChars} characters`)
    .optional(),
  language: z.literal('en').default('en'),
});
/** Parsed params (defaults applied), as the engine receives them. */
export type SalesPilotParams = z.infer<typeof salesPilotParamsSchema>;
/** Params as a client sends them. */
export type SalesPilotParamsInput = z.input<typeof salesPilotParamsSchema>;
