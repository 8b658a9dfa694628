import { eq, sql } from 'drizzle-orm';
import type {
  AdminPost,
  AdminPostList,
  PostBodyParsed,
  PostStatus,
  PostSummary,
  PublicPost,
  PublicPostList,
} from '@lumen/core/content/blog';
import { blogLimits } from '@lumen/core/content/blog';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import type { Storage } from '../files/index.ts';
import {
  findAdminPage,
  findBySlug,
  findLiveBySlug,
  findLivePage,
  findNextPublishAt,
  findLiveTags,
  findRelated,
} from './blog.repository.ts';
import { COVER_PREFIX, coverUrl, saveCover } from './covers.ts';
import { readingMinutesOf, renderSafeHtml } from '../../lib/safe-markdown.ts';
import { blogPosts } from './tables.ts';
import type { BlogPostRow } from './tables.ts';

export const POST_NOT_FOUND_MESSAGE = 'Article not found';
const notFound = () => new AppError('NOT_FOUND', 404, POST_NOT_FOUND_MESSAGE);
const slugTaken = (slug: string) =>
  new AppError('CONFLICT', 409, `Another article already uses the slug "${slug}"`, {
    details: [{ field: 'slug', message: 'This slug is already used' }],
  });

/**
 * A stored date as ISO 8601, or null when missing or unreadable: drivers read a year below 100 back as an
 * invalid Date, and one such row must not break a list, an answer or its audit entry.
 */
function isoOrNull(date: Date | null): string | null {
  return date && Number.isFinite(date.getTime()) ? date.toISOString() : null;
}

function toSummary(row: BlogPostRow): PostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImageUrl: coverUrl(row.coverImage),
    tags: row.tags,
    authorName: row.authorName,
    publishedAt: isoOrNull(row.publishAt),
    readingMinutes: row.readingMinutes,
  };
}

function toAdminPost(row: BlogPostRow, now: Date): AdminPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    body: row.body,
    coverImage: row.coverImage,
    coverImageUrl: coverUrl(row.coverImage),
    tags: row.tags,
    authorName: row.authorName,
    status: row.status,
    publishAt: isoOrNull(row.publishAt),
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    readingMinutes: row.readingMinutes,
    isLive: row.status === 'published' && row.publishAt !== null && row.publishAt <= now,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a post (not its whole body). */
const auditView = (row: BlogPostRow) => ({
  title: row.title,
  slug: row.slug,
  status: row.status,
  publishAt: isoOrNull(row.publishAt),
  tags: row.tags,
  coverImage: row.coverImage,
  bodyLength: row.body.length,
});

/** The stored columns of an article from the admin's input: HTML and reading time are derived here, once. */
export function postValues(input: PostBodyParsed, now: Date) {
  const publishAt = input.publishAt ? new Date(input.publishAt) : input.status === 'published' ? now : null;
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    body: input.body,
    bodyHtml: renderSafeHtml(input.body),
    readingMinutes: readingMinutesOf(input.body),
    coverImage: input.coverImage,
    tags: input.tags,
    authorName: input.authorName,
    status: input.status,
    publishAt,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
  };
}

export function createBlogService(deps: { db: Db; storage: Storage; clock: () => Date }) {
  const { db, storage, clock } = deps;

  async function assertCoverExists(key: string | null): Promise<void> {
    if (key && !(await storage.exists(key))) {
      throw new AppError('VALIDATION_ERROR', 400, 'coverImage: Upload the cover image first', {
        details: [{ field: 'coverImage', message: 'Upload the cover image first' }],
      });
    }
  }

  /** Removes a cover file no article uses any more (after the change that dropped it has committed). */
  async function dropUnusedCover(key: string | null): Promise<void> {
    if (!key) return;
    const [user] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.coverImage, key)).limit(1);
    if (!user) await storage.delete(key);
  }

  return {
    /** The live posts at `now` (default: the clock's now). */
    async listPublished(query: { tag?: string; limit: number; page: number }, now: Date = clock()): Promise<PublicPostList> {
      const [{ rows, total }, tags] = await Promise.all([findLivePage(db, { ...query, now }), findLiveTags(db, now)]);
      return {
        items: rows.map(toSummary),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
        tags,
      };
    },

    /** When the public list next changes by time alone (a scheduled post goes live), or null. */
    nextPublishAt: (now: Date): Promise<Date | null> => findNextPublishAt(db, now),

    async getPublished(slug: string): Promise<PublicPost> {
      const now = clock();
      const row = await findLiveBySlug(db, slug, now);
      if (!row) throw notFound();
      const related = await findRelated(db, row, now, blogLimits.relatedCount);
      return {
        ...toSummary(row),
        html: row.bodyHtml,
        seoTitle: row.seoTitle,
        seoDescription: row.seoDescription,
        related: related.map(toSummary),
      };
    },

    async listForAdmin(query: { status?: PostStatus; search?: string; limit: number; page: number }): Promise<AdminPostList> {
      const now = clock();
      const { rows, total } = await findAdminPage(db, query);
      return {
        items: rows.map((row) => {
          const { body: _body, ...post } = toAdminPost(row, now);
          return post;
        }),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },

    async getForAdmin(slug: string): Promise<AdminPost> {
      const row = await findBySlug(db, slug);
      if (!row) throw notFound();
      return toAdminPost(row, clock());
    },

    async create(actor: AuditActor, input: PostBodyParsed): Promise<AdminPost> {
      await assertCoverExists(input.coverImage);
      const now = clock();
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(blogPosts)
            .values({ ...postValues(input, now), authorUserId: actor.userId })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await insertAuditEntry(tx, actor, {
            action: 'blog_post.create',
            targetType: 'blog_post',
            targetId: row.id,
            before: null,
            after: auditView(row),
          });
          return toAdminPost(row, now);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken(input.slug);
        throw error;
      }
    },

    async update(actor: AuditActor, slug: string, input: PostBodyParsed): Promise<AdminPost> {
      await assertCoverExists(input.coverImage);
      const now = clock();
      let previousCover: string | null = null;
      try {
        const saved = await db.transaction(async (tx) => {
          const [existing] = await tx.select().from(blogPosts).where(eq(blogPosts.slug, slug)).for('update');
          if (!existing) throw notFound();
          const values = postValues(input, now);
          // Re-saving a published post keeps its original date unless the admin sets one.
          if (input.status === 'published' && !input.publishAt && existing.status === 'published' && isoOrNull(existing.publishAt)) {
            values.publishAt = existing.publishAt;
          }
          const [row] = await tx
            .update(blogPosts)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(blogPosts.id, existing.id))
            .returning();
          if (!row) throw notFound();
          await insertAuditEntry(tx, actor, {
            action: 'blog_post.update',
            targetType: 'blog_post',
            targetId: row.id,
            before: auditView(existing),
            after: auditView(row),
          });
          previousCover = existing.coverImage !== row.coverImage ? existing.coverImage : null;
          return toAdminPost(row, now);
        });
        await dropUnusedCover(previousCover);
        return saved;
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken(input.slug);
        throw error;
      }
    },

    async remove(actor: AuditActor, slug: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx.delete(blogPosts).where(eq(blogPosts.slug, slug)).returning();
        if (!row) throw notFound();
        await insertAuditEntry(tx, actor, {
          action: 'blog_post.delete',
          targetType: 'blog_post',
          targetId: row.id,
          before: auditView(row),
          after: null,
        });
        return row;
      });
      await dropUnusedCover(removed.coverImage);
    },

    async uploadCover(actor: AuditActor, bytes: Buffer): Promise<{ coverImage: string; coverImageUrl: string }> {
      const key = await saveCover(storage, bytes);
      await insertAuditEntry(db, actor, {
        action: 'blog_cover.upload',
        targetType: 'blog_cover',
        targetId: key,
        before: null,
        after: { bytes: bytes.length },
      });
      return { coverImage: key, coverImageUrl: coverUrl(key) ?? '' };
    },

    /** A stored cover by its file name, or null (names are checked before reaching storage). */
    async readCover(fileName: string): Promise<Buffer | null> {
      const key = `${COVER_PREFIX}${fileName}`;
      if (!(await storage.exists(key))) return null;
      return storage.get(key);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
