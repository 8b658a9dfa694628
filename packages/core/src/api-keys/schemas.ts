import { z } from 'zod';
import { serviceKeys } from '../services/catalogue.ts';

/** Request and response schemas of docs/api/api-keys-contract.md (the server's source of truth). */

/** Every key starts with this so a leaked key can be recognised (decision 016). */
export const apiKeyPrefix = 'sk_live_';
/** keyPrefix shown in lists: the first 16 characters of the key. */
export const apiKeyPrefixLength = 16;
/** A new key allows 100 requests per minute. */
export const defaultApiKeyRateLimit = 100;
export const apiKeyRateLimitRange = { min: 1, max: 1000 } as const;
export const monthlyCreditCapRange = { min: 1, max: 1_000_000 } as const;
export const apiKeyNameMaxLength = 60;
export const apiKeyStatuses = ['active', 'revoked'] as const;
export type ApiKeyStatus = (typeof apiKeyStatuses)[number];
export const webhookEventTypes = ['job.succeeded', 'job.failed'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** Messages the server sends and the client shows. */
export const apiKeyMessages = {
  nameRequired: 'Please enter a name for your API key',
  generated: 'API key generated successfully!',
  revoked: 'API key revoked successfully',
  regenerated: 'API key regenerated successfully!',
  deleted: 'API key deleted',
  notFound: 'API key not found',
  notAllowedHere: 'API keys cannot be used for this endpoint',
  invalidKey: 'Invalid or revoked API key',
  monthlyCapReached: 'This API key has reached its monthly credit cap',
  serviceNotAllowed: 'This API key may not use this service',
  webhookUrl: 'Webhook URL must be an https URL',
} as const;

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or http to the local machine (the server refuses the latter in production and private targets there). */
export function isAcceptableWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && localHosts.has(url.hostname);
}

export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2048, apiKeyMessages.webhookUrl)
  .refine(isAcceptableWebhookUrl, apiKeyMessages.webhookUrl);

export const apiKeyNameSchema = z
  .string({ error: apiKeyMessages.nameRequired })
  .trim()
  .min(1, apiKeyMessages.nameRequired)
  .max(apiKeyNameMaxLength, `Name must be at most ${apiKeyNameMaxLength} characters`);

/** POST /api-keys/generate body. */
export const generateApiKeyBodySchema = z.strictObject({
  name: apiKeyNameSchema,
  rateLimit: z
    .number()
    .int('Rate limit must be a whole number')
    .min(apiKeyRateLimitRange.min, `Rate limit must be between ${apiKeyRateLimitRange.min} and ${apiKeyRateLimitRange.max}`)
    .max(apiKeyRateLimitRange.max, `Rate limit must be between ${apiKeyRateLimitRange.min} and ${apiKeyRateLimitRange.max}`)
    .optional(),
  allowedServices: z.array(z.enum(serviceKeys)).min(1, 'Choose at least one service or allow all').nullable().optional(),
  monthlyCreditCap: z
    .number()
    .int('Monthly credit cap must be a whole number')
    .min(monthlyCreditCapRange.min, 'Monthly credit cap must be at least 1')
    .max(monthlyCreditCapRange.max, 'Monthly credit cap is too large')
    .nullable()
    .optional(),
  webhookUrl: webhookUrlSchema.nullable().optional(),
});
export type GenerateApiKeyBody = z.input<typeof generateApiKeyBodySchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid('Invalid API key id') });

/** GET /api-keys/{id}/usage query. */
export const apiKeyUsageQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});

/** The key object: never the secret. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** e.g. 'sk_live_AbCd1234': the first 16 characters of the key. */
  keyPrefix: z.string(),
  isActive: z.boolean(),
  status: z.enum(apiKeyStatuses),
  /** Requests per minute. */
  rateLimit: z.number().int(),
  /** null = every service. */
  allowedServices: z.array(z.enum(serviceKeys)).nullable(),
  monthlyCreditCap: z.number().int().nullable(),
  /** All time, net of refunds. */
  creditsUsed: z.number().int(),
  /** This calendar month (UTC), this key and the keys it replaced, net of refunds. */
  creditsUsedThisMonth: z.number().int(),
  webhookUrl: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** Returned by generate and regenerate only: the secrets are shown once and never again. */
export const issuedApiKeySchema = apiKeySchema.extend({
  apiKey: z.string(),
  /** Set when the key has a webhookUrl. */
  webhookSecret: z.string().nullable(),
});
export type IssuedApiKey = z.infer<typeof issuedApiKeySchema>;

/** GET /api-keys/{id}/usage data. */
export const apiKeyUsageSchema = z.object({
  totalRequests: z.number().int(),
  errors: z.number().int(),
  creditsUsed: z.number().int(),
  creditsUsedThisMonth: z.number().int(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  /** One entry per UTC day of the window, oldest first, zeros included. */
  perDay: z.array(z.object({ date: z.string(), requests: z.number().int(), errors: z.number().int(), credits: z.number().int() })),
  perEndpoint: z.array(z.object({ method: z.string(), route: z.string(), requests: z.number().int(), errors: z.number().int() })),
});
export type ApiKeyUsage = z.infer<typeof apiKeyUsageSchema>;

/** The body POSTed to a key's webhookUrl, signed in Lumen-Signature (decision 018). */
export const webhookEventSchema = z.object({
  id: z.string(),
  type: z.enum(webhookEventTypes),
  createdAt: z.string(),
  data: z.object({ job: z.record(z.string(), z.unknown()) }),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
