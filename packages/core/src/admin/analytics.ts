import { z } from 'zod';
import { isWithinSupportedYears, supportedYearsMessage } from '../http/date-bounds.ts';
import { moneyTotalsSchema } from '../payments/billing.ts';

export const MAX_ANALYTICS_DAYS = 366;
export const analyticsReports = ['daily', 'services', 'providers', 'top-users'] as const;
export type AnalyticsReport = (typeof analyticsReports)[number];

/** ?from&to: whole UTC days (YYYY-MM-DD, both included); default the last 30 days. */
export const analyticsQuerySchema = z.strictObject({
  from: z.iso.date('from must be a date (YYYY-MM-DD)').refine(isWithinSupportedYears, supportedYearsMessage('from')).optional(),
  to: z.iso.date('to must be a date (YYYY-MM-DD)').refine(isWithinSupportedYears, supportedYearsMessage('to')).optional(),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const analyticsExportQuerySchema = analyticsQuerySchema.extend({
  report: z.enum(analyticsReports, 'report must be daily, services, providers or top-users').default('daily'),
});
export type AnalyticsExportQuery = z.input<typeof analyticsExportQuerySchema>;

export const analyticsDaySchema = z.object({
  date: z.string(),
  signups: z.number().int(),
  activeUsers: z.number().int(),
  /** Net of refunds, in cents, per provider. */
  revenueCents: z.record(z.string(), z.number().int()),
  creditsSold: z.number().int(),
  creditsSpent: z.number().int(),
  jobs: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    signups: z.number().int(),
    /** Distinct people who signed in or ran a job in the range. */
    activeUsers: z.number().int(),
    grossRevenueCents: z.number().int(),
    refundedCents: z.number().int(),
    netRevenueCents: z.number().int(),
    /** Test-mode payments of the range (the sandbox: no money moved), kept apart from revenue. */
    testMoney: moneyTotalsSchema,
    creditsSold: z.number().int(),
    creditsSpent: z.number().int(),
    jobs: z.number().int(),
    /** Succeeded / (succeeded + failed); null without finished jobs. */
    successRate: z.number().nullable(),
    /** What hosted providers cost for the range's jobs (published prices), in millionths of a dollar. */
    providerCostMicroUsd: z.number().int(),
    /**
     * What one credit brought in: net revenue / credits of the range's paid orders (all paid orders when
     * the range has none); test-mode payments never count. null before the first real sale.
     */
    revenuePerCreditCents: z.number().nullable(),
  }),
  days: z.array(analyticsDaySchema),
  providers: z.array(
    z.object({
      provider: z.string(),
      orders: z.number().int(),
      grossCents: z.number().int(),
      refundedCents: z.number().int(),
      netCents: z.number().int(),
    }),
  ),
  services: z.array(
    z.object({
      service: z.string(),
      jobs: z.number().int(),
      succeeded: z.number().int(),
      failed: z.number().int(),
      successRate: z.number().nullable(),
      averageDurationMs: z.number().int().nullable(),
      creditsSpent: z.number().int(),
      providerCostMicroUsd: z.number().int(),
      /** creditsSpent at revenuePerCreditCents, minus the provider cost; null before the first real sale. */
      marginCents: z.number().nullable(),
    }),
  ),
  /** Cost and margin per service per UTC day (days and services with jobs only). */
  serviceDays: z.array(
    z.object({
      date: z.string(),
      service: z.string(),
      jobs: z.number().int(),
      creditsSpent: z.number().int(),
      providerCostMicroUsd: z.number().int(),
      revenueCents: z.number().nullable(),
      marginCents: z.number().nullable(),
    }),
  ),
  topUsers: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      name: z.string(),
      creditsSpent: z.number().int(),
      jobs: z.number().int(),
      revenueCents: z.number().int(),
    }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;
