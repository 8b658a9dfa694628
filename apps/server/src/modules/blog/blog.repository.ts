import { and, arrayContains, arrayOverlaps, count, desc, eq, gt, ilike, lte, min, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PostStatus } from '@lumen/core/content/blog';
import type { Db } from '../../db/database.ts';
import { blogPosts } from './tables.ts';
import type { BlogPostRow } from './tables.ts';

/** Published and its date has come: the only posts the public sees. */
export const isLive = (now: Date): SQL => and(eq(blogPosts.status, 'published'), lte(blogPosts.publishAt, now)) as SQL;

/** When the next published post whose date has not come yet goes live, or null when none is scheduled. */
export async function findNextPublishAt(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ next: min(blogPosts.publishAt) })
    .from(blogPosts)
    .where(and(eq(blogPosts.status, 'published'), gt(blogPosts.publishAt, now)));
  return row?.next ? new Date(row.next) : null;
}

const newestFirst = [desc(blogPosts.publishAt), desc(blogPosts.createdAt)];

export async function findLivePage(db: Db, input: { now: Date; tag?: string; limit: number; page: number }) {
  const where = input.tag ? and(isLive(input.now), arrayContains(blogPosts.tags, [input.tag])) : isLive(input.now);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every tag of the live posts, most used first. */
export async function findLiveTags(db: Db, now: Date): Promise<string[]> {
  const tag = sql<string>`unnest(${blogPosts.tags})`;
  const rows = await db
    .select({ tag, uses: count() })
    .from(blogPosts)
    .where(isLive(now))
    .groupBy(tag)
    .orderBy(desc(count()), tag)
    .limit(30);
  return rows.map((row) => row.tag);
}

export async function findLiveBySlug(db: Db, slug: string, now: Date): Promise<BlogPostRow | null> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isLive(now)));
  return row ?? null;
}

/** Live posts sharing a tag, most shared tags first, then newest. */
export async function findRelated(db: Db, post: BlogPostRow, now: Date, limit: number): Promise<BlogPostRow[]> {
  if (post.tags.length === 0) return [];
  const shared = sql<number>`cardinality(array(select unnest(${blogPosts.tags}) intersect select unnest(${sql.param(post.tags)}::text[])))`;
  return db
    .select()
    .from(blogPosts)
    .where(and(isLive(now), ne(blogPosts.id, post.id), arrayOverlaps(blogPosts.tags, post.tags)))
    .orderBy(desc(shared), ...newestFirst)
    .limit(limit);
}

export async function findAdminPage(db: Db, input: { status?: PostStatus; search?: string; limit: number; page: number }) {
  const conditions: SQL[] = [];
  if (input.status) conditions.push(eq(blogPosts.status, input.status));
  if (input.search) {
    const pattern = `%${input.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.slug, pattern), ilike(blogPosts.excerpt, pattern)) as SQL);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.updatedAt))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findBySlug(db: Db, slug: string): Promise<BlogPostRow | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  return row ?? null;
}

/** Every live post's slug and last change, newest first (for the sitemap). */
export async function findLiveSlugs(db: Db, now: Date): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isLive(now))
    .orderBy(desc(blogPosts.publishAt));
}
