import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { moderationActions, moderationStates, postStatuses } from '@lumen/core/community/schemas';
import { jobOutputs, jobs } from '../jobs/tables.ts';
import { users } from '../users/tables.ts';

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The text search configuration of the search column and of every query against it. */
export const SEARCH_CONFIG = 'english';

/** A finished result someone shared, with its prompt (or the description they wrote); one post per output. */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    outputId: uuid('output_id')
      .notNull()
      .references(() => jobOutputs.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    title: text('title'),
    prompt: text('prompt').notNull(),
    status: text('status', { enum: postStatuses }).notNull().default('published'),
    moderation: text('moderation', { enum: moderationStates }).notNull().default('new'),
    likesCount: integer('likes_count').notNull().default(0),
    /** Reports not yet dealt with by a moderator (a moderation action clears them). */
    reportsCount: integer('reports_count').notNull().default(0),
    /** Published by the team on a fresh install (community/featured-posts.ts); the gallery shows these until users share their own. */
    featured: boolean('featured').notNull().default(false),
    /** Title weighs more than the prompt in the ranking. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `setweight(to_tsvector('${SEARCH_CONFIG}', coalesce("title", '')), 'A') || setweight(to_tsvector('${SEARCH_CONFIG}', "prompt"), 'B')`,
        ),
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('community_posts_output_unique').on(table.outputId),
    index('community_posts_status_created_idx').on(table.status, table.createdAt),
    index('community_posts_status_likes_idx').on(table.status, table.likesCount),
    index('community_posts_user_created_idx').on(table.userId, table.createdAt),
    index('community_posts_search_idx').using('gin', table.search),
    check('community_posts_status_check', inList('status', postStatuses)),
    check('community_posts_moderation_check', inList('moderation', moderationStates)),
    check('community_posts_counts_check', sql`${table.likesCount} >= 0 and ${table.reportsCount} >= 0`),
  ],
);

export const communityLikes = pgTable(
  'community_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.postId] }), index('community_likes_post_idx').on(table.postId)],
);

export const communityReports = pgTable(
  'community_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Set when a moderator acts on the post. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('community_reports_reporter_post_unique').on(table.reporterId, table.postId),
    index('community_reports_post_idx').on(table.postId),
  ],
);

/** What moderators did to a post and why (the audit log holds the same with request details). */
export const communityModerationActions = pgTable(
  'community_moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: moderationActions }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('community_moderation_post_idx').on(table.postId, table.createdAt),
    check('community_moderation_action_check', inList('action', moderationActions)),
  ],
);

export type CommunityPostRow = typeof communityPosts.$inferSelect;
