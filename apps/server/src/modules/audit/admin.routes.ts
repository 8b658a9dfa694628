import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogSchema } from '@lumen/core/admin/schemas';
import { failures, ok } from '../../lib/route-schemas.ts';
import { createAuditLogService } from './audit-log.service.ts';

export const adminAuditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuditLogService({ db: app.db });

  app.get(
    '/audit-log',
    {
      schema: {
        operationId: 'admin.auditLog.list',
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Audit records of admin changes, newest first',
        querystring: auditLogQuerySchema,
        response: { 200: ok(auditLogSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(request.query) }),
  );
};
