import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/** IP ranges refused on every route (CIDR, IPv4 or IPv6, stored normalised). */
export const blockedIpRanges = pgTable(
  'blocked_ip_ranges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cidr: text('cidr').notNull().unique(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('blocked_ip_ranges_created_idx').on(table.createdAt)],
);

export type BlockedIpRangeRow = typeof blockedIpRanges.$inferSelect;
