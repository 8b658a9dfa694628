import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@lumen/core/settings/public-config';
import { AppError } from '../../plugins/app-error.ts';
import { failures, ok } from '../../lib/route-schemas.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['system'];

  app.get(
    '/health',
    {
      schema: {
        operationId: 'system.health',
        security: [],
        tags,
        summary: 'The process is up',
        response: { 200: ok(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => ({ success: true as const, data: { status: 'ok' as const } }),
  );

  app.get(
    '/ready',
    {
      schema: {
        operationId: 'system.ready',
        security: [],
        tags,
        summary: 'The database answers a query',
        response: { 200: ok(z.object({ status: z.literal('ready') })), ...failures(503) },
      },
    },
    async () => {
      if (!(await app.database.ping())) {
        throw new AppError('SERVICE_UNAVAILABLE', 503, 'The database is not reachable', { retryAfterSeconds: 5 });
      }
      return { success: true as const, data: { status: 'ready' as const } };
    },
  );

  app.get(
    '/public-config',
    {
      schema: {
        operationId: 'system.getPublicConfig',
        security: [],
        tags,
        summary: 'Configuration the web app loads at start',
        response: { 200: ok(publicConfigSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { analytics: app.config.analytics, oauthProviders: app.config.google ? ['google' as const] : [] },
    }),
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
