import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailStatuses, mailTemplates } from '@lumen/core/admin/mail-outbox';

/** Every message the app sends; without SMTP_URL this is the only place it goes (decision 008). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template', { enum: mailTemplates }).notNull(),
    status: text('status', { enum: mailStatuses }).notNull(),
    /** The SMTP error of a failed delivery. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt), index('mail_outbox_to_idx').on(table.to, table.createdAt)],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
