export { adminSettingsRoutes } from './admin.routes.ts';
export { settingsRoutes } from './settings.routes.ts';
export { getPlatformSettings } from './settings.service.ts';
