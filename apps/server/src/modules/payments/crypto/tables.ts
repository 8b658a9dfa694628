import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inList, orders } from '../orders/tables.ts';

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
