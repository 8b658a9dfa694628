import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postSlugParamsSchema, publicPostListSchema, publicPostSchema, publicPostsQuerySchema } from '@lumen/core/content/blog';
import { failures, mediaResponse, ok } from '../../lib/route-schemas.ts';
import { prepareJson, sendPreparedJson } from '../../lib/prepared-json.ts';
import { keyedMemoUntilChanged } from '../../db/memo-until-changed.ts';
import { AppError } from '../../plugins/app-error.ts';
import { createBlogService } from './blog.service.ts';
import { COVER_FILE_PATTERN } from './covers.ts';
import { storageOf } from '../files/index.ts';

/** Public blog: live posts only (published, date reached), newest first. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const blog = createBlogService({ db: app.db, storage: storageOf(app), clock: app.clock });
  const tags = ['blog'];
  const postListResponse = ok(publicPostListSchema);
  // Each page of the list (by its normalised query) is kept serialised, with its ETag, until a post changes in any
  // process or the next scheduled post goes live, whichever comes first.
  const postLists = keyedMemoUntilChanged(
    app.database.changes,
    ['blog_posts'],
    {
      clock: app.clock,
      maxKeys: 1000,
      keyOf: (query: { tag?: string; limit: number; page: number }) => `${query.page} ${query.limit} ${query.tag ?? ''}`,
    },
    async (query, now) => {
      const [list, next] = await Promise.all([blog.listPublished(query, now), blog.nextPublishAt(now)]);
      return {
        value: prepareJson(postListResponse, { success: true as const, data: list }),
        validUntilMs: next ? next.getTime() : null,
      };
    },
  );

  app.get(
    '/blog/posts',
    {
      schema: {
        operationId: 'blog.listPosts',
        security: [],
        tags,
        summary: 'Published articles, newest first (page size 10 by default), optionally with one tag; plus the tags in use',
        querystring: publicPostsQuerySchema,
        response: { 200: postListResponse, ...failures(400, 429) },
      },
    },
    async (request, reply) => sendPreparedJson(request, reply, await postLists(request.query)),
  );

  app.get(
    '/blog/posts/:slug',
    {
      schema: {
        operationId: 'blog.getPost',
        security: [],
        tags,
        summary: 'One published article: sanitised HTML, reading time and related articles (404 for unknown or unpublished)',
        params: postSlugParamsSchema,
        response: { 200: ok(publicPostSchema), ...failures(400, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await blog.getPublished(request.params.slug) }),
  );

  app.get(
    '/blog/covers/:file',
    {
      schema: {
        operationId: 'blog.getCover',
        security: [],
        tags,
        summary: 'A cover image (WebP)',
        params: z.object({ file: z.string().max(100) }),
        response: { 200: mediaResponse('The image', ['image/webp']), ...failures(404) },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const bytes = COVER_FILE_PATTERN.test(file) ? await blog.readCover(file) : null;
      if (!bytes) throw new AppError('NOT_FOUND', 404, 'Image not found');
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
    },
  );
};
