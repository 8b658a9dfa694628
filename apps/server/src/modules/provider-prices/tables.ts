import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/**
 * An admin's price for one billed unit of a provider's model (`rate` as in provider-prices.ts, e.g. 'gpu-second'),
 * in US dollars per unit; it replaces the published price in every cost recorded and expected from then on.
 */
export const providerPriceOverrides = pgTable(
  'provider_price_overrides',
  {
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    rate: text('rate').notNull(),
    usdPerUnit: doublePrecision('usd_per_unit').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.model, table.rate] }),
    check('provider_price_overrides_usd_check', sql`${table.usdPerUnit} >= 0`),
  ],
);

/** Services an admin lets run although their expected provider cost is above what their credits earn. */
export const belowCostAllowances = pgTable('below_cost_allowances', {
  service: text('service').primaryKey(),
  allowed: boolean('allowed').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
