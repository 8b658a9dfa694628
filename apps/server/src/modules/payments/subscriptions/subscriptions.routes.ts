import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelSubscriptionBodySchema,
  mySubscriptionSchema,
  subscriptionCheckoutBodySchema,
  subscriptionCheckoutResultSchema,
  subscriptionSchema,
} from '@lumen/core/payments/card';
import { failures, ok } from '../../../lib/route-schemas.ts';
import { currentUser, requireAuth, requireVerifiedEmail } from '../../../plugins/guards.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

/** Subscriptions by card (decision 022). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const subscriptions = createSubscriptionsService({
    db: app.db,
    provider: app.cardPayments.provider,
    cards: app.cardPayments,
    publicUrl: app.config.publicUrl,
    clock: () => app.clock(),
  });
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/payment/checkout/subscription',
    {
      onRequest: requireAuth,
      preHandler: requireVerifiedEmail,
      schema: {
        operationId: 'payments.checkout.subscription',
        tags,
        security,
        summary: 'Checkout for a subscription plan; each paid period grants the plan’s credits',
        body: subscriptionCheckoutBodySchema,
        response: { 200: ok(subscriptionCheckoutResultSchema), ...failures(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => ({ success: true as const, data: await subscriptions.checkout(currentUser(request).id, request.body.planId) }),
  );

  app.get(
    '/payment/subscriptions/me',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.subscriptions.getMine',
        tags,
        security,
        summary: 'Your active subscription, or null',
        response: { 200: ok(mySubscriptionSchema), ...failures(401, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await subscriptions.mine(currentUser(request).id) }),
  );

  app.post(
    '/payment/subscriptions/cancel',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.subscriptions.cancel',
        tags,
        security,
        summary: 'Cancel at the end of the period (default) or at once; credits already granted stay',
        body: cancelSubscriptionBodySchema,
        response: { 200: ok(subscriptionSchema), ...failures(400, 401, 404, 429, 502) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await subscriptions.cancel(currentUser(request).id, request.body?.cancelImmediately ?? false),
      message: 'Subscription canceled',
    }),
  );

  app.post(
    '/payment/subscription/reactivate',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.subscriptions.reactivate',
        tags,
        security,
        summary: 'Undo a cancel-at-period-end before the period ends',
        response: { 200: ok(subscriptionSchema), ...failures(401, 404, 409, 429, 502) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await subscriptions.reactivate(currentUser(request).id),
      message: 'Subscription reactivated',
    }),
  );
};
