export { adminIntroductionDialogsRoutes } from './admin.routes.ts';
export { UNLIMITED_AI_BACKGROUND_BODY, defaultIntroductionDialogs } from './default-dialogs.ts';
export { introductionDialogsRoutes } from './introduction-dialogs.routes.ts';
