import type { FastifyBaseLogger } from 'fastify';
import { finalJobStatuses, jobCancelledMessage } from '@lumen/core/jobs/schemas';
import type { EngineRegistry } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { failJob } from './job-outcome.ts';
import { storedRequestOf } from './job-provider-request.ts';
import type { JobProviders } from './provider-port.ts';
import type { JobRow } from './tables.ts';

export const JOB_ALREADY_FINISHED_MESSAGE = 'This job has already finished';

/**
 * Stops a job that has not finished: it fails with the cancellation message and is refunded once
 * (failJob is conditional), and its request at a hosted provider is cancelled there. A worker running
 * it sees at its next heartbeat that it no longer holds the job, and stops.
 */
export async function cancelUnfinishedJob(
  deps: { db: Db; engines: EngineRegistry; log: FastifyBaseLogger; providers: Pick<JobProviders, 'cancelOnce' | 'settleFailedJob'> },
  row: JobRow,
): Promise<void> {
  if (finalJobStatuses.includes(row.status)) throw new AppError('CONFLICT', 409, JOB_ALREADY_FINISHED_MESSAGE);
  const cancelled = await failJob(deps.db, { jobId: row.id, message: jobCancelledMessage }, deps.providers);
  if (!cancelled) throw new AppError('CONFLICT', 409, JOB_ALREADY_FINISHED_MESSAGE);
  const request = storedRequestOf(cancelled);
  const accepted = request ? await deps.providers.cancelOnce(deps, row.id, request) : null;
  deps.log.info({ jobId: row.id, provider: request?.provider, providerCancelled: accepted }, 'job cancelled');
}
