import { z } from 'zod';

export const providerSpendMessages = {
  capReached: 'This tool is paused until 00:00 UTC: today’s budget for hosted AI models has been used up. You have not been charged.',
  banner: 'Hosted AI spending reached today’s budget: services on hosted providers refuse new jobs until 00:00 UTC.',
} as const;

/** GET /admin/providers?hours: each provider's recent calls, and today's spend against the budget. */
export const providerHealthQuerySchema = z.strictObject({
  hours: z.coerce
    .number('hours must be a number')
    .int('hours must be a whole number')
    .min(1, 'hours must be between 1 and 720')
    .max(720, 'hours must be between 1 and 720')
    .default(24),
});
export type ProviderHealthQuery = z.input<typeof providerHealthQuerySchema>;

export const providerHealthSchema = z.object({
  /** Calls counted since this instant (ISO). */
  since: z.string(),
  providers: z.array(
    z.object({
      provider: z.string(),
      service: z.string(),
      model: z.string(),
      calls: z.number().int(),
      succeeded: z.number().int(),
      /** succeeded / calls; null without calls. */
      successRate: z.number().nullable(),
      medianMs: z.number().int().nullable(),
      p95Ms: z.number().int().nullable(),
      lastFailureAt: z.string().nullable(),
    }),
  ),
  spend: z.object({
    /** Since 00:00 UTC, from the published price of every finished job, in millionths of a dollar. */
    todayMicroUsd: z.number().int(),
    /** Per provider, in millionths of a dollar. */
    byProvider: z.record(z.string(), z.number().int()),
    capUsd: z.number().nullable(),
    capReached: z.boolean(),
  }),
  /** Each service on hosted providers: the providers configured here (environment order) and the order jobs try them in. */
  chains: z.array(
    z.object({
      service: z.string(),
      configured: z.array(z.object({ provider: z.string(), model: z.string() })),
      tried: z.array(z.string()),
    }),
  ),
});
export type ProviderHealth = z.infer<typeof providerHealthSchema>;
