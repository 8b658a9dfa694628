import { z } from 'zod';
import { paymentTotalsSchema } from '../payments/billing.ts';

/** The operator's home (/admin): today, the last 7 or the last 30 UTC days, today included. */
export const overviewRanges = ['today', '7d', '30d'] as const;
export type OverviewRange = (typeof overviewRanges)[number];
export const overviewRangeDays: Record<OverviewRange, number> = { today: 1, '7d': 7, '30d': 30 };

/** GET /admin/overview?range */
export const overviewQuerySchema = z.strictObject({
  range: z.enum(overviewRanges, 'range must be today, 7d or 30d').default('today'),
});
export type OverviewQuery = z.input<typeof overviewQuerySchema>;

/** What needs the operator now: each kind is derived from the state the product already keeps. */
export const attentionKinds = [
  'test_mode_in_production',
  'provider_budget_reached',
  'provider_budget_near',
  'provider_failing',
  'jobs_overdue',
  'jobs_waiting',
  'webhooks_failing',
] as const;
export type AttentionKind = (typeof attentionKinds)[number];

/** Share of the daily hosted AI budget from which the home warns that it is near its end. */
export const BUDGET_WARNING_SHARE = 0.8;

export const attentionItemSchema = z.object({
  kind: z.enum(attentionKinds),
  severity: z.enum(['critical', 'warning']),
  /** One sentence, with the figures. */
  message: z.string(),
  /** The admin page where it is dealt with (a path of the web app, e.g. /admin/providers). */
  href: z.string(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

export const overviewServiceSchema = z.object({
  service: z.string(),
  jobs: z.number().int(),
  failed: z.number().int(),
  /** Credits charged for the service's jobs of the range (refunded ones left out). */
  creditsSpent: z.number().int(),
  /** What hosted providers cost for those jobs (published prices), in millionths of a dollar. */
  providerCostMicroUsd: z.number().int(),
  /** creditsSpent at revenuePerCreditCents; null before the first real sale. */
  revenueCents: z.number().nullable(),
  /** revenueCents less the provider cost; null before the first real sale. */
  marginCents: z.number().nullable(),
});

export const overviewSchema = z.object({
  range: z.enum(overviewRanges),
  /** Start of the range (00:00 UTC of its first day, ISO). */
  from: z.string(),
  /** When the figures were read (ISO). */
  asOf: z.string(),
  /** Orders that took money in the range (the one money rule): live money, and test-mode money apart. */
  revenue: paymentTotalsSchema,
  signups: z.number().int(),
  /** Distinct people with a live payment in the range. */
  payingUsers: z.number().int(),
  jobs: z.object({
    total: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    /** failed / (succeeded + failed); null without finished jobs. */
    failureRate: z.number().nullable(),
  }),
  credits: z.object({ sold: z.number().int(), spent: z.number().int() }),
  /** The range's jobs on hosted providers, at published prices, in millionths of a dollar. */
  providerSpendMicroUsd: z.number().int(),
  /** Live net revenue per credit sold (the range's, else all real sales so far); null before the first real sale. */
  revenuePerCreditCents: z.number().nullable(),
  services: z.array(overviewServiceSchema),
  attention: z.array(attentionItemSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
