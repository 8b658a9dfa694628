import type { FastifyBaseLogger } from 'fastify';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { AuthUser } from '../../plugins/fastify-types.ts';
import type { JobsService } from '../jobs/index.ts';

/** The job changes this process hears of (app.jobEvents); workers elsewhere are caught by polling. */
export type JobChanges = { on(jobId: string, listener: () => void): () => void };

/** Who calls: the key's owner (as a plain user: keys never act as ADMIN), the key itself and the client IP. */
export type McpCaller = {
  viewer: Pick<AuthUser, 'id' | 'role'>;
  apiKey: { id: string; allowedServices: ServiceKey[] | null; monthlyCreditCap: number | null };
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
