export { billingRoutes } from './billing.routes.ts';
export { priceListRoutes } from './price-list.routes.ts';
