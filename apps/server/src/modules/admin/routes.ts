import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth.ts';
import { paymentsAdminRoutes } from '../payments/index.ts';
import { adminAnalyticsRoutes } from './analytics-routes.ts';
import { adminAuditLogRoutes } from '../audit/index.ts';
import { adminCreditPackagesRoutes } from '../credits/admin-routes.ts';
import { adminMailOutboxRoutes } from './mail-outbox-routes.ts';
import { adminSecurityEventsRoutes } from './security-events-routes.ts';
import { adminSecurityRoutes } from './security-routes.ts';
import { adminServiceCostsRoutes } from './service-costs-routes.ts';
import { adminUserActivityRoutes } from './user-activity-routes.ts';
import { adminUsersRoutes } from './users-routes.ts';

/** Every /admin route: signed in as ADMIN, checked before the input is even validated. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  await app.register(adminCreditPackagesRoutes);
  await app.register(adminServiceCostsRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminUserActivityRoutes);
  await app.register(adminAuditLogRoutes);
  await app.register(adminMailOutboxRoutes);
  await app.register(adminSecurityEventsRoutes);
  await app.register(adminSecurityRoutes);
  await app.register(adminAnalyticsRoutes);
  await app.register(paymentsAdminRoutes);
};
