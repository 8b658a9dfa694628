import type { FastifyPluginAsync } from 'fastify';
import { adminCreditPackagesRoutes } from './credit-packages-admin.routes.ts';
import { adminServiceCostsRoutes } from './service-costs-admin.routes.ts';

/** Credits' /admin routes: credit packages and the credit cost of each AI tool. */
export const creditsAdminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminCreditPackagesRoutes);
  await app.register(adminServiceCostsRoutes);
};
