export { accountDataRoutes } from './account-data.routes.ts';
