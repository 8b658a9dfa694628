import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { autoTopUpFailureCodes, autoTopUpStatuses } from '@lumen/core/payments/auto-top-up';
import { creditPackages } from '../../credits/tables.ts';
import { users } from '../../users/tables.ts';
import { inList } from '../orders/tables.ts';

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
