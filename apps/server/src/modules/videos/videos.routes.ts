import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tutorialVideoSchema } from '@lumen/core/content/videos';
import { failures, ok } from '../../lib/route-schemas.ts';
import { createVideosService } from './videos.service.ts';

/** GET /videos: the tutorial videos of /resources/videos, per tool in the admin's order. */
export const videosRoutes: FastifyPluginAsyncZod = async (app) => {
  const videos = createVideosService({ db: app.db });
  app.get(
    '/videos',
    {
      schema: {
        operationId: 'videos.list',
        security: [],
        tags: ['videos'],
        summary: 'Tutorial videos per tool',
        response: { 200: ok(z.array(tutorialVideoSchema)), ...failures(429) },
      },
    },
    async () => ({ success: true as const, data: await videos.list() }),
  );
};
