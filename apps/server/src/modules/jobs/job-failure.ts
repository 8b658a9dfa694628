import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { Db } from '../../db/database.ts';
import { isAppError } from '../../plugins/app-error.ts';
import { AtProvider, BudgetExhausted, EngineInputError } from '@lumen/engines';
import type { EngineRegistry } from '@lumen/engines';
import { failJob, leaveAtProvider, requeueJob } from './job-outcome.ts';
import { billedFailureOf } from './job-run-cost.ts';
import { JobReleasedError, JobTimeoutError, WorkerStoppingError } from './job-run-signal.ts';
import { loadPricing, runCostOf } from '../provider-prices/index.ts';
import type { JobProviders } from './provider-port.ts';
import { jobs } from './tables.ts';
import type { JobRow } from './tables.ts';

const genericFailure = 'The service could not process this job. Your credits were refunded.';

export type FailureDeps = {
  db: Db;
  engines: EngineRegistry;
  providers: Pick<JobProviders, 'settleFailedJob'>;
  workerId: string;
  options: { maxAttempts: number; backoffMs(attempt: number): number; atProviderRecheckMs: number };
};

/**
 * What a run that did not finish leaves behind, by why it stopped: nothing (released), the job at its provider, the
 * job back in the queue (worker stopping, or a transient error with attempts left), or the job failed and refunded.
 */
export async function settleUnfinishedRun(
  deps: FailureDeps,
  job: JobRow,
  error: unknown,
  timeoutMs: number,
  jobLog: FastifyBaseLogger,
): Promise<void> {
  if (error instanceof JobReleasedError) jobLog.info('job run stopped: the job was cancelled or taken back');
  else if (error instanceof AtProvider) await leaveWithProvider(deps, job, error, jobLog);
  else if (error instanceof WorkerStoppingError) await handBack(deps, job, jobLog);
  else if (isTransient(error) && job.attempts < deps.options.maxAttempts) await retryLater(deps, job, error, jobLog);
  else await failForGood(deps, job, error, timeoutMs, jobLog);
}

const isTransient = (error: unknown) => Boolean((error as { transient?: unknown } | null)?.transient === true);

/** The engine left the request to the provider's webhook: no worker holds the job until it comes (or the re-check). */
async function leaveWithProvider(deps: FailureDeps, job: JobRow, error: AtProvider, jobLog: FastifyBaseLogger) {
  const left = await leaveAtProvider(deps.db, { jobId: job.id, workerId: deps.workerId, recheckAfterMs: deps.options.atProviderRecheckMs });
  jobLog.info({ provider: error.request.provider, requestId: error.request.requestId, status: left?.status }, 'job left at the provider');
}

/** Shutting down: hand the job to the next worker without counting this run. */
async function handBack(deps: FailureDeps, job: JobRow, jobLog: FastifyBaseLogger) {
  await deps.db
    .update(jobs)
    .set({ attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(and(eq(jobs.id, job.id), eq(jobs.workerId, deps.workerId)));
  await requeueJob(deps.db, { jobId: job.id, workerId: deps.workerId, delayMs: 0 });
  jobLog.info('job handed back to the queue (worker stopping)');
}

async function retryLater(deps: FailureDeps, job: JobRow, error: unknown, jobLog: FastifyBaseLogger) {
  const delayMs = deps.options.backoffMs(job.attempts);
  await requeueJob(deps.db, { jobId: job.id, workerId: deps.workerId, delayMs });
  jobLog.warn({ err: error, delayMs }, 'job failed with a transient error; retrying later');
}

/** Fails the job and refunds it once; what a provider billed for the failed run is recorded as its cost. */
async function failForGood(deps: FailureDeps, job: JobRow, error: unknown, timeoutMs: number, jobLog: FastifyBaseLogger) {
  const message = userMessage(error, timeoutMs);
  if (message === genericFailure) jobLog.error({ err: error }, 'job failed');
  else jobLog.warn({ reason: message }, 'job failed');
  const service = job.service as ServiceKey;
  const pricing = await loadPricing(deps.db);
  const billed = billedFailureOf(error, deps.engines.providersOf(service), (run) =>
    runCostOf(pricing, deps.engines, service, run, job.params),
  );
  await failJob(deps.db, { jobId: job.id, workerId: deps.workerId, message, ...(billed ? { billed } : {}) }, deps.providers);
}

/** What the user reads about a failed job: the engine's or provider's own words where they are meant for users. */
function userMessage(error: unknown, timeoutMs: number): string {
  if (error instanceof JobTimeoutError) {
    return `The job took longer than ${Math.round(timeoutMs / 1000)} seconds and was stopped. Your credits were refunded.`;
  }
  if (error instanceof EngineInputError || error instanceof BudgetExhausted || isAppError(error)) return error.message;
  if (error instanceof Error && error.name === 'ProviderError') return error.message;
  return genericFailure;
}
