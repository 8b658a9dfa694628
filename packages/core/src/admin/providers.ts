import { z } from 'zod';

export const providerSpendMessages = {
  capReached: 'This tool is paused until 00:00 UTC: today’s budget for hosted AI models has been used up. You have not been charged.',
  banner: 'Hosted AI spending reached today’s budget: services on hosted providers refuse new jobs until 00:00 UTC.',
  /** A job the worker could not send: the day's budget (or every provider's own) could not hold its expected cost. */
  jobRefused: 'Today’s budget for hosted AI models is used up, so this job was not sent to the AI provider. Your credits were refunded.',
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
    /**
     * Since 00:00 UTC, in millionths of a dollar: what ended requests cost (their published price or the provider's
     * figure) plus what runs under way have reserved against the budget.
     */
    todayMicroUsd: z.number().int(),
    /** Of todayMicroUsd, what runs under way have reserved. */
    reservedMicroUsd: z.number().int(),
    /** Per provider, in millionths of a dollar (ended and reserved). */
    byProvider: z.record(z.string(), z.number().int()),
    capUsd: z.number().nullable(),
    capReached: z.boolean(),
    /** Each provider's own daily budget in dollars, where the admin set one. */
    providerBudgetsUsd: z.record(z.string(), z.number()),
  }),
  /** Each provider's circuit breaker as every API and worker process sees it (only providers that were called). */
  circuits: z.array(
    z.object({
      provider: z.string(),
      /** Transient failures in a row. */
      failures: z.number().int(),
      /** Calls are held back (after the open period, one trial call goes through). */
      open: z.boolean(),
      openUntil: z.string().nullable(),
      lastFailureAt: z.string().nullable(),
      lastSuccessAt: z.string().nullable(),
    }),
  ),
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
