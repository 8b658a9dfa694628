import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contactStatuses } from '@lumen/core/content/contact';
import { supportAuthors } from '@lumen/core/content/support';
import { users } from '../users/tables.ts';

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

/**
 * The support chat: one conversation per account (keyed by the user). The read marks are the newest
 * message each side has seen, so unread counts are "messages of the other side after my mark".
 */
export const supportConversations = pgTable('support_conversations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  userReadAt: timestamp('user_read_at', { withTimezone: true }),
  adminReadAt: timestamp('admin_read_at', { withTimezone: true }),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => supportConversations.userId, { onDelete: 'cascade' }),
    author: text('author', { enum: supportAuthors }).notNull(),
    /** The admin who answered (never shown to the user). */
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_messages_user_idx').on(table.userId, table.createdAt)],
);
