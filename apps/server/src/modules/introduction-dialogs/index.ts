export { adminIntroductionDialogsRoutes } from './admin.routes.ts';
export { defaultIntroductionDialogs } from './default-dialogs.ts';
export { introductionDialogsRoutes } from './introduction-dialogs.routes.ts';
export { introductionDialogs } from './tables.ts';
