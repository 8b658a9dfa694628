import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@lumen/core/credits/schemas';
import {
  checkoutSessionResultSchema,
  createCheckoutSessionBodySchema,
  createPaymentIntentBodySchema,
  creditPackCheckoutBodySchema,
  paymentConfigSchema,
  paymentIntentResultSchema,
} from '@lumen/core/payments/card';
import { orderSchema } from '@lumen/core/payments/orders';
import { failures, ok } from '../../../lib/route-schemas.ts';
import { currentUser, requireAuth, requireVerifiedEmail } from '../../../plugins/guards.ts';
import { getPlatformSettings } from '../../settings/index.ts';
import { getOrderForUser } from '../orders/index.ts';
import { paymentMethodRoutes } from './payment-methods.routes.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

/** Card payments (payments contract "Card"): orders by PaymentIntent or Checkout, and their companions. */
export const cardPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const cards = app.cardPayments;
  const tags = ['payments'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/payment/config',
    {
      schema: {
        operationId: 'payments.getConfig',
        security: [],
        tags,
        summary:
          'Which payment providers are available and which run in test mode, Stripe’s publishable key, and the crypto threshold (Admin › Settings)',
        response: { 200: ok(paymentConfigSchema), ...failures(429) },
      },
    },
    async () => ({
      success: true as const,
      data: {
        available: cards.available,
        testMode: { card: cards.provider.testMode, crypto: app.cryptoPayments.provider.testMode },
        stripePublishableKey: app.config.stripe?.publishableKey ?? null,
        cryptoMinimumAmount: (await getPlatformSettings(app.db)).cryptoThreshold,
      },
    }),
  );

  app.post(
    '/credits/purchase/stripe/create-payment-intent',
    {
      onRequest: requireAuth,
      preHandler: requireVerifiedEmail,
      schema: {
        operationId: 'payments.stripe.createPaymentIntent',
        tags,
        security,
        summary: 'A pending order for the package and a PaymentIntent for its server-side price (cents)',
        body: createPaymentIntentBodySchema,
        response: { 200: ok(paymentIntentResultSchema), ...failures(400, 401, 403, 404, 429, 502) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await cards.createPaymentIntent(currentUser(request).id, request.body.packageId),
    }),
  );

  app.post(
    '/credits/purchase/stripe/create-checkout-session',
    {
      onRequest: requireAuth,
      preHandler: requireVerifiedEmail,
      schema: {
        operationId: 'payments.stripe.createCheckoutSession',
        tags,
        security,
        summary: 'A pending order and a hosted checkout page; the return URLs must be on this site',
        body: createCheckoutSessionBodySchema,
        response: { 200: ok(checkoutSessionResultSchema), ...failures(400, 401, 403, 404, 429, 502) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await cards.createCheckoutSession(currentUser(request).id, request.body),
    }),
  );

  app.post(
    '/payment/checkout/credit-pack',
    {
      onRequest: requireAuth,
      preHandler: requireVerifiedEmail,
      schema: {
        operationId: 'payments.checkout.creditPack',
        tags,
        security,
        summary: 'Checkout for 1-100 of a credit pack; returns to /dashboard/billing?payment=success or /pricing?payment=cancelled',
        body: creditPackCheckoutBodySchema,
        response: { 200: ok(checkoutSessionResultSchema), ...failures(400, 401, 403, 404, 429, 502) },
      },
    },
    async (request) => {
      const base = app.config.publicUrl;
      const data = await cards.createCheckoutSession(currentUser(request).id, {
        packageId: request.body.packId,
        quantity: request.body.quantity,
        successUrl: `${base}/dashboard/billing?payment=success`,
        cancelUrl: `${base}/pricing?payment=cancelled`,
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/payment/orders/:id',
    {
      onRequest: requireAuth,
      schema: {
        operationId: 'payments.orders.get',
        tags,
        security,
        summary: 'One of your orders (status, credits, invoice number)',
        params: idParamsSchema,
        response: { 200: ok(orderSchema), ...failures(400, 401, 404, 429) },
      },
    },
    async (request) => ({ success: true as const, data: await getOrderForUser(app.db, currentUser(request).id, request.params.id) }),
  );

  await app.register(paymentMethodRoutes);
  await app.register(stripeWebhookRoutes);
};
