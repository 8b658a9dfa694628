export { adminContactRoutes } from './admin.routes.ts';
export { contactRoutes } from './contact.routes.ts';
export { contactPersonalData, eraseContactPersonalData } from './personal-data.ts';
