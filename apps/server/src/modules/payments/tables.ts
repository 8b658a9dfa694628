import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { planIntervals } from '@lumen/core/credits/schemas';
import { autoTopUpFailureCodes, autoTopUpStatuses } from '@lumen/core/payments/auto-top-up';
import { creditPackages } from '../credits/tables.ts';
import { users } from '../users/tables.ts';

/** Subscription plans; money in integer cents. Never hard-deleted: archived ones leave every list. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    interval: text('interval', { enum: planIntervals }).notNull(),
    creditsPerPeriod: integer('credits_per_period').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('subscription_plans_price_check', sql`${table.priceCents} > 0`),
    check('subscription_plans_credits_check', sql`${table.creditsPerPeriod} > 0`),
    check('subscription_plans_interval_check', sql`${table.interval} in ('month', 'year')`),
  ],
);

export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;

export const paymentProviders = ['stripe', 'nowpayments'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
export const orderKinds = ['credit_pack', 'subscription'] as const;
export const orderStatuses = [
  'pending',
  'paid',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
  'partially_paid',
  'disputed',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * One purchase attempt: price and credits are snapshots taken from the server's
 * own package or plan when it is created. Credits are granted once, keyed `order:<id>`.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: orderKinds }).notNull(),
    creditPackageId: uuid('credit_package_id').references(() => creditPackages.id),
    subscriptionPlanId: uuid('subscription_plan_id').references(() => subscriptionPlans.id),
    subscriptionId: uuid('subscription_id'),
    /** 'Pro × 2', 'Creator plan, Dec 2026'. */
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    credits: integer('credits').notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** Made by the built-in test-mode provider: no real money moved. */
    testMode: boolean('test_mode').notNull().default(false),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    /** Stripe PaymentIntent / Checkout Session / invoice id, or NOWPayments payment_id. */
    providerPaymentId: text('provider_payment_id'),
    /** Readable reason of a failure, shown to the user. */
    failureReason: text('failure_reason'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    creditsReversed: integer('credits_reversed').notNull().default(0),
    /** Receipt number, given when the order is paid: INV-000123. */
    invoiceNumber: integer('invoice_number'),
    paymentMethodLabel: text('payment_method_label'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_status_created_idx').on(table.status, table.createdAt),
    uniqueIndex('orders_provider_payment_unique').on(table.provider, table.providerPaymentId),
    uniqueIndex('orders_invoice_number_unique').on(table.invoiceNumber),
    check('orders_amount_check', sql`${table.amountCents} > 0`),
    check('orders_credits_check', sql`${table.credits} > 0`),
    check('orders_quantity_check', sql`${table.quantity} between 1 and 100`),
    check('orders_refunded_check', sql`${table.refundedCents} between 0 and ${table.amountCents}`),
    check('orders_reversed_check', sql`${table.creditsReversed} between 0 and ${table.credits}`),
    check('orders_status_check', inList('status', orderStatuses)),
    check('orders_kind_check', inList('kind', orderKinds)),
    check('orders_provider_check', inList('provider', paymentProviders)),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** Receipt numbers, taken when an order is paid. */
export const invoiceNumbers = pgSequence('invoice_numbers', { startWith: 1001 });

/** Every provider event, stored once: a redelivery finds its row and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    /** What the handler did: 'credited', 'ignored: unknown order', 'failed: …'. */
    outcome: text('outcome'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payment_events_provider_event_unique').on(table.provider, table.eventId),
    index('payment_events_order_idx').on(table.orderId),
  ],
);

export const cryptoPaymentStatuses = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;

/** A NOWPayments payment for an order (a crypto payment), with what was actually paid. */
export const cryptoPayments = pgTable(
  'crypto_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** NOWPayments payment_id (the test provider makes its own). */
    paymentId: text('payment_id').notNull().unique(),
    status: text('status', { enum: cryptoPaymentStatuses }).notNull().default('waiting'),
    payCurrency: text('pay_currency').notNull(),
    /** Crypto amounts are decimals as the provider writes them. */
    payAmount: text('pay_amount').notNull(),
    actuallyPaid: text('actually_paid').notNull().default('0'),
    payAddress: text('pay_address').notNull(),
    txHash: text('tx_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A deposit seen after the order had expired or been paid: recorded, never credited automatically. */
    lateDepositAt: timestamp('late_deposit_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('crypto_payments_order_idx').on(table.orderId),
    check('crypto_payments_status_check', inList('status', cryptoPaymentStatuses)),
  ],
);
export type CryptoPaymentRow = typeof cryptoPayments.$inferSelect;

export const subscriptionStatuses = ['incomplete', 'active', 'past_due', 'canceled'] as const;

/** A user's subscription to a plan; each paid period is an order that grants the plan's credits. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    testMode: boolean('test_mode').notNull().default(false),
    providerSubscriptionId: text('provider_subscription_id'),
    status: text('status', { enum: subscriptionStatuses }).notNull().default('incomplete'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId),
    uniqueIndex('subscriptions_provider_ref_unique').on(table.provider, table.providerSubscriptionId),
    check('subscriptions_status_check', inList('status', subscriptionStatuses)),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The provider's customer for a user (Stripe customer id), made on first purchase. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider] }),
    uniqueIndex('payment_customers_customer_unique').on(table.provider, table.customerId),
  ],
);

/** Saved cards: only what the provider tells us to display (never a card number). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_methods_user_idx').on(table.userId),
    uniqueIndex('payment_methods_provider_unique').on(table.provider, table.providerMethodId),
    uniqueIndex('payment_methods_one_default')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export const refundMethods = ['stripe', 'manual'] as const;

/** Money given back for an order, with the credits it reversed and who did it. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    creditsReversed: integer('credits_reversed').notNull().default(0),
    method: text('method', { enum: refundMethods }).notNull(),
    /** Stripe refund id, or the payout reference of a manual crypto refund. */
    reference: text('reference'),
    reason: text('reason').notNull(),
    /** Null when the provider started it (a refund made in the Stripe dashboard, a dispute). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refunds_order_idx').on(table.orderId),
    uniqueIndex('refunds_method_reference_unique').on(table.method, table.reference),
    check('refunds_amount_check', sql`${table.amountCents} > 0`),
    check('refunds_credits_check', sql`${table.creditsReversed} >= 0`),
  ],
);

export const refundRequestStatuses = ['pending', 'approved', 'rejected'] as const;

/** A user's request for a refund within the 30-day window; an admin approves or rejects it. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: refundRequestStatuses }).notNull().default('pending'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refund_requests_status_idx').on(table.status, table.createdAt),
    uniqueIndex('refund_requests_one_pending')
      .on(table.orderId)
      .where(sql`${table.status} = 'pending'`),
    check('refund_requests_status_check', inList('status', refundRequestStatuses)),
  ],
);

/** Accounts flagged by payments (a dispute): shown to admins, one row per cause. */
export const accountFlags = pgTable(
  'account_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [index('account_flags_user_idx').on(table.userId)],
);

/**
 * A user's automatic top-up and low-balance e-mail choice. `claim_id` is set by the balance trigger (migration 0023)
 * in the debit's own transaction when a debit leaves the balance below `threshold`; while it is set no other debit
 * claims, so any number of parallel charges start one purchase. The purchase clears it.
 */
export const autoTopUpSettings = pgTable(
  'auto_top_up_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    threshold: integer('threshold').notNull(),
    creditPackageId: uuid('credit_package_id').references(() => creditPackages.id, { onDelete: 'set null' }),
    monthlyLimit: integer('monthly_limit').notNull(),
    lowBalanceEmail: boolean('low_balance_email').notNull().default(true),
    /** The UTC month `month_count` counts (its first day). */
    monthStart: date('month_start', { mode: 'string' }),
    monthCount: integer('month_count').notNull().default(0),
    claimId: uuid('claim_id'),
    /** Why a failed payment turned it off (shown on the billing page until the user saves again). */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('auto_top_up_settings_threshold_check', sql`${table.threshold} > 0`),
    check('auto_top_up_settings_monthly_limit_check', sql`${table.monthlyLimit} > 0`),
  ],
);

/** One automatic purchase, its id the claim's: the idempotency key of its order and of the card processor's request. */
export const autoTopUps = pgTable(
  'auto_top_ups',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creditPackageId: uuid('credit_package_id').references(() => creditPackages.id, { onDelete: 'set null' }),
    balanceAtTrigger: integer('balance_at_trigger').notNull(),
    status: text('status', { enum: autoTopUpStatuses }).notNull().default('pending'),
    /** The credit-pack order it pays (made once per top-up; orders go only with their user, as this row does). */
    orderId: uuid('order_id'),
    failureCode: text('failure_code', { enum: autoTopUpFailureCodes }),
    failureMessage: text('failure_message'),
    /** Set by the process that runs it; a run older than the retry delay is taken over (same idempotency key). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    tries: integer('tries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('auto_top_ups_user_idx').on(table.userId, table.createdAt),
    index('auto_top_ups_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    check('auto_top_ups_status_check', inList('status', autoTopUpStatuses)),
  ],
);

/** A crossing of the balance from above 2 credits to 2 or less, written by the balance trigger; mailed once. */
export const lowBalanceAlerts = pgTable(
  'low_balance_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was mailed, or skipped because the user turned the e-mail off. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    mailed: boolean('mailed').notNull().default(false),
  },
  (table) => [
    index('low_balance_alerts_user_idx').on(table.userId, table.createdAt),
    index('low_balance_alerts_unhandled_idx')
      .on(table.createdAt)
      .where(sql`${table.handledAt} is null`),
  ],
);

export type AutoTopUpSettingsRow = typeof autoTopUpSettings.$inferSelect;
export type AutoTopUpRow = typeof autoTopUps.$inferSelect;
