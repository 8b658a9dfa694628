export { crawlRoutes } from './crawl.routes.ts';
