import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creditPackages } from '../../credits/tables.ts';
import { users } from '../../users/tables.ts';
import { subscriptionPlans } from '../plans/tables.ts';

/** The tables every payment flow shares: orders, the providers' events, refunds and their requests, flagged accounts. */

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

/** A check that a text column holds one of `values`. */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

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
