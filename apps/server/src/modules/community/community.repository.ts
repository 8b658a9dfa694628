import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { postOutputs } from '../jobs/index.ts';
import { userDirectory } from '../users/index.ts';
import { communityLikes, communityModerationActions, communityPosts, communityReports, SEARCH_CONFIG } from './tables.ts';
import type { CommunityPostRow } from './tables.ts';

/** A post with what every view of it needs: its author, its file and whether the viewer liked it. */
export type PostRecord = {
  post: CommunityPostRow;
  author: { id: string; firstName: string; lastName: string; email: string };
  output: { kind: string; contentType: string; storageKey: string; previewStorageKey: string | null; previewContentType: string | null };
  likedByMe: boolean;
  rank?: number;
};

type Page = { limit: number; offset: number };

/** The file of each post (jobs' read model, joined on the post's output). */
const outputs = postOutputs();
/** The post's author, a report's reporter, a moderation's admin (users' read model, joined on the user's id). */
const author = userDirectory('author');
const reporter = userDirectory('reporter');
const moderator = userDirectory('moderator');

function selection(viewerId: string | null) {
  return {
    post: communityPosts,
    author: { id: author.id, firstName: author.firstName, lastName: author.lastName, email: author.email },
    output: {
      kind: outputs.kind,
      contentType: outputs.contentType,
      storageKey: outputs.storageKey,
      previewStorageKey: outputs.previewStorageKey,
      previewContentType: outputs.previewContentType,
    },
    likedByMe: viewerId
      ? sql<boolean>`exists (select 1 from ${communityLikes} where ${communityLikes.postId} = ${communityPosts.id} and ${communityLikes.userId} = ${viewerId})`
      : sql<boolean>`false`,
  };
}

async function selectPage(
  db: Db,
  viewerId: string | null,
  where: SQL | undefined,
  order: SQL[],
  page: Page,
  rank?: SQL<number>,
): Promise<{ rows: PostRecord[]; total: number }> {
  const base = rank ? { ...selection(viewerId), rank } : selection(viewerId);
  const [rows, [counted]] = await Promise.all([
    db
      .select(base)
      .from(communityPosts)
      .innerJoin(author, eq(author.id, communityPosts.userId))
      .innerJoin(outputs, eq(outputs.id, communityPosts.outputId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(communityPosts).where(where),
  ]);
  return { rows: rows as PostRecord[], total: counted?.total ?? 0 };
}

export async function findPost(db: Db, id: string, viewerId: string | null): Promise<PostRecord | null> {
  const [row] = await db
    .select(selection(viewerId))
    .from(communityPosts)
    .innerJoin(author, eq(author.id, communityPosts.userId))
    .innerJoin(outputs, eq(outputs.id, communityPosts.outputId))
    .where(eq(communityPosts.id, id));
  return (row as PostRecord | undefined) ?? null;
}

export async function findPostRow(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<CommunityPostRow | null> {
  const query = db.select().from(communityPosts).where(eq(communityPosts.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertPost(db: Db, values: typeof communityPosts.$inferInsert): Promise<CommunityPostRow> {
  const [row] = await db.insert(communityPosts).values(values).returning();
  if (!row) throw new Error('insertPost: no row returned');
  return row;
}

export async function deletePost(db: Db, id: string): Promise<void> {
  await db.delete(communityPosts).where(eq(communityPosts.id, id));
}

export async function updatePost(db: Db, id: string, values: Partial<typeof communityPosts.$inferInsert>): Promise<void> {
  await db
    .update(communityPosts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(communityPosts.id, id));
}

const published = eq(communityPosts.status, 'published');

/** The team's featured posts stand in for the community only until someone publishes their own. */
const featuredOnlyWhileAlone = sql`(not ${communityPosts.featured} or not exists (select 1 from ${communityPosts} as own where own.status = 'published' and not own.featured))`;

export function findGalleryPage(db: Db, viewerId: string | null, filter: { tool?: string; sort: 'newest' | 'likes' }, page: Page) {
  const where = and(published, featuredOnlyWhileAlone, filter.tool ? eq(communityPosts.service, filter.tool) : undefined);
  const order =
    filter.sort === 'likes'
      ? [desc(communityPosts.likesCount), desc(communityPosts.createdAt), desc(communityPosts.id)]
      : [desc(communityPosts.createdAt), desc(communityPosts.id)];
  return selectPage(db, viewerId, where, order, page);
}

/** Everything the user shared that a moderator has not deleted (hidden ones included, so they know). */
export function findUserPostsPage(db: Db, userId: string, page: Page) {
  const where = and(eq(communityPosts.userId, userId), inArray(communityPosts.status, ['published', 'hidden']));
  return selectPage(db, userId, where, [desc(communityPosts.createdAt), desc(communityPosts.id)], page);
}

/** Ranked full-text search over titles and prompts of published posts (websearch syntax: "quotes", -not, or). */
export function searchPublishedPage(db: Db, viewerId: string | null, filter: { q: string; tool?: string }, page: Page) {
  const query = sql`websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${filter.q})`;
  const rank = sql<number>`ts_rank(${communityPosts.search}, ${query})`.mapWith(Number);
  const where = and(
    published,
    sql`${communityPosts.search} @@ ${query}`,
    filter.tool ? eq(communityPosts.service, filter.tool) : undefined,
  );
  return selectPage(db, viewerId, where, [desc(rank), desc(communityPosts.createdAt), desc(communityPosts.id)], page, rank);
}

export function findModerationPage(db: Db, filter: 'queue' | 'hidden' | 'all', page: Page) {
  const where =
    filter === 'queue'
      ? and(published, or(eq(communityPosts.moderation, 'new'), gt(communityPosts.reportsCount, 0)))
      : filter === 'hidden'
        ? eq(communityPosts.status, 'hidden')
        : undefined;
  const order =
    filter === 'queue'
      ? [desc(communityPosts.reportsCount), asc(communityPosts.createdAt), asc(communityPosts.id)]
      : [desc(communityPosts.updatedAt), desc(communityPosts.id)];
  return selectPage(db, null, where, order, page);
}

// ---- likes and reports ----------------------------------------------------------------------

/** True when the like is new (the count moves only then). */
export async function insertLike(db: Db, userId: string, postId: string): Promise<boolean> {
  const inserted = await db
    .insert(communityLikes)
    .values({ userId, postId })
    .onConflictDoNothing()
    .returning({ postId: communityLikes.postId });
  return inserted.length > 0;
}

export async function deleteLike(db: Db, userId: string, postId: string): Promise<boolean> {
  const deleted = await db
    .delete(communityLikes)
    .where(and(eq(communityLikes.userId, userId), eq(communityLikes.postId, postId)))
    .returning({ postId: communityLikes.postId });
  return deleted.length > 0;
}

export async function addToLikes(db: Db, postId: string, delta: 1 | -1): Promise<number> {
  const [row] = await db
    .update(communityPosts)
    .set({ likesCount: sql`greatest(0, ${communityPosts.likesCount} + ${delta})` })
    .where(eq(communityPosts.id, postId))
    .returning({ likes: communityPosts.likesCount });
  return row?.likes ?? 0;
}

export async function insertReport(db: Db, values: { postId: string; reporterId: string; reason: string }): Promise<void> {
  await db.insert(communityReports).values(values);
  await db
    .update(communityPosts)
    .set({ reportsCount: sql`${communityPosts.reportsCount} + 1` })
    .where(eq(communityPosts.id, values.postId));
}

export async function resolveReports(db: Db, postId: string): Promise<void> {
  await db
    .update(communityReports)
    .set({ resolvedAt: sql`now()` })
    .where(and(eq(communityReports.postId, postId), isNull(communityReports.resolvedAt)));
}

export async function insertModerationAction(db: Db, values: typeof communityModerationActions.$inferInsert): Promise<void> {
  await db.insert(communityModerationActions).values(values);
}

export async function listReportsOf(db: Db, postIds: string[]) {
  if (postIds.length === 0) return [];
  return db
    .select({
      postId: communityReports.postId,
      reason: communityReports.reason,
      resolvedAt: communityReports.resolvedAt,
      createdAt: communityReports.createdAt,
      reporter: reporter.email,
    })
    .from(communityReports)
    .innerJoin(reporter, eq(reporter.id, communityReports.reporterId))
    .where(inArray(communityReports.postId, postIds))
    .orderBy(desc(communityReports.createdAt));
}

export async function listModerationOf(db: Db, postIds: string[]) {
  if (postIds.length === 0) return [];
  return db
    .select({
      postId: communityModerationActions.postId,
      action: communityModerationActions.action,
      reason: communityModerationActions.reason,
      createdAt: communityModerationActions.createdAt,
      admin: moderator.email,
    })
    .from(communityModerationActions)
    .leftJoin(moderator, eq(moderator.id, communityModerationActions.adminId))
    .where(inArray(communityModerationActions.postId, postIds))
    .orderBy(desc(communityModerationActions.createdAt));
}
