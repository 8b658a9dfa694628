import type { FastifyPluginAsync } from 'fastify';
import { adminPaymentsRoutes } from './orders/index.ts';
import { adminSubscriptionPlansRoutes } from './plans/index.ts';

/** Payments' /admin routes: orders, refunds and refund requests; subscription plans. */
export const paymentsAdminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminSubscriptionPlansRoutes);
  await app.register(adminPaymentsRoutes);
};
