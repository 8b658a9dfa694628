import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { campaignStatuses, recipientStatuses, subscriberStatuses } from '@lumen/core/content/newsletter';
import { users } from '../users/tables.ts';

/** Double opt-in: pending until the link in the confirmation mail is opened. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    status: text('status', { enum: subscriberStatuses }).notNull().default('pending'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [index('newsletter_subscribers_status_idx').on(table.status, table.createdAt)],
);

export const newsletterCampaigns = pgTable('newsletter_campaigns', {
  id: uuid('id').primaryKey().defaultRandom(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  bodyHtml: text('body_html').notNull(),
  status: text('status', { enum: campaignStatuses }).notNull().default('draft'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** One row per campaign and subscriber: claimed pending → sending → sent | failed, so each is mailed once. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: recipientStatuses }).notNull().default('pending'),
    error: text('error'),
    outboxId: uuid('outbox_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.subscriberId] }),
    index('campaign_recipients_status_idx').on(table.campaignId, table.status),
  ],
);

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
export type CampaignRow = typeof newsletterCampaigns.$inferSelect;
export type CampaignRecipientRow = typeof campaignRecipients.$inferSelect;
