import { communityLimits, communityMessages, hasOwnPrompt } from '@lumen/core/community/schemas';
import type { CommunityPost, GalleryQuery, LikeState, PublishPostBody, SearchQuery } from '@lumen/core/community/schemas';
import type { Paginated } from '@lumen/core/http/pagination';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { FileLinks } from '../files/index.ts';
import { findJob, listOutputs } from '../jobs/index.ts';
import type { JobOutputRow } from '../jobs/index.ts';
import {
  addToLikes,
  deleteLike,
  deletePost,
  findGalleryPage,
  findPost,
  findPostRow,
  findUserPostsPage,
  insertLike,
  insertPost,
  insertReport,
  searchPublishedPage,
  updatePost,
} from './community.repository.ts';
import type { PostRecord } from './community.repository.ts';
import { mediaFileOf, toPostDto } from './post.dto.ts';
import type { MediaAccess } from './post.dto.ts';

export type Viewer = { id: string } | null;

const notFound = () => new AppError('NOT_FOUND', 404, communityMessages.postNotFound);

/** The output a post shows when none is named: the video of a speed painting, the MP3 of a sound, else the first file. */
function defaultOutput(service: string, outputs: JobOutputRow[]): JobOutputRow | undefined {
  if (service === 'speedpainting') return outputs.find((output) => output.kind === 'video') ?? outputs[0];
  if (service === 'sound-generator') return outputs.find((output) => output.contentType === 'audio/mpeg') ?? outputs[0];
  return outputs[0];
}

function pageOf(input: { page: number; limit: number }) {
  return { limit: input.limit, offset: (input.page - 1) * input.limit };
}

function paginated(
  result: { rows: PostRecord[]; total: number },
  input: { page: number; limit: number },
  viewer: Viewer,
  access: MediaAccess,
): Paginated<CommunityPost> {
  return {
    items: result.rows.map((record) => toPostDto(record, viewer?.id ?? null, access)),
    page: input.page,
    limit: input.limit,
    total: result.total,
    totalPages: totalPagesFor(result.total, input.limit),
  };
}

export function createCommunityService({ db, links }: { db: Db; links: FileLinks }) {
  const publicMedia: MediaAccess = { kind: 'public' };
  const privateMedia: MediaAccess = { kind: 'private', links };

  /** A published post anyone may see; hidden, deleted and unknown posts are all 404. */
  async function requirePublished(postId: string, viewer: Viewer): Promise<PostRecord> {
    const record = await findPost(db, postId, viewer?.id ?? null);
    if (!record || record.post.status !== 'published') throw notFound();
    return record;
  }

  return {
    async publish(user: { id: string }, body: PublishPostBody): Promise<CommunityPost> {
      const job = await findJob(db, body.jobId);
      // Another person's job is as unknown as a missing one.
      if (!job || job.userId !== user.id) throw new AppError('NOT_FOUND', 404, 'Job not found');
      if (job.status !== 'succeeded') throw new AppError('CONFLICT', 409, communityMessages.jobNotFinished);
      const outputs = await listOutputs(db, [job.id]);
      const output = body.outputId ? outputs.find((candidate) => candidate.id === body.outputId) : defaultOutput(job.service, outputs);
      if (!output)
        throw body.outputId
          ? new AppError('NOT_FOUND', 404, 'Output not found')
          : new AppError('CONFLICT', 409, communityMessages.noOutput);

      let prompt: string;
      if (hasOwnPrompt(job.service)) {
        if (body.prompt !== undefined)
          throw new AppError('VALIDATION_ERROR', 400, communityMessages.promptNotAllowed, {
            details: [{ field: 'prompt', message: communityMessages.promptNotAllowed }],
          });
        const fromJob = job.params.prompt;
        prompt = typeof fromJob === 'string' ? fromJob.trim().slice(0, communityLimits.promptMax) : '';
        if (!prompt) throw new AppError('CONFLICT', 409, communityMessages.promptRequired);
      } else {
        if (!body.prompt)
          throw new AppError('VALIDATION_ERROR', 400, communityMessages.promptRequired, {
            details: [{ field: 'prompt', message: communityMessages.promptRequired }],
          });
        prompt = body.prompt;
      }

      try {
        const row = await insertPost(db, {
          userId: user.id,
          jobId: job.id,
          outputId: output.id,
          service: job.service,
          title: body.title ?? null,
          prompt,
        });
        const record = await findPost(db, row.id, user.id);
        if (!record) throw new Error('publish: the new post vanished');
        return toPostDto(record, user.id, privateMedia);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, communityMessages.alreadyPublished);
        throw error;
      }
    },

    /** The author takes a post down. A hidden one is kept as deleted, so a moderated result cannot be shared again. */
    async remove(user: { id: string }, postId: string): Promise<void> {
      const row = await findPostRow(db, postId);
      if (!row || row.userId !== user.id || row.status === 'deleted') throw notFound();
      if (row.status === 'hidden') await updatePost(db, postId, { status: 'deleted' });
      else await deletePost(db, postId);
    },

    async get(postId: string, viewer: Viewer): Promise<CommunityPost> {
      const record = await findPost(db, postId, viewer?.id ?? null);
      const isOwner = record !== null && viewer !== null && record.post.userId === viewer.id;
      if (!record || (record.post.status !== 'published' && !(isOwner && record.post.status === 'hidden'))) throw notFound();
      return toPostDto(record, viewer?.id ?? null, record.post.status === 'published' ? publicMedia : privateMedia);
    },

    async gallery(query: GalleryQuery, viewer: Viewer): Promise<Paginated<CommunityPost>> {
      return paginated(await findGalleryPage(db, viewer?.id ?? null, query, pageOf(query)), query, viewer, publicMedia);
    },

    async mine(user: { id: string }, query: { page: number; limit: number }): Promise<Paginated<CommunityPost>> {
      return paginated(await findUserPostsPage(db, user.id, pageOf(query)), query, user, privateMedia);
    },

    async search(query: SearchQuery, viewer: Viewer): Promise<Paginated<CommunityPost>> {
      return paginated(await searchPublishedPage(db, viewer?.id ?? null, query, pageOf(query)), query, viewer, publicMedia);
    },

    /** Liking twice keeps one like; the count moves only when the like is new. */
    async like(user: { id: string }, postId: string): Promise<LikeState> {
      await requirePublished(postId, user);
      return db.transaction(async (tx) => {
        const isNew = await insertLike(tx, user.id, postId);
        const likes = isNew ? await addToLikes(tx, postId, 1) : ((await findPostRow(tx, postId))?.likesCount ?? 0);
        return { liked: true, likes };
      });
    },

    async unlike(user: { id: string }, postId: string): Promise<LikeState> {
      await requirePublished(postId, user);
      return db.transaction(async (tx) => {
        const wasLiked = await deleteLike(tx, user.id, postId);
        const likes = wasLiked ? await addToLikes(tx, postId, -1) : ((await findPostRow(tx, postId))?.likesCount ?? 0);
        return { liked: false, likes };
      });
    },

    async report(user: { id: string }, postId: string, reason: string): Promise<void> {
      const record = await requirePublished(postId, user);
      if (record.post.userId === user.id) throw new AppError('BAD_REQUEST', 400, communityMessages.ownPost);
      try {
        await db.transaction(async (tx) => insertReport(tx, { postId, reporterId: user.id, reason }));
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, communityMessages.alreadyReported);
        throw error;
      }
    },

    /** The stored file behind a published post's media link; 404 the moment it is hidden or deleted. */
    async publicMediaFile(postId: string): Promise<{ key: string; contentType: string }> {
      const record = await requirePublished(postId, null);
      if (record.output.kind === 'report') throw notFound();
      return mediaFileOf(record);
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
