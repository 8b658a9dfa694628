import { z } from 'zod';
import { nonEmptyBody } from '../http/non-empty-body.ts';
import { isWithinScheduleYears, scheduleYearsMessage } from '../http/date-bounds.ts';
import { serviceKeys } from '../services/catalogue.ts';
import { parseCidr } from './cidr.ts';

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
/** At most this many ranges in a key's IP allow-list. */
export const ipAllowListMax = 50;

/** How long the old secret keeps working after a roll. */
export const rollGraces = ['none', '1h', '24h', '7d'] as const;
export type RollGrace = (typeof rollGraces)[number];
export const rollGraceMs: Record<RollGrace, number> = { none: 0, '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 };
export const rollGraceLabels: Record<RollGrace, string> = {
  none: 'None: the old secret stops at once',
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
};
/** Days before a key's expiry when its owner is e-mailed (each once). */
export const expiryReminderDays = [7, 1] as const;

/** A moment as the key messages write it: '2026-12-01 09:30 UTC'. */
export function formatKeyMoment(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Keys an account may hold that are not revoked or deleted (expired ones count until revoked). */
export const MAX_ACTIVE_API_KEYS = 25;

/** Messages the server sends and the client shows. */
export const apiKeyMessages = {
  tooManyKeys: `You have ${MAX_ACTIVE_API_KEYS} active API keys, the most an account may hold: revoke or delete one before generating another`,
  nameRequired: 'Please enter a name for your API key',
  generated: 'API key generated successfully!',
  revoked: 'API key revoked successfully',
  updated: 'API key updated',
  regenerated: 'API key regenerated successfully!',
  deleted: 'API key deleted',
  notFound: 'API key not found',
  notAllowedHere: 'API keys cannot be used for this endpoint',
  invalidKey: 'Invalid or revoked API key',
  monthlyCapReached: 'This API key has reached its monthly credit cap',
  serviceNotAllowed: 'This API key may not use this service',
  webhookUrl: 'Webhook URL must be an https URL',
  rolled: 'API key rolled: use the new secret from now on',
  expiresAtInFuture: 'Expiry must be in the future',
  ipAllowList: 'Enter IP addresses or CIDR ranges, such as 203.0.113.0/24 or 2001:db8::/32',
} as const;

/** 401 for a key past its expiry. */
export const apiKeyExpiredMessage = (expiresAt: Date | string) => `This API key expired on ${formatKeyMoment(expiresAt)}`;
/** 401 for a request from outside the key's IP allow-list. */
export const apiKeyIpNotAllowedMessage = (ip: string) => `This API key cannot be used from ${ip}`;
/** 401 for the secret a roll replaced, once its grace period is over. */
export const apiKeyPreviousSecretEndedMessage = (endedAt: Date | string) =>
  `This API key was rolled: its old secret stopped working on ${formatKeyMoment(endedAt)}`;
/** 409 on regenerate or roll of an expired key. */
export const apiKeyExpiredConflictMessage = (expiresAt: Date | string) =>
  `This API key expired on ${formatKeyMoment(expiresAt)}; create a new one`;

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

/** isAcceptableWebhookUrl's scheme rule as a pattern, so the OpenAPI document states it (JSON Schema patterns take no flags). */
const webhookUrlPattern = /^(?:[Hh][Tt][Tt][Pp][Ss]:\/\/|[Hh][Tt][Tt][Pp]:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?:[:/?#]|$))/;

export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2048, apiKeyMessages.webhookUrl)
  .regex(webhookUrlPattern, apiKeyMessages.webhookUrl)
  .refine(isAcceptableWebhookUrl, apiKeyMessages.webhookUrl)
  .describe('An https URL (http://localhost only outside production; production also refuses private-network hosts)');

export const apiKeyNameSchema = z
  .string({ error: apiKeyMessages.nameRequired })
  .trim()
  .min(1, apiKeyMessages.nameRequired)
  .max(apiKeyNameMaxLength, `Name must be at most ${apiKeyNameMaxLength} characters`);

/** POST /api-keys/generate body. */
export const generateApiKeyBodySchema = z
  .strictObject({
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
    /** ISO date-time; the key stops working then (401). Absent or null: it never expires. */
    expiresAt: z.iso
      .datetime({ offset: true, error: 'Expiry must be a date and time' })
      .refine(isWithinScheduleYears, scheduleYearsMessage('Expiry'))
      .nullable()
      .optional(),
    /** IPv4 and IPv6 addresses or CIDR ranges the key may be used from. Absent or null: from anywhere. */
    ipAllowList: z
      .array(
        z
          .string()
          .trim()
          .max(50, apiKeyMessages.ipAllowList)
          .refine((value) => parseCidr(value) !== null, apiKeyMessages.ipAllowList),
      )
      .min(1, 'List at least one IP range, or leave the allow-list out')
      .max(ipAllowListMax, `At most ${ipAllowListMax} IP ranges`)
      .nullable()
      .optional(),
  })
  .meta({
    examples: [
      { name: 'Local development' },
      {
        name: 'Shop catalogue sync',
        rateLimit: 300,
        allowedServices: ['ai-background', 'image-generator'],
        monthlyCreditCap: 2000,
        webhookUrl: 'https://hooks.example.com/lumen/jobs',
        expiresAt: '2027-06-30T23:59:59Z',
        ipAllowList: ['203.0.113.0/24', '2001:db8::/32'],
      },
    ],
  });
export type GenerateApiKeyBody = z.input<typeof generateApiKeyBodySchema>;

/**
 * PATCH /api-keys/{id} body: the settings a key's owner may change without a new secret. A field left out
 * stays as it is; null clears an optional one. The webhook URL is not here: it comes with a secret, shown once,
 * so it is set when the key is issued (or regenerated).
 */
export const updateApiKeyBodySchema = nonEmptyBody(
  generateApiKeyBodySchema.omit({ webhookUrl: true }).partial(),
  'Change at least one setting',
).meta({ examples: [{ rateLimit: 500, monthlyCreditCap: null, expiresAt: '2027-12-31T23:59:59Z' }] });
export type UpdateApiKeyBody = z.input<typeof updateApiKeyBodySchema>;

/** POST /api-keys/{id}/roll body. */
export const rollApiKeyBodySchema = z
  .strictObject({
    grace: z.enum(rollGraces, "grace must be 'none', '1h', '24h' or '7d'"),
  })
  .meta({ examples: [{ grace: '24h' }] });
export type RollApiKeyBody = z.input<typeof rollApiKeyBodySchema>;

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
  /** Active and not expired: the key works. */
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
  /** When the key stops working; null: never. */
  expiresAt: z.string().nullable(),
  isExpired: z.boolean(),
  /** CIDR ranges the key may be used from; null: anywhere. */
  ipAllowList: z.array(z.string()).nullable(),
  /** After a roll with a grace period: the old secret's prefix and when it stops working; null once it has stopped. */
  previousKeyPrefix: z.string().nullable(),
  previousKeyExpiresAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** Returned by generate, regenerate and roll only: the secrets are shown once and never again (roll keeps the webhook secret: null). */
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
