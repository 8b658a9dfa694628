import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Job, ServiceEntry } from '@lumen/core/jobs/schemas';
import { jobIdParamsSchema } from '@lumen/core/jobs/schemas';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { serviceDefinitions } from '../jobs/index.ts';
import { jobHeadline, presentJob, waitForFinalStatus } from './job-result.ts';
import type { McpContext } from './mcp-context.ts';
import { linkedSignal } from '../../lib/linked-signal.ts';
import { toolErrorOf } from './mcp-errors.ts';
import { toolDescription, toolInputSchema } from './tool-input.ts';
import type { ServiceToolArgs } from './tool-input.ts';
import { GET_JOB_TOOL, toolNameOf } from './tool-names.ts';

async function jobResultOf(ctx: McpContext, job: Job, note: string, isError: boolean): Promise<CallToolResult> {
  const result = await presentJob(ctx, job);
  return {
    isError,
    content: [{ type: 'text', text: `${note}${JSON.stringify(result, null, 2)}` }],
    structuredContent: result,
  };
}

/** Submits the job through the jobs service, as POST /jobs does, then waits a little for its result. */
async function runServiceTool(ctx: McpContext, service: ServiceKey, args: ServiceToolArgs, signal: AbortSignal): Promise<CallToolResult> {
  const { viewer, apiKey, ip } = ctx.caller;
  const wait = linkedSignal([signal, ctx.shutdown]);
  try {
    const files = Object.fromEntries(Object.entries(args.files ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const submitted = await ctx.jobs.createJob(
      viewer,
      { service, params: args.params, files },
      { idempotencyKey: args.idempotencyKey, apiKey, ip, route: `mcp ${service}` },
    );
    const job = await waitForFinalStatus({
      first: submitted.job,
      read: () => ctx.jobs.getJob(viewer, submitted.job.id, apiKey),
      changes: ctx.changes,
      timeoutMs: ctx.resultWaitMs,
      signal: wait.signal,
    });
    const replay = submitted.isReplay ? 'Same idempotencyKey as an earlier call: this is that job, not charged again.\n' : '';
    // A run whose job failed (and was refunded) is a failed tool call; reading a failed job is not.
    return await jobResultOf(ctx, job, `${replay}${jobHeadline(job, Math.round(ctx.resultWaitMs / 1000))}\n`, job.status === 'failed');
  } catch (error) {
    return toolErrorOf(error, ctx.log);
  } finally {
    wait.unlink();
  }
}

/**
 * One tool per AI service the key may use, described with its current cost (`entries`, as GET
 * /services lists them), and get_job. `alsoRegister` are out-of-scope services this request calls:
 * registered (unlisted) so the call gets the jobs service's own scope refusal.
 */
export function registerServiceTools(
  server: McpServer,
  ctx: McpContext,
  entries: ServiceEntry[],
  alsoRegister: ReadonlySet<ServiceKey>,
): void {
  const { allowedServices } = ctx.caller.apiKey;
  const waitSeconds = Math.round(ctx.resultWaitMs / 1000);
  for (const entry of entries) {
    if (allowedServices && !allowedServices.includes(entry.key) && !alsoRegister.has(entry.key)) continue;
    const definition = serviceDefinitions[entry.key];
    server.registerTool(
      toolNameOf(entry.key),
      {
        title: definition.name,
        description: toolDescription(definition, entry, ctx.publicUrl, waitSeconds),
        inputSchema: toolInputSchema(definition),
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      (args, extra) => runServiceTool(ctx, entry.key, args, extra.signal),
    );
  }

  server.registerTool(
    GET_JOB_TOOL,
    {
      title: 'Get a job',
      description:
        'One of your jobs by id, as GET /api/v1/jobs/{id} gives it: status, progress, cost, error, and the output links once it succeeded. Free.',
      inputSchema: jobIdParamsSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ id }) => {
      try {
        const job = await ctx.jobs.getJob(ctx.caller.viewer, id, ctx.caller.apiKey);
        return await jobResultOf(ctx, job, `${jobHeadline(job, null)}\n`, false);
      } catch (error) {
        return toolErrorOf(error, ctx.log);
      }
    },
  );
}
