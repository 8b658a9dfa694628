import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { serviceKeys } from '@lumen/core/services/catalogue';

/** Tutorial videos per tool, shown on /resources/videos and edited by admins. */
export const tutorialVideos = pgTable(
  'tutorial_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    service: text('service', { enum: serviceKeys }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    durationLabel: text('duration_label').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tutorial_videos_service_idx').on(table.service, table.sortOrder)],
);

export type TutorialVideoRow = typeof tutorialVideos.$inferSelect;
