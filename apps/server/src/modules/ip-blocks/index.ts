export { adminIpBlocksRoutes } from './admin.routes.ts';
export { ipBlocksPlugin } from './ip-blocks.plugin.ts';
