import { z } from 'zod';
import { failureEnvelopeSchema, successEnvelope } from '@lumen/core/http/envelope';

/** `{ success: true, data, message? }` around a payload schema. */
export const ok = successEnvelope;

/** Declares the failure envelope for each listed status (documents them in OpenAPI). */
export function failures<S extends number>(...statuses: S[]): Record<S, typeof failureEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, failureEnvelopeSchema])) as Record<S, typeof failureEnvelopeSchema>;
}

export const emptyData = z.null();
