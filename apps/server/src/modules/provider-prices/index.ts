export { adminProviderPricesRoutes } from './admin.routes.ts';
export type { AdminProviderPricesOptions } from './admin.routes.ts';
export {
  checkNotBelowCost,
  expectedJobCostMicroUsd,
  expectedProviderCostMicroUsd,
  loadPricing,
  marginLines,
  runCostOf,
} from './pricing.service.ts';
export type { Pricing } from './pricing.service.ts';
