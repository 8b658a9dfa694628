export { adminContactRoutes } from './admin.routes.ts';
export { contactRoutes } from './contact.routes.ts';
export { contactMessages, supportConversations, supportMessages } from './tables.ts';
