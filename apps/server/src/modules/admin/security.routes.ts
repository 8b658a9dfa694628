import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failedSignInsQuerySchema, failedSignInsSchema } from '@lumen/core/admin/ip-blocks';
import { failures, ok } from '../../lib/route-schemas.ts';
import { failedSignIns } from './failed-sign-ins.service.ts';

export const adminSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/security/failed-sign-ins',
    {
      schema: {
        operationId: 'admin.security.listFailedSignIns',
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Failed sign-ins per hour and the busiest IPs over a range (default the last 24 hours, at most 31 days)',
        querystring: failedSignInsQuerySchema,
        response: { 200: ok(failedSignInsSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await failedSignIns(app.db, request.query, app.clock()) }),
  );
};
