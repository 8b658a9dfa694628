export { adminProvidersRoutes } from './admin.routes.ts';
export { openSharedCircuits } from './circuits.ts';
export { findFailingProviders } from './failures.repository.ts';
export { jobProviders } from './job-providers.ts';
export { isCapReached, providerSpendToday, totalOf } from './spend.ts';
export { providerWebhookRoutes } from './webhooks.routes.ts';
