import { z } from 'zod';
import { failureEnvelopeSchema, successEnvelope } from '@lumen/core/http/envelope';

/** `{ success: true, data, message? }` around a payload schema. */
export const ok = successEnvelope;

/** Declares the failure envelope for each listed status (documents them in OpenAPI). */
export function failures<S extends number>(...statuses: S[]): Record<S, typeof failureEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, failureEnvelopeSchema])) as Record<S, typeof failureEnvelopeSchema>;
}

export const emptyData = z.null();

/**
 * A success whose body is not JSON (a file, a CSV, an HTML page, an event stream), documented with its
 * media types. Its failures stay JSON (plugins/openapi-responses.ts).
 */
export function mediaResponse(description: string, mediaTypes: string[], format: 'binary' | 'text' = 'binary') {
  // Binary bodies are Buffers or streams in the handler, so their schema does not type the reply.
  const schema = format === 'binary' ? z.any().meta({ type: 'string', format: 'binary' }) : z.string();
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

/** A redirect: no body; the target is in Location. */
export function redirectResponse(description: string) {
  return z.null().describe(description);
}
