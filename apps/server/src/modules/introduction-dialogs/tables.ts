import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/** The onboarding dialog of each tool, edited by admins. */
export const introductionDialogs = pgTable('introduction_dialogs', {
  service: text('service').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** A user dismissed a tool's dialog for good. */
export const introductionDialogDismissals = pgTable(
  'introduction_dialog_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.service] })],
);

export type IntroductionDialogRow = typeof introductionDialogs.$inferSelect;
