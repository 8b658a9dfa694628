import type { FastifyPluginAsync } from 'fastify';
import { autoTopUpRoutes } from './auto-top-up/index.ts';
import { billingRoutes, priceListRoutes } from './billing/index.ts';
import { cardPaymentRoutes } from './card/index.ts';
import { sandboxCardRoutes } from './sandbox/index.ts';
import { subscriptionRoutes } from './subscriptions/index.ts';

/** Every signed-in and public payments route under /api/v1 (crypto's come with cryptoPaymentsPlugin). */
export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(priceListRoutes);
  await app.register(cardPaymentRoutes);
  await app.register(subscriptionRoutes);
  await app.register(sandboxCardRoutes);
  await app.register(billingRoutes);
  await app.register(autoTopUpRoutes);
};
