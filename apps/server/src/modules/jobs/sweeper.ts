import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { ProviderRequest } from '@lumen/engines';
import { failJob, requeueJob } from './job-outcome.ts';
import { storedRequestOf } from './job-provider-request.ts';
import type { JobProviders } from './provider-port.ts';
import { jobTimeoutMs, serviceDefinitions } from './service-catalogue.ts';
import type { JobTimeouts } from './service-catalogue.ts';
import { jobs } from './tables.ts';
import type { JobRow } from './tables.ts';

/** A job whose worker died is run again this many times in all before it fails for good. */
export const MAX_RUNS_AFTER_CRASH = 2;
/** Time past a service's timeout before the sweeper steps in (the worker aborts on time itself). */
export const TIMEOUT_GRACE_MS = 30_000;

type SweeperProviders = Pick<JobProviders, 'claimCancel' | 'settleFailedJob'>;

export const stuckJobMessage = 'The job stopped unexpectedly and could not be finished. Your credits were refunded.';

/**
 * Finds running jobs whose worker died (heartbeat older than `staleAfterMs`) or that ran past their
 * timeout plus a grace period, and re-queues each once (attempts < 2) or fails and refunds it; and
 * fails and refunds jobs left at their provider for longer than their timeout since submission.
 * Safe to run from several processes at once: every change is conditional on the job still running.
 */
export async function sweepStuckJobs(
  db: Db,
  options: {
    staleAfterMs: number;
    /** The deadlines jobs are held to (hosted ones from the configured models); the catalogue's when absent. */
    timeouts?: JobTimeouts;
    graceMs?: number;
    log?: FastifyBaseLogger;
    /** Settles a failed job's budget reservations and claims the one cancellation of its provider request. */
    providers: SweeperProviders;
    /** Cancels the provider request of a job failed here; nobody waits on it any more. */
    cancelRequest?: (request: ProviderRequest) => Promise<unknown>;
  },
): Promise<string[]> {
  const graceMs = options.graceMs ?? TIMEOUT_GRACE_MS;
  const timeoutOf = (service: string, engineKind = 'builtin') => jobTimeoutMs(options.timeouts, service, engineKind);
  const shortest = Math.min(...Object.keys(serviceDefinitions).map((service) => timeoutOf(service)));
  const candidates = await db
    .select({
      job: jobs,
      heartbeatAgeMs: sql<string | null>`extract(epoch from (now() - ${jobs.heartbeatAt})) * 1000`,
      runningForMs: sql<string | null>`extract(epoch from (now() - ${jobs.startedAt})) * 1000`,
    })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'running'),
        or(
          lt(jobs.heartbeatAt, sql`now() - ${`${options.staleAfterMs} milliseconds`}::interval`),
          lt(jobs.startedAt, sql`now() - ${`${shortest + graceMs} milliseconds`}::interval`),
        ),
      ),
    );
  const swept: string[] = [];
  for (const { job, heartbeatAgeMs, runningForMs } of candidates) {
    const heartbeatAge = heartbeatAgeMs === null ? Infinity : Number(heartbeatAgeMs);
    const runningFor = runningForMs === null ? 0 : Number(runningForMs);
    const isStale = heartbeatAge > options.staleAfterMs;
    const isOverdue = runningFor > timeoutOf(job.service, job.engineKind) + graceMs;
    if (!isStale && !isOverdue) continue;
    if (isStale && job.attempts < MAX_RUNS_AFTER_CRASH) {
      if (await requeueJob(db, { jobId: job.id, delayMs: 0 })) {
        options.log?.warn({ jobId: job.id, attempts: job.attempts }, 'sweeper: re-queued a job whose worker stopped');
        swept.push(job.id);
      }
      continue;
    }
    if (await failJob(db, { jobId: job.id, message: stuckJobMessage }, options.providers)) {
      options.log?.warn({ jobId: job.id, attempts: job.attempts, isOverdue }, 'sweeper: failed and refunded a stuck job');
      swept.push(job.id);
      await cancelStoredRequest(db, job, options);
    }
  }
  swept.push(...(await sweepOverdueAtProvider(db, { ...options, timeoutOf, shortestMs: shortest + graceMs, graceMs })));
  return swept;
}

/** Jobs waiting at their provider past their timeout (counted from submission): failed, refunded, cancelled there. */
async function sweepOverdueAtProvider(
  db: Db,
  options: {
    timeoutOf: (service: string, engineKind?: string) => number;
    shortestMs: number;
    graceMs: number;
    log?: FastifyBaseLogger;
    providers: SweeperProviders;
    cancelRequest?: (request: ProviderRequest) => Promise<unknown>;
  },
): Promise<string[]> {
  const candidates = await db
    .select({ job: jobs, waitingForMs: sql<string>`extract(epoch from (now() - ${jobs.providerSubmittedAt})) * 1000` })
    .from(jobs)
    .where(
      and(eq(jobs.status, 'at_provider'), lt(jobs.providerSubmittedAt, sql`now() - ${`${options.shortestMs} milliseconds`}::interval`)),
    );
  const swept: string[] = [];
  for (const { job, waitingForMs } of candidates) {
    const timeoutMs = options.timeoutOf(job.service, job.engineKind);
    if (Number(waitingForMs) <= timeoutMs + options.graceMs) continue;
    const message = `The job took longer than ${Math.round(timeoutMs / 1000)} seconds and was stopped. Your credits were refunded.`;
    if (!(await failJob(db, { jobId: job.id, message }, options.providers))) continue;
    options.log?.warn({ jobId: job.id, provider: job.provider }, 'sweeper: failed and refunded a job its provider did not finish in time');
    swept.push(job.id);
    await cancelStoredRequest(db, job, options);
  }
  return swept;
}

type CancelOptions = {
  log?: FastifyBaseLogger;
  providers: SweeperProviders;
  cancelRequest?: (request: ProviderRequest) => Promise<unknown>;
};

/**
 * Cancels the provider request of a job failed here, if it has one: nobody waits on it any more. Claimed
 * first, so a request its run or a user cancel already cancelled is not cancelled again.
 */
async function cancelStoredRequest(db: Db, job: JobRow, options: CancelOptions): Promise<void> {
  const request = storedRequestOf(job);
  if (!request || !options.cancelRequest || !(await options.providers.claimCancel(db, job.id, request))) return;
  await options
    .cancelRequest(request)
    .catch((error: unknown) => options.log?.warn({ err: error, jobId: job.id }, 'sweeper: cancelling the provider request failed'));
}
