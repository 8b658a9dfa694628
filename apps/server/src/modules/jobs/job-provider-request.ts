import { and, eq, sql } from 'drizzle-orm';
import type { ProviderRequest, ProviderRequestStore } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import type { ProviderRequestRecords } from './provider-port.ts';
import { jobs } from './tables.ts';
import type { JobRow } from './tables.ts';

/** The provider request a job's earlier run stored, if it has one. */
export function storedRequestOf(job: JobRow): ProviderRequest | null {
  return job.provider && job.providerModel && job.providerRequestId
    ? { provider: job.provider, model: job.providerModel, requestId: job.providerRequestId }
    : null;
}

/**
 * What a run hands its engine to keep its provider requests: the providers module records each one for good, and
 * the job row holds the live one while this worker holds the job, stored before the engine waits (so a restart
 * resumes it); the row's copy is cleared once the request ended without a result, the record stays.
 */
export function requestStoreOf(db: Db, job: JobRow, workerId: string, records: ProviderRequestRecords): ProviderRequestStore {
  return {
    existing: storedRequestOf(job),
    async submitted(request) {
      await records.submitted(request);
      const [row] = await db
        .update(jobs)
        .set({
          provider: request.provider,
          providerModel: request.model,
          providerRequestId: request.requestId,
          providerSubmittedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.workerId, workerId), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      if (!row) throw new Error('the job is no longer held by this worker');
    },
    async ended(request, state = 'failed') {
      await records.ended(request, state);
      await db
        .update(jobs)
        .set({ providerRequestId: null, providerSubmittedAt: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.providerRequestId, request.requestId)));
    },
    cancelling: records.cancelling,
  };
}
