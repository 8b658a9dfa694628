import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@lumen/core/credits/schemas';
import { paymentMethodListSchema } from '@lumen/core/payments/card';
import { failures, ok } from '../../../lib/route-schemas.ts';
import { currentUser, requireAuth } from '../../../plugins/guards.ts';
import { createPaymentMethodsService } from './payment-methods.service.ts';

/** Saved cards (brand, last 4 digits, expiry; never a number). */
export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const methods = createPaymentMethodsService({ db: app.db, provider: app.cardPayments.provider });
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/payment/methods',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.methods.list',
        tags,
        security,
        summary: 'Your saved cards, the default first',
        response: { 200: ok(paymentMethodListSchema), ...failures(401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await methods.list(currentUser(request).id) }),
  );

  app.post(
    '/payment/methods/:id/default',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.methods.makeDefault',
        tags,
        security,
        summary: 'Make one of your cards the default',
        params: idParamsSchema,
        response: { 200: ok(paymentMethodListSchema), ...failures(400, 401, 404, 429, 502) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await methods.makeDefault(currentUser(request).id, request.params.id),
      message: 'Default payment method updated',
    }),
  );

  app.delete(
    '/payment/methods/:id',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.methods.delete',
        tags,
        security,
        summary: 'Remove one of your cards (detached at the provider)',
        params: idParamsSchema,
        response: { 200: ok(paymentMethodListSchema), ...failures(400, 401, 404, 429, 502) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await methods.remove(currentUser(request).id, request.params.id),
      message: 'Payment method removed',
    }),
  );
};
