import { z } from 'zod';
import { numberField } from '../http/number-field.ts';
import { apiKeyRateLimitRange, defaultApiKeyRateLimit } from '../api-keys/schemas.ts';
import { FREE_PLAN } from '../credits/rules.ts';
import { CRYPTO_MIN_AMOUNT_EXCLUSIVE } from '../payments/crypto.ts';
import { serviceKeys, serviceNames } from '../services/catalogue.ts';
import type { ServiceKey } from '../services/catalogue.ts';
import { providerDisplayNames, providerNames, serviceProviders } from '../services/providers.ts';
import type { ProviderName } from '../services/providers.ts';

export const settingsMessages = {
  saved: 'Settings saved',
  signupsClosed: 'Sign-ups are closed at the moment. Please try again later.',
} as const;

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), `${label} must be an http(s) link`);

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** Seller details printed on receipts. */
export const sellerDetailsSchema = z.strictObject({
  name: text('Seller name', 120).min(1, 'Seller name is required'),
  address: text('Seller address', 500),
  email: z.union([z.literal(''), z.email('Seller e-mail must be an e-mail address').max(254)]),
  taxId: text('Tax id', 60),
});
export type SellerDetails = z.infer<typeof sellerDetailsSchema>;

/**
 * The order in which a service's hosted providers are tried, per service; a service left out keeps the order of
 * the environment (`<SERVICE>_PROVIDERS`). Each provider must be one that can run the service, named once.
 */
export const providerOrderSchema = z
  .partialRecord(z.enum(serviceKeys), z.array(z.enum(providerNames, 'Unknown provider')).max(providerNames.length))
  .superRefine((order, context) => {
    for (const [service, providers] of Object.entries(order) as [ServiceKey, ProviderName[]][]) {
      const unfit = providers.find((provider) => !serviceProviders[service].includes(provider));
      if (unfit) {
        context.addIssue({
          code: 'custom',
          path: [service],
          message: `${providerDisplayNames[unfit]} does not offer ${serviceNames[service]}`,
        });
      }
      if (new Set(providers).size !== providers.length) {
        context.addIssue({ code: 'custom', path: [service], message: `Name each provider of ${serviceNames[service]} once` });
      }
    }
  });
export type ProviderOrder = z.infer<typeof providerOrderSchema>;

/**
 * The platform settings an admin edits on /admin/settings (PUT body and stored row). Every field has
 * a default, so a missing row or a row from an older version still parses.
 */
export const platformSettingsSchema = z.strictObject({
  signupsOpen: z.boolean().default(true),
  maintenanceBanner: z
    .strictObject({
      enabled: z.boolean(),
      message: text('Banner message', 300),
    })
    .refine((banner) => !banner.enabled || banner.message.length > 0, {
      message: 'Write the banner message before turning it on',
      path: ['message'],
    })
    .default({ enabled: false, message: '' }),
  freePlanCredits: numberField('Free plan credits')
    .int('Free plan credits must be a whole number')
    .min(0, 'Free plan credits must be 0 or more')
    .max(10_000, 'Free plan credits must be at most 10000')
    .default(FREE_PLAN.credits),
  /** Crypto is offered for amounts strictly above this many dollars. */
  cryptoThreshold: numberField('The crypto threshold')
    .min(0, 'The crypto threshold must be 0 or more')
    .max(100_000, 'The crypto threshold must be at most 100000')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'The crypto threshold must have at most 2 decimals')
    .default(CRYPTO_MIN_AMOUNT_EXCLUSIVE),
  defaultApiKeyRateLimit: numberField('The rate limit')
    .int('The rate limit must be a whole number')
    .min(apiKeyRateLimitRange.min, `The rate limit must be between ${apiKeyRateLimitRange.min} and ${apiKeyRateLimitRange.max}`)
    .max(apiKeyRateLimitRange.max, `The rate limit must be between ${apiKeyRateLimitRange.min} and ${apiKeyRateLimitRange.max}`)
    .default(defaultApiKeyRateLimit),
  /**
   * What hosted AI providers may cost per UTC day, in dollars (their published prices); once reached,
   * new jobs of services on a hosted provider are refused before any credit is charged. null: no cap.
   */
  dailyProviderSpendCapUsd: numberField('The daily provider budget')
    .min(0, 'The daily provider budget must be 0 or more')
    .max(1_000_000, 'The daily provider budget must be at most 1000000')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'The daily provider budget must have at most 2 decimals')
    .nullable()
    .default(null),
  /**
   * Each hosted provider's own budget per UTC day, in dollars, within the day's (a provider left out has none of
   * its own). A provider whose budget cannot hold a job's expected cost is passed over for the next one.
   */
  providerDailyBudgetsUsd: z
    .partialRecord(
      z.enum(providerNames, 'Unknown provider'),
      numberField('A provider budget')
        .min(0, 'A provider budget must be 0 or more')
        .max(1_000_000, 'A provider budget must be at most 1000000')
        .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'A provider budget must have at most 2 decimals'),
    )
    .default({}),
  providerOrder: providerOrderSchema.default({}),
  supportUrl: optionalUrl('Support chat link').default(''),
  communityUrl: optionalUrl('Community link').default(''),
  supportEmail: z.union([z.literal(''), z.email('Support address must be an e-mail address').max(254)]).default(''),
  seller: sellerDetailsSchema.default({ name: 'Lumen Studio', address: '', email: '', taxId: '' }),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
export type PlatformSettingsInput = z.input<typeof platformSettingsSchema>;

/** GET /admin/settings data: the settings and when and by whom they last changed. */
export const adminSettingsSchema = z.object({
  settings: platformSettingsSchema,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** GET /settings/public: what every visitor's browser may read (no seller tax details). */
export const publicSettingsSchema = z.object({
  signupsOpen: z.boolean(),
  maintenanceBanner: z.object({ enabled: z.boolean(), message: z.string() }),
  freePlanCredits: z.number().int(),
  cryptoThreshold: z.number(),
  defaultApiKeyRateLimit: z.number().int(),
  supportUrl: z.string(),
  communityUrl: z.string(),
  supportEmail: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export function toPublicSettings(settings: PlatformSettings): PublicSettings {
  const { seller: _seller, ...rest } = settings;
  return rest;
}
