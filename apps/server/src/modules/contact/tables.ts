import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contactStatuses } from '@lumen/core/content/contact';
import { users } from '../users/index.ts';

/** Messages sent from /contact; the admin answers them by mail and may grant credits once. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: contactStatuses }).notNull().default('open'),
    ip: text('ip'),
    /** The signed-in sender, when there was one. */
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
    creditsGranted: integer('credits_granted'),
    grantReason: text('grant_reason'),
    grantedUserId: uuid('granted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt),
    index('contact_messages_status_idx').on(table.status, table.createdAt),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
