import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { registerAccountResources } from './account-resources.ts';
import type { Accounts } from './account-resources.ts';
import type { McpCaller, McpContext } from './mcp-context.ts';
import { registerServiceTools } from './service-tools.ts';

const MCP_SERVER_INFO = { name: 'lumen-studio', version: '1.0.0' };

const INSTRUCTIONS =
  'Lumen Studio runs AI creative services, each a tool that submits a job paid with credits from your balance ' +
  '(the cost is in its description). Read lumen://balance before a paid run; follow a job with get_job or lumen://jobs/{id}.';

type Deps = Omit<McpContext, 'caller'> & { accounts: Accounts };

/** Builds the MCP server one caller talks to: their tools, priced now, and their own resources. */
export function createMcpService(deps: Deps) {
  const { accounts, ...shared } = deps;
  return {
    /** `calledServices`: out-of-scope services this request calls (see servicesCalledIn). */
    async serverFor(caller: McpCaller, calledServices: ReadonlySet<ServiceKey> = new Set()): Promise<McpServer> {
      const ctx: McpContext = { ...shared, caller };
      const entries = await deps.jobs.listServices(null);
      const server = new McpServer(MCP_SERVER_INFO, { instructions: INSTRUCTIONS });
      registerServiceTools(server, ctx, entries, calledServices);
      registerAccountResources(server, ctx, accounts);
      return server;
    },
  };
}

export type McpService = ReturnType<typeof createMcpService>;
