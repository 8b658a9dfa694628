import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every API process: sign-ups per IP, code checks, free jobs per
 * day… One row per key; a window that has ended starts again at 1 on the next hit.
 */
export const limitCounters = pgTable('limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
