import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { postStatuses } from '@lumen/core/content/blog';
import { users } from '../users/tables.ts';

/** Blog articles: markdown source plus the rendered, sanitised HTML served to readers. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull(),
    bodyHtml: text('body_html').notNull(),
    readingMinutes: integer('reading_minutes').notNull(),
    /** Storage key of the cover (blog-covers/<hex>.webp), served publicly. */
    coverImage: text('cover_image'),
    tags: text('tags').array().notNull().default([]),
    authorName: text('author_name').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: postStatuses }).notNull().default('draft'),
    /** When a published post goes live (set to now on publishing without a date). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('blog_posts_live_idx').on(table.status, table.publishAt), index('blog_posts_tags_idx').using('gin', table.tags)],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;
