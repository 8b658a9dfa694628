import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/**
 * The platform settings as one typed JSON row (id = 1), validated by the core zod schema on read
 * and write; missing keys take their defaults, so new settings need no migration.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer('id').primaryKey().default(1),
    data: jsonb('data').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('platform_settings_single_row', sql`${table.id} = 1`)],
);
