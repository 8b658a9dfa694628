import { z } from 'zod';

/** Painting styles of the speed painting video (issue 6). */
export const speedpaintingStyles = ['oil', 'watercolor', 'sketch'] as const;
export type SpeedpaintingStyle = (typeof speedpaintingStyles)[number];

/** Output heights; the width follows the picture's aspect ratio (at most 16:9 or 9:16). */
export const speedpaintingResolutions = ['480p', '720p'] as const;
export type SpeedpaintingResolution = (typeof speedpaintingResolutions)[number];

/** Files the service takes: one picture (png, jpeg, webp), uploaded through POST /uploads. */
export const speedpaintingInputFiles = ['image'] as const;

export const speedpaintingParamsSchema = z.strictObject({
  durationSeconds: z.number().int().min(5).max(30).default(10),
  resolution: z.enum(speedpaintingResolutions).default('480p'),
  style: z.enum(speedpaintingStyles).default('oil'),
});
/** Parsed params (defaults applied), as the engine receives them. */
export type SpeedpaintingParams = z.infer<typeof speedpaintingParamsSchema>;
/** Params as a client sends them (every field optional). */
export type SpeedpaintingParamsInput = z.input<typeof speedpaintingParamsSchema>;

/** The summary a speed painting job returns, shown beside the video. */
export const speedpaintingSummarySchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  fps: z.number().int().positive(),
  frames: z.number().int().positive(),
  durationSeconds: z.number().positive(),
  style: z.enum(speedpaintingStyles),
  strokes: z.number().int().nonnegative(),
  /** Strokes per brush pass, coarse to fine. */
  layers: z.array(z.object({ brushRadius: z.number().positive(), strokes: z.number().int().nonnegative() })),
  videoCodec: z.literal('h264'),
  container: z.literal('mp4'),
});
export type SpeedpaintingSummary = z.infer<typeof speedpaintingSummarySchema>;
