import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSessionListSchema,
  adminSessionsQuerySchema,
  adminUserApiKeyListSchema,
  adminUserOrderListSchema,
  sessionRevokedMessage,
} from '@lumen/core/admin/user-activity';
import { idParamsSchema } from '@lumen/core/credits/schemas';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from '../audit/index.ts';
import { createUserActivityService } from './user-activity.service.ts';

/** A user's API keys and orders, and live sessions of every user with revoke (jobs and security events have their own admin lists). */
export const adminUserActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUserActivityService({ db: app.db });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/users/:id/api-keys',
    {
      schema: {
        operationId: 'admin.users.listApiKeys',
        tags,
        security,
        summary: 'A user’s API keys (prefix, status, limits, last use)',
        params: idParamsSchema,
        response: { 200: ok(adminUserApiKeyListSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.apiKeysOf(request.params.id) }),
  );

  app.get(
    '/users/:id/orders',
    {
      schema: {
        operationId: 'admin.users.listOrders',
        tags,
        security,
        summary: 'A user’s latest orders',
        params: idParamsSchema,
        response: { 200: ok(adminUserOrderListSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.ordersOf(request.params.id) }),
  );

  app.get(
    '/sessions',
    {
      schema: {
        operationId: 'admin.sessions.list',
        tags,
        security,
        summary: 'Live sessions of every user (or of userId), most recently seen first; search by e-mail or IP',
        querystring: adminSessionsQuerySchema,
        response: { 200: ok(adminSessionListSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.liveSessions(request.query) }),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        operationId: 'admin.sessions.revoke',
        tags,
        security,
        summary: 'Sign a session out (its access and refresh tokens stop at once); audited',
        params: idParamsSchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await service.revokeSession(auditActorOf(request), request.params.id);
      return { success: true as const, data: null, message: sessionRevokedMessage };
    },
  );
};
