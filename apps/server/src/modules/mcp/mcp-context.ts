import type { FastifyBaseLogger } from 'fastify';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { AuthUser } from '../../plugins/fastify-types.ts';
import type { JobsService } from '../jobs/index.ts';

/** The job changes this process hears of (app.jobEvents); workers elsewhere are caught by polling. */
export type JobChanges = { on(jobId: string, listener: () => void): () => void };

/**
 * Who calls: the owner (as a plain user: keys and tokens never act as ADMIN), the API key or OAuth grant
 * (`kind: 'oauth_grant'`, its scopes and monthly cap) the call came with, and the client IP.
 */
export type McpCaller = {
  viewer: Pick<AuthUser, 'id' | 'role'>;
  apiKey: { id: string; allowedServices: ServiceKey[] | null; monthlyCreditCap: number | null; kind?: 'api_key' | 'oauth_grant' };
  ip: string;
};

/** What the tools and resources of one MCP request act with. */
export type McpContext = {
  caller: McpCaller;
  jobs: JobsService;
  changes: JobChanges;
  publicUrl: string;
  /** How long a tool waits for its job to finish before answering with the job still running. */
  resultWaitMs: number;
  /** Aborts when the app closes, so no tool keeps a shutdown waiting. */
  shutdown: AbortSignal;
  log: FastifyBaseLogger;
};
