import { z } from 'zod';
import { paginatedSchema } from '../http/pagination.ts';

/** Every kind of credit movement in the ledger. */
export const ledgerEntryKinds = [
  'signup_bonus',
  'purchase',
  'job_charge',
  'job_refund',
  'admin_adjustment',
  'payment_refund',
  'subscription_grant',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** Movements that are tool usage; every other kind is a transaction (credits added or removed). */
export const usageKinds = ['job_charge', 'job_refund'] as const satisfies readonly LedgerEntryKind[];
export const transactionKinds = [
  'signup_bonus',
  'purchase',
  'subscription_grant',
  'admin_adjustment',
  'payment_refund',
] as const satisfies readonly LedgerEntryKind[];

/** GET /credits/balance data (wrapped in success, data and message). */
export const creditBalanceSchema = z.object({ balance: z.number().int() }).meta({ examples: [{ balance: 42 }] });
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

/** One ledger row as the API shows it; amount is signed whole credits. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  kind: z.enum(ledgerEntryKinds),
  /** Human text, e.g. 'Free plan credits', 'Admin adjustment: <reason>'. */
  description: z.string(),
  serviceKey: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /credits/history data. */
export const creditHistorySchema = paginatedSchema(ledgerEntrySchema);
export type CreditHistory = z.infer<typeof creditHistorySchema>;

/** GET /credits/transaction-history data: totals cover all of the user's transaction entries. */
export const transactionHistorySchema = creditHistorySchema.extend({
  totals: z.object({
    creditsAdded: z.number().int(),
    /** A positive number: the credits taken away. */
    creditsRemoved: z.number().int(),
  }),
});
export type TransactionHistory = z.infer<typeof transactionHistorySchema>;

/** GET /credits/usage-history data: totals cover all of the user's usage entries. */
export const usageHistorySchema = creditHistorySchema.extend({
  totals: z.object({
    /** Credits charged for tool use (positive). */
    creditsSpent: z.number().int(),
    /** Credits given back for failed jobs (positive). */
    creditsRefunded: z.number().int(),
    /** Net credits spent per service key (charges minus refunds). */
    byService: z.record(z.string(), z.number().int()),
  }),
});
export type UsageHistory = z.infer<typeof usageHistorySchema>;

/** A one-time credit package; price in dollars. */
export const creditPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  creditsAmount: z.number().int(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;
export const creditPackageListSchema = z.array(creditPackageSchema);

/** GET /credits/costs data: service key to credit cost (0 = unlimited). */
export const serviceCostMapSchema = z.record(z.string(), z.number().int());
export type ServiceCostMap = z.infer<typeof serviceCostMapSchema>;

export const planIntervals = ['month', 'year'] as const;
export type PlanInterval = (typeof planIntervals)[number];

/** A subscription plan; price in dollars per interval. */
export const subscriptionPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  interval: z.enum(planIntervals),
  creditsPerPeriod: z.number().int(),
  features: z.array(z.string()),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;
export const subscriptionPlanListSchema = z.array(subscriptionPlanSchema);

/** Path params of /payment/credit-packs/{id} and /payment/plans/{id}. */
export const idParamsSchema = z.strictObject({ id: z.uuid('id must be a UUID') });
export type IdParams = z.infer<typeof idParamsSchema>;

/** One service in GET /payment/usage. */
export const serviceUsageSchema = z.object({
  serviceKey: z.string(),
  name: z.string(),
  cost: z.number().int(),
  /** floor(balance / cost), or 'unlimited' for a cost of 0. */
  usesLeft: z.union([z.number().int(), z.literal('unlimited')]),
  /** Net credits spent on this service (charges minus refunds). */
  creditsSpent: z.number().int(),
  /** Uses charged and not refunded. */
  uses: z.number().int(),
});
export type ServiceUsage = z.infer<typeof serviceUsageSchema>;

/** GET /payment/usage data. */
export const paymentUsageSchema = z.object({
  balance: z.number().int(),
  spent: z.number().int(),
  /** True once the user has bought credits (paid credit users may download). */
  hasPurchased: z.boolean(),
  /** The free plan ({id:'free', name:'Starter'}) until the user buys credits. */
  plan: z.object({ id: z.string(), name: z.string() }),
  services: z.array(serviceUsageSchema),
});
export type PaymentUsage = z.infer<typeof paymentUsageSchema>;
