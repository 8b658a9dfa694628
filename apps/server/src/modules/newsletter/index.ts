export { adminNewsletterRoutes } from './admin.routes.ts';
export { newsletterRoutes } from './newsletter.routes.ts';
export { newsletterSubscribers } from './tables.ts';
