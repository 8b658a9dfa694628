import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postSlugParamsSchema, publicPostListSchema, publicPostSchema, publicPostsQuerySchema } from '@lumen/core/content/blog';
import { failures, mediaResponse, ok } from '../../lib/route-schemas.ts';
import { AppError } from '../../plugins/app-error.ts';
import { createBlogService } from './blog.service.ts';
import { COVER_FILE_PATTERN } from './covers.ts';

/** Public blog: live posts only (published, date reached), newest first. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const blog = createBlogService({ db: app.db, storage: app.storage, clock: app.clock });
  const tags = ['blog'];

  app.get(
    '/blog/posts',
    {
      schema: {
        operationId: 'blog.listPosts',
        security: [],
        tags,
        summary: 'Published articles, newest first (page size 10 by default), optionally with one tag; plus the tags in use',
        querystring: publicPostsQuerySchema,
        response: { 200: ok(publicPostListSchema), ...failures(400, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await blog.listPublished(request.query) }),
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
