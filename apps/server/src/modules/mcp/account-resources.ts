import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { jobIdParamsSchema } from '@lumen/core/jobs/schemas';
import { presentJob, toJobResult } from './job-result.ts';
import type { McpContext } from './mcp-context.ts';
import { resourceErrorOf } from './mcp-errors.ts';

const BALANCE_URI = 'lumen://balance';
const JOBS_URI = 'lumen://jobs';
const JOB_URI_TEMPLATE = 'lumen://jobs/{id}';
/** Newest jobs in lumen://jobs; older ones through GET /api/v1/jobs?page=… */
const JOBS_RESOURCE_LIMIT = 50;

/** The credit account reader GET /credits/balance uses. */
export type Accounts = { getAccount(userId: string): Promise<{ balance: number }> };

const json = (uri: URL, value: unknown): ReadResourceResult => ({
  contents: [{ uri: uri.toString(), mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
});

/** Runs a read, turning a refusal into the JSON-RPC error the client sees (404 → resource not found). */
async function reading(ctx: McpContext, read: () => Promise<ReadResourceResult>): Promise<ReadResourceResult> {
  try {
    return await read();
  } catch (error) {
    throw resourceErrorOf(error, ctx.log);
  }
}

/** The caller's balance and jobs, and nothing of anyone else's (the jobs service checks the owner and the key's scopes). */
export function registerAccountResources(server: McpServer, ctx: McpContext, accounts: Accounts): void {
  const { viewer, apiKey } = ctx.caller;

  server.registerResource(
    'balance',
    BALANCE_URI,
    { title: 'Credit balance', description: 'Your credit balance, as GET /api/v1/credits/balance gives it', mimeType: 'application/json' },
    (uri) => reading(ctx, async () => json(uri, { balance: (await accounts.getAccount(viewer.id)).balance })),
  );

  server.registerResource(
    'jobs',
    JOBS_URI,
    {
      title: 'Your jobs',
      description: `Your ${JOBS_RESOURCE_LIMIT} newest jobs (of the services this key may use), as GET /api/v1/jobs gives them`,
      mimeType: 'application/json',
    },
    (uri) =>
      reading(ctx, async () => {
        const page = await ctx.jobs.listJobs(viewer, { page: 1, limit: JOBS_RESOURCE_LIMIT }, apiKey);
        return json(uri, { ...page, items: page.items.map((job) => toJobResult(job, ctx.publicUrl)) });
      }),
  );

  server.registerResource(
    'job',
    new ResourceTemplate(JOB_URI_TEMPLATE, { list: undefined }),
    { title: 'One job', description: 'One of your jobs by id, as GET /api/v1/jobs/{id} gives it', mimeType: 'application/json' },
    (uri, variables) =>
      reading(ctx, async () => {
        const parsed = jobIdParamsSchema.safeParse({ id: variables.id });
        // Checked here: an id that is not a UUID must not reach the database query.
        if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, 'Not a job id');
        return json(uri, await presentJob(ctx, await ctx.jobs.getJob(viewer, parsed.data.id, apiKey)));
      }),
  );
}
