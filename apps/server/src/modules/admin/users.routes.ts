import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustCreditsBodySchema,
  adjustCreditsResultSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUsersQuerySchema,
  changeRoleBodySchema,
} from '@lumen/core/admin/schemas';
import { roles } from '@lumen/core/users/schemas';
import { suspendUserBodySchema, suspensionMessages, suspensionSchema } from '@lumen/core/users/suspension';
import { creditHistorySchema, idParamsSchema } from '@lumen/core/credits/schemas';
import { paginationQuerySchema } from '@lumen/core/http/pagination';
import { failures, ok } from '../../lib/route-schemas.ts';
import { createAdminUsersService } from './admin-users.service.ts';
import { auditActorOf } from '../audit/index.ts';

/** Other headers pass through untouched; only Idempotency-Key is checked. */
const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'Idempotency-Key must not be empty')
    .max(200, 'Idempotency-Key must be at most 200 characters')
    .optional(),
});

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminUsersService({ db: app.db });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/users',
    {
      schema: {
        operationId: 'admin.users.list',
        tags,
        security,
        summary: 'Users with their balance and spent credits; search matches name or e-mail',
        querystring: adminUsersQuerySchema,
        response: { 200: ok(adminUserListSchema), ...failures(400, 401, 403, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(request.query) }),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        operationId: 'admin.users.get',
        tags,
        security,
        summary: 'A user and the first page of their credit ledger',
        params: idParamsSchema,
        response: { 200: ok(adminUserDetailSchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(request.params.id) }),
  );

  app.get(
    '/users/:id/credits/history',
    {
      schema: {
        operationId: 'admin.users.listCreditHistory',
        tags,
        security,
        summary: 'A user’s credit ledger, newest first',
        params: idParamsSchema,
        querystring: paginationQuerySchema,
        response: { 200: ok(creditHistorySchema), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await service.getHistory(request.params.id, request.query) }),
  );

  app.post(
    '/users/:id/credits',
    {
      schema: {
        operationId: 'admin.users.adjustCredits',
        tags,
        security,
        summary: 'Add (positive) or remove (negative) credits with a reason; idempotent with an Idempotency-Key header',
        params: idParamsSchema,
        headers: idempotencyHeadersSchema,
        body: adjustCreditsBodySchema,
        response: { 201: ok(adjustCreditsResultSchema), ...failures(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { isReplay, ...result } = await service.adjustCredits(auditActorOf(request), request.params.id, {
        ...request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (isReplay) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ success: true, data: result, message: 'Credits adjusted' });
    },
  );

  app.post(
    '/users/:id/suspend',
    {
      schema: {
        operationId: 'admin.users.suspend',
        tags,
        security,
        summary: 'Suspend a user with a reason: they cannot sign in, and their sessions and API keys stop at once',
        params: idParamsSchema,
        body: suspendUserBodySchema,
        response: {
          200: ok(suspensionSchema.extend({ revokedSessions: z.number().int() })),
          ...failures(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.suspend(auditActorOf(request), request.params.id, request.body.reason),
      message: suspensionMessages.suspended,
    }),
  );

  app.post(
    '/users/:id/reactivate',
    {
      schema: {
        operationId: 'admin.users.reactivate',
        tags,
        security,
        summary: 'Lift a suspension; the user can sign in again',
        params: idParamsSchema,
        response: { 200: ok(suspensionSchema), ...failures(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.reactivate(auditActorOf(request), request.params.id),
      message: suspensionMessages.reactivated,
    }),
  );

  app.put(
    '/users/:id/role',
    {
      schema: {
        operationId: 'admin.users.setRole',
        tags,
        security,
        summary: 'Change a user’s role (not your own)',
        params: idParamsSchema,
        body: changeRoleBodySchema,
        response: { 200: ok(z.object({ role: z.enum(roles) })), ...failures(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.changeRole(auditActorOf(request), request.params.id, request.body.role),
      message: 'Role updated',
    }),
  );
};
