import { createSubscriptionPlanBodySchema, updateSubscriptionPlanBodySchema } from '@lumen/core/admin/schemas';
import { subscriptionPlanListSchema, subscriptionPlanSchema } from '@lumen/core/credits/schemas';
import { catalogueRoutes } from '../../credits/index.ts';
import { createAdminPlansService } from './plans-admin.service.ts';

/** /admin/subscription-plans: every change is audited; DELETE archives. */
export const adminSubscriptionPlansRoutes = catalogueRoutes({
  base: '/subscription-plans',
  operationIds: 'admin.subscriptionPlans',
  noun: { one: 'Subscription plan', many: 'Subscription plans' },
  schemas: {
    item: subscriptionPlanSchema,
    list: subscriptionPlanListSchema,
    create: createSubscriptionPlanBodySchema,
    update: updateSubscriptionPlanBodySchema,
  },
  summaries: {
    list: 'Every non-archived subscription plan (active and inactive) in order',
    create: 'Create a subscription plan (price in dollars per interval)',
    reorder: 'Reorder: ids of every non-archived plan, in the new order',
    update: 'Change a subscription plan',
    archive: 'Archive a subscription plan (never hard-deleted)',
  },
  createService: createAdminPlansService,
});
