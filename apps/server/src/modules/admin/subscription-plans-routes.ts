import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSubscriptionPlanBodySchema,
  reorderBodySchema,
  updateSubscriptionPlanBodySchema,
} from '@lumen/core/admin/schemas';
import { subscriptionPlanListSchema, subscriptionPlanSchema, idParamsSchema } from '@lumen/core/credits/schemas';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from './audit-actor.ts';
import { createAdminPlansService } from './subscription-plans.service.ts';

/** /admin/subscription-plans: every change is audited; DELETE archives. */
export const adminSubscriptionPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminPlansService({ db: app.db });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];
  const base = '/admin/subscription-plans';

  app.get(
    base,
    {
      schema: {
        tags,
        security,
        summary: 'Every non-archived subscription plan (active and inactive) in order',
        response: { 200: ok(subscriptionPlanListSchema), ...failures(401, 403, 429) },
      },
    },
    async () => ({ success: true as const, data: await service.list() }),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        security,
        summary: 'Create a subscription plan (price in dollars per interval)',
        body: createSubscriptionPlanBodySchema,
        response: { 201: ok(subscriptionPlanSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const created = await service.create(auditActorOf(request), request.body);
      return reply.code(201).send({ success: true, data: created, message: 'Subscription plan created' });
    },
  );

  app.put(
    `${base}/order`,
    {
      schema: {
        tags,
        security,
        summary: 'Reorder: ids of every non-archived plan, in the new order',
        body: reorderBodySchema,
        response: { 200: ok(subscriptionPlanListSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.reorder(auditActorOf(request), request.body.ids),
      message: 'Subscription plans reordered',
    }),
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Change a subscription plan',
        params: idParamsSchema,
        body: updateSubscriptionPlanBodySchema,
        response: { 200: ok(subscriptionPlanSchema), ...failures(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(auditActorOf(request), request.params.id, request.body),
      message: 'Subscription plan updated',
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Archive a subscription plan (never hard-deleted)',
        params: idParamsSchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await service.archive(auditActorOf(request), request.params.id);
      return { success: true as const, data: null, message: 'Subscription plan archived' };
    },
  );
};
