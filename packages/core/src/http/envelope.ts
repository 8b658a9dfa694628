import { z } from 'zod';

/** Error codes shared by server and client. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'INSUFFICIENT_CREDITS',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const fieldIssueSchema = z.object({ field: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({
    code: z.enum(errorCodes),
    details: z.array(fieldIssueSchema).optional(),
    /** Machine-readable facts about the failure, e.g. {balance, cost} on a 402. */
    meta: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}
export type SuccessEnvelope<T> = { success: true; data: T; message?: string };
