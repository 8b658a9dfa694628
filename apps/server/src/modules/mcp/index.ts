export { mcpRoutes } from './mcp.routes.ts';
export { GET_JOB_TOOL, toolNameOf } from './tool-names.ts';
