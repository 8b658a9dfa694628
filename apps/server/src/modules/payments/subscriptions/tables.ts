import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../users/tables.ts';
import { inList, paymentProviders } from '../orders/tables.ts';
import { subscriptionPlans } from '../plans/tables.ts';

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
