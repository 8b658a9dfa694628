import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { planIntervals } from '@lumen/core/credits/schemas';

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
