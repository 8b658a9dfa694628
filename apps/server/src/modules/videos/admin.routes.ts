import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tutorialVideoBodySchema, tutorialVideoSchema, videoIdParamsSchema } from '@lumen/core/content/videos';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { createVideosService } from './videos.service.ts';

/** /admin/videos: add, edit and remove tutorial videos (edited on /admin/blog). */
export const adminVideosRoutes: FastifyPluginAsyncZod = async (app) => {
  const videos = createVideosService({ db: app.db });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/videos',
    {
      schema: {
        operationId: 'admin.videos.create',
        tags,
        security,
        summary: 'Add a tutorial video (https link)',
        body: tutorialVideoBodySchema,
        response: { 201: ok(tutorialVideoSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true as const, data: await videos.create(auditActorOf(request), request.body), message: 'Video added' }),
  );

  app.put(
    '/videos/:id',
    {
      schema: {
        operationId: 'admin.videos.update',
        tags,
        security,
        summary: 'Edit a tutorial video',
        params: videoIdParamsSchema,
        body: tutorialVideoBodySchema,
        response: { 200: ok(tutorialVideoSchema), ...failures(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await videos.update(auditActorOf(request), request.params.id, request.body),
      message: 'Video saved',
    }),
  );

  app.delete(
    '/videos/:id',
    {
      schema: {
        operationId: 'admin.videos.delete',
        tags,
        security,
        summary: 'Remove a tutorial video',
        params: videoIdParamsSchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await videos.remove(auditActorOf(request), request.params.id);
      return { success: true as const, data: null, message: 'Video removed' };
    },
  );
};
