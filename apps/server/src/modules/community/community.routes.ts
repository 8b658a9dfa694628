import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  communityPostSchema,
  galleryQuerySchema,
  likeStateSchema,
  paginatedPostsSchema,
  postIdParamsSchema,
  publishPostBodySchema,
  reportPostBodySchema,
  reportResultSchema,
  searchQuerySchema,
} from '@lumen/core/community/schemas';
import { paginationQuerySchema } from '@lumen/core/http/pagination';
import { emptyData, failures, ok, redirectResponse } from '../../lib/route-schemas.ts';
import { AppError } from '../../plugins/app-error.ts';
import { currentUser, requireAuth } from '../../plugins/guards.ts';
import { createCommunityService } from './community.service.ts';
import type { Viewer } from './community.service.ts';
import { fileLinksOf } from '../files/index.ts';

/** Media redirects get a link that lives a minute: the media route re-checks the post on every request. */
const MEDIA_LINK_TTL_SECONDS = 60;

/** The signed-in viewer when a valid token is sent; a guest otherwise (public pages). */
async function optionalViewer(request: FastifyRequest): Promise<Viewer> {
  if (!request.headers.authorization) return null;
  try {
    await requireAuth(request);
    return request.user ? { id: request.user.id } : null;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) return null;
    throw error;
  }
}

export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCommunityService({ db: app.db, links: fileLinksOf(app) });
  const tags = ['community'];
  const security = [{ bearerAuth: [] }];
  const publicSecurity: Array<Record<string, string[]>> = [{}, { bearerAuth: [] }];

  app.get(
    '/community/posts',
    {
      schema: {
        operationId: 'community.listPosts',
        tags,
        security: publicSecurity,
        summary: 'The public gallery: published posts, newest or most liked first, by tool',
        querystring: galleryQuerySchema,
        response: { 200: ok(paginatedPostsSchema), ...failures(400, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.gallery(request.query, await optionalViewer(request)) }),
  );

  app.get(
    '/community/search',
    {
      schema: {
        operationId: 'community.search',
        tags,
        security: publicSecurity,
        summary: 'Full-text search of published prompts and titles, best match first (quotes, -word and or work)',
        querystring: searchQuerySchema,
        response: { 200: ok(paginatedPostsSchema), ...failures(400, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.search(request.query, await optionalViewer(request)) }),
  );

  app.get(
    '/community/posts/mine',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'community.listMyPosts',
        tags,
        security,
        summary: 'What you have shared, hidden posts included',
        querystring: paginationQuerySchema,
        response: { 200: ok(paginatedPostsSchema), ...failures(400, 401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.mine(currentUser(request), request.query) }),
  );

  app.post(
    '/community/posts',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'community.createPost',
        tags,
        security,
        summary: 'Share one of your finished results; the prompt comes from the job, or you describe it for tools without one',
        body: publishPostBodySchema,
        response: { 201: ok(communityPostSchema), ...failures(400, 401, 404, 409, 413, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await service.publish(currentUser(request), request.body),
        message: 'Shared with the community',
      }),
  );

  app.get(
    '/community/posts/:id',
    {
      schema: {
        operationId: 'community.getPost',
        tags,
        security: publicSecurity,
        summary: 'One published post (its author also sees it while hidden)',
        params: postIdParamsSchema,
        response: { 200: ok(communityPostSchema), ...failures(400, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(request.params.id, await optionalViewer(request)) }),
  );

  app.get(
    '/community/posts/:id/media',
    {
      schema: {
        operationId: 'community.getPostMedia',
        security: [],
        tags,
        summary: "Redirects to a short-lived signed link to a published post's picture, video or sound; 404 once hidden",
        params: postIdParamsSchema,
        response: { 302: redirectResponse('To a short-lived signed link of the file'), ...failures(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const file = await service.publicMediaFile(request.params.id);
      const link = fileLinksOf(app).sign({ key: file.key, contentType: file.contentType, disposition: 'inline' }, MEDIA_LINK_TTL_SECONDS);
      return reply.header('cache-control', 'no-store').redirect(link.url, 302);
    },
  );

  app.delete(
    '/community/posts/:id',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'community.deletePost',
        tags,
        security,
        summary: 'Take your post down',
        params: postIdParamsSchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { success: true as const, data: null, message: 'Removed from the community' };
    },
  );

  app.post(
    '/community/posts/:id/like',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'community.like',
        tags,
        security,
        summary: 'Like a post (liking again changes nothing)',
        params: postIdParamsSchema,
        response: { 200: ok(likeStateSchema), ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.like(currentUser(request), request.params.id) }),
  );

  app.delete(
    '/community/posts/:id/like',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'community.unlike',
        tags,
        security,
        summary: 'Take your like back',
        params: postIdParamsSchema,
        response: { 200: ok(likeStateSchema), ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.unlike(currentUser(request), request.params.id) }),
  );

  app.post(
    '/community/posts/:id/report',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'community.report',
        tags,
        security,
        summary: 'Report a post to the moderators with a reason (once per post)',
        params: postIdParamsSchema,
        body: reportPostBodySchema,
        response: { 200: ok(reportResultSchema), ...failures(400, 401, 404, 409, 413, 429) },
      },
    },
    async (request) => {
      await service.report(currentUser(request), request.params.id, request.body.reason);
      return { success: true as const, data: { reported: true as const }, message: 'Thanks, a moderator will look at this post' };
    },
  );
};
