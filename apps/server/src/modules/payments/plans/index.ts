export { adminSubscriptionPlansRoutes } from './plans-admin.routes.ts';
export { findActivePlan } from './plans.repository.ts';
export { toSubscriptionPlanDto } from './plan.dto.ts';
export { listActivePlans } from './plans.repository.ts';
export { PLAN_NOT_FOUND_MESSAGE } from './plan.dto.ts';
