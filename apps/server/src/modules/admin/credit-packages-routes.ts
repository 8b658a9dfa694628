import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCreditPackageBodySchema,
  reorderBodySchema,
  updateCreditPackageBodySchema,
} from '@lumen/core/admin/schemas';
import { creditPackageListSchema, creditPackageSchema, idParamsSchema } from '@lumen/core/credits/schemas';
import { emptyData, failures, ok } from '../../lib/route-schemas.ts';
import { auditActorOf } from './audit-actor.ts';
import { createAdminPackagesService } from './credit-packages.service.ts';

/** /admin/credit-packages: every change is audited; DELETE archives. */
export const adminCreditPackagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminPackagesService({ db: app.db });
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];
  const base = '/admin/credit-packages';

  app.get(
    base,
    {
      schema: {
        tags,
        security,
        summary: 'Every non-archived credit package (active and inactive) in order',
        response: { 200: ok(creditPackageListSchema), ...failures(401, 403, 429) },
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
        summary: 'Create a credit package (price in dollars)',
        body: createCreditPackageBodySchema,
        response: { 201: ok(creditPackageSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const created = await service.create(auditActorOf(request), request.body);
      return reply.code(201).send({ success: true, data: created, message: 'Credit package created' });
    },
  );

  app.put(
    `${base}/order`,
    {
      schema: {
        tags,
        security,
        summary: 'Reorder: ids of every non-archived package, in the new order',
        body: reorderBodySchema,
        response: { 200: ok(creditPackageListSchema), ...failures(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.reorder(auditActorOf(request), request.body.ids),
      message: 'Credit packages reordered',
    }),
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Change a credit package',
        params: idParamsSchema,
        body: updateCreditPackageBodySchema,
        response: { 200: ok(creditPackageSchema), ...failures(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(auditActorOf(request), request.params.id, request.body),
      message: 'Credit package updated',
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Archive a credit package (never hard-deleted)',
        params: idParamsSchema,
        response: { 200: ok(emptyData), ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await service.archive(auditActorOf(request), request.params.id);
      return { success: true as const, data: null, message: 'Credit package archived' };
    },
  );
};
