export { mcpRoutes } from './mcp.routes.ts';
