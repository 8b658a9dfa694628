import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurityEventListSchema, adminSecurityEventsQuerySchema } from '@lumen/core/users/security-events';
import { failures, ok } from '../../lib/route-schemas.ts';
import { createSecurityEventsService } from '../auth/index.ts';

export const adminSecurityEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSecurityEventsService({ db: app.db });

  app.get(
    '/security-events',
    {
      schema: {
        operationId: 'admin.securityEvents.list',
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Security events of every user (sign-ins, failures, password and provider changes…), newest first',
        querystring: adminSecurityEventsQuerySchema,
        response: { 200: ok(adminSecurityEventListSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.listAll(request.query) }),
  );
};
