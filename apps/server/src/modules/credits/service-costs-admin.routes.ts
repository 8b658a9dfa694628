import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminServiceCostListSchema,
  adminServiceCostSchema,
  serviceKeyParamsSchema,
  updateServiceCostBodySchema,
} from '@lumen/core/admin/schemas';
import { failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { createAdminServiceCostsService } from './service-costs-admin.service.ts';

export const adminServiceCostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminServiceCostsService({ db: app.db });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/service-costs',
    {
      schema: {
        operationId: 'admin.serviceCosts.list',
        tags,
        security,
        summary: 'Each service’s credit cost per use',
        response: { 200: ok(adminServiceCostListSchema), ...failures(401, 403, 429) },
      },
    },
    async () => ({ success: true as const, data: await service.list() }),
  );

  app.put(
    '/service-costs/:serviceKey',
    {
      schema: {
        operationId: 'admin.serviceCosts.update',
        tags,
        security,
        summary: 'Change a service’s cost (0 = unlimited); new charges use it at once',
        params: serviceKeyParamsSchema,
        body: updateServiceCostBodySchema,
        response: { 200: ok(adminServiceCostSchema), ...failures(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(auditActorOf(request), request.params.serviceKey, request.body.cost),
      message: 'Service cost updated',
    }),
  );
};
