import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditPackageListSchema,
  creditPackageSchema,
  idParamsSchema,
  paymentUsageSchema,
  subscriptionPlanListSchema,
  subscriptionPlanSchema,
} from '@lumen/core/credits/schemas';
import { currentUser, requireAuth } from '../../../plugins/guards.ts';
import { failures, ok } from '../../../lib/route-schemas.ts';
import { createCatalogueService } from '../../credits/index.ts';
import { createPaymentsService } from './price-list.service.ts';
import { prepareJson, sendPreparedJson } from '../../../lib/prepared-json.ts';
import { memoUntilChanged } from '../../../db/memo-until-changed.ts';

export const priceListRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = createPaymentsService({ db: app.db, changes: app.database.changes });
  const catalogue = createCatalogueService({ db: app.db, changes: app.database.changes });
  const tags = ['payments'];
  // Answered from bytes serialised once, with their ETag, until the plans or packages change in any process.
  const plansResponse = ok(subscriptionPlanListSchema);
  const packsResponse = ok(creditPackageListSchema);
  const plansBody = memoUntilChanged(app.database.changes, ['subscription_plans'], async () =>
    prepareJson(plansResponse, { success: true as const, data: await payments.listActivePlans() }),
  );
  const packsBody = memoUntilChanged(app.database.changes, ['credit_packages'], async () =>
    prepareJson(packsResponse, { success: true as const, data: await catalogue.listActivePackages() }),
  );

  app.get(
    '/payment/plans',
    {
      schema: {
        operationId: 'payments.plans.list',
        security: [],
        tags,
        summary: 'Active subscription plans in order (price in dollars)',
        response: { 200: plansResponse, ...failures(429) },
      },
    },
    async (request, reply) => sendPreparedJson(request, reply, await plansBody()),
  );

  app.get(
    '/payment/plans/:id',
    {
      schema: {
        operationId: 'payments.plans.get',
        security: [],
        tags,
        summary: 'One active subscription plan',
        params: idParamsSchema,
        response: { 200: ok(subscriptionPlanSchema), ...failures(400, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await payments.getActivePlan(request.params.id) }),
  );

  app.get(
    '/payment/credit-packs',
    {
      schema: {
        operationId: 'payments.creditPacks.list',
        security: [],
        tags,
        summary: 'Active credit packages in the admin’s order (same as /credits/packages)',
        response: { 200: packsResponse, ...failures(429) },
      },
    },
    async (request, reply) => sendPreparedJson(request, reply, await packsBody()),
  );

  app.get(
    '/payment/credit-packs/:id',
    {
      schema: {
        operationId: 'payments.creditPacks.get',
        security: [],
        tags,
        summary: 'One active credit package',
        params: idParamsSchema,
        response: { 200: ok(creditPackageSchema), ...failures(400, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await catalogue.getActivePackage(request.params.id) }),
  );

  app.get(
    '/payment/usage',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.getUsage',
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Your balance, spent credits, plan and uses left per service',
        response: { 200: ok(paymentUsageSchema), ...failures(401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await payments.getUsage(currentUser(request).id) }),
  );
};
