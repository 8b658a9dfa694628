export { adminVideosRoutes } from './admin.routes.ts';
export { videosRoutes } from './videos.routes.ts';
