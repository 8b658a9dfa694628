import { serviceKeys } from '../../packages/core/src/services/catalogue.ts';

/** Every page of the signed-in dashboard, as a person reaches them (tools, account, pricing). */
export const DASHBOARD_PAGES = [
  '/dashboard',
  ...serviceKeys.map((key) => `/dashboard/tools/${key}`),
  '/dashboard/community',
  '/dashboard/subscription',
  '/dashboard/result-library',
  '/dashboard/account/billing',
  '/dashboard/account/api-management',
  '/dashboard/account/profile',
  '/dashboard/support',
  '/pricing',
];
