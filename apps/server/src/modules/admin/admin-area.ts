import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../plugins/guards.ts';
import { adminApiKeysRoutes } from '../api-keys/index.ts';
import { adminAuditLogRoutes } from '../audit/index.ts';
import { adminBlogRoutes } from '../blog/index.ts';
import { adminCommunityRoutes } from '../community/index.ts';
import { adminContactRoutes } from '../contact/index.ts';
import { creditsAdminRoutes } from '../credits/index.ts';
import { adminIntroductionDialogsRoutes } from '../introduction-dialogs/index.ts';
import { adminIpBlocksRoutes } from '../ip-blocks/index.ts';
import { adminJobsRoutes } from '../jobs/index.ts';
import { adminProvidersRoutes } from '../providers/index.ts';
import { adminMailOutboxRoutes } from '../mail/index.ts';
import { adminNewsletterRoutes } from '../newsletter/index.ts';
import { paymentsAdminRoutes } from '../payments/index.ts';
import { adminProviderPricesRoutes } from '../provider-prices/index.ts';
import type { AdminProviderPricesOptions } from '../provider-prices/index.ts';
import { adminSettingsRoutes } from '../settings/index.ts';
import { adminTryOnCatalogueRoutes } from '../try-on/index.ts';
import { adminVideosRoutes } from '../videos/index.ts';
import { adminAnalyticsRoutes } from './analytics.routes.ts';
import { adminOverviewRoutes } from './overview.routes.ts';
import { adminSecurityEventsRoutes } from './security-events.routes.ts';
import { adminSecurityRoutes } from './security.routes.ts';
import { adminUserActivityRoutes } from './user-activity.routes.ts';
import { adminUsersRoutes } from './users.routes.ts';

/** Each domain's admin routes (its `admin-routes.ts`), then admin's own cross-domain views. */
const adminRouteGroups = (ports: AdminAreaOptions): FastifyPluginAsync[] => [
  creditsAdminRoutes,
  paymentsAdminRoutes,
  adminJobsRoutes,
  adminProvidersRoutes,
  async (scope) => {
    await scope.register(adminProviderPricesRoutes, ports.providerPrices);
  },
  adminTryOnCatalogueRoutes,
  adminIntroductionDialogsRoutes,
  adminCommunityRoutes,
  adminBlogRoutes,
  adminContactRoutes,
  adminNewsletterRoutes,
  adminVideosRoutes,
  adminSettingsRoutes,
  adminIpBlocksRoutes,
  adminMailOutboxRoutes,
  adminAuditLogRoutes,
  adminUsersRoutes,
  adminUserActivityRoutes,
  adminApiKeysRoutes,
  adminSecurityEventsRoutes,
  adminSecurityRoutes,
  adminAnalyticsRoutes,
  adminOverviewRoutes,
];

/** The ports app.ts hands to domains' admin routes that need something of a higher module. */
export type AdminAreaOptions = { providerPrices: AdminProviderPricesOptions };

/**
 * Every route under /api/v1/admin: the caller must be signed in as ADMIN, checked on request,
 * before the input is even validated. Domains write their admin routes without the /admin prefix
 * and without their own guard; this plugin adds both.
 */
export const adminArea: FastifyPluginAsync<AdminAreaOptions> = async (app, options) => {
  app.addHook('onRequest', requireAdmin);
  for (const routes of adminRouteGroups(options)) await app.register(routes);
};
