export { adminNewsletterRoutes } from './admin.routes.ts';
export { newsletterRoutes } from './newsletter.routes.ts';
export { eraseNewsletterPersonalData, newsletterPersonalData } from './personal-data.ts';
