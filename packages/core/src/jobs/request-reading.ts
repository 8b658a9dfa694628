import { z } from 'zod';
import { serviceKeys } from '../services/catalogue.ts';

/**
 * What a built-in engine makes of a request before it runs (POST /jobs/preview, free): the things it
 * will make, the words it will leave out, and, when it cannot make the request's main subject, why not
 * and what it can make instead. POST /jobs refuses such a request (422) before any credit moves.
 */
export const requestReadingSchema = z
  .object({
    service: z.enum(serviceKeys),
    /** False when the service's engine does not read requests ahead (a hosted provider, or a service run on files). */
    checked: z.boolean(),
    /** The line the tool page shows, e.g. 'Will draw: red fox, snow, sunset'; null when not checked or refused. */
    headline: z.string().nullable(),
    /** What the engine will make, in the prompt's order: subjects, setting, weather, time, finish; or style, instruments, tempo. */
    willMake: z.array(z.string()),
    /** Words of the request it will leave out (it has nothing for them), without refusing. */
    leftOut: z.array(z.string()),
    /** Present when the engine cannot make what the request is mainly for; the job would be refused. */
    refusal: z
      .object({
        /** e.g. 'The built-in generator draws no lighthouse; it can draw: tower, house, boat, …'. */
        message: z.string(),
        /** What it cannot make ('lighthouse', 'sound effects'). */
        missing: z.string(),
        /** Close things it can make instead. */
        suggestions: z.array(z.string()),
      })
      .nullable(),
  })
  .meta({
    examples: [
      {
        service: 'image-generator',
        checked: true,
        headline: 'Will draw: red fox, snow, sunset',
        willMake: ['red fox', 'snow', 'sunset'],
        leftOut: [],
        refusal: null,
      },
    ],
  });
export type RequestReading = z.infer<typeof requestReadingSchema>;

/** The body of POST /jobs/preview: the service and its params, as POST /jobs takes them (no files needed). */
export const requestPreviewBodySchema = z
  .strictObject({
    service: z.enum(serviceKeys),
    params: z.record(z.string(), z.unknown()).default({}),
  })
  .meta({ examples: [{ service: 'image-generator', params: { prompt: 'a red fox in the snow at sunset' } }] });
export type RequestPreviewBody = z.infer<typeof requestPreviewBodySchema>;
