import { and, eq, sql } from 'drizzle-orm';
import type { ProviderCall, ProviderRequest, ProviderRequestStore } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import { jobs, providerCalls } from './tables.ts';
import type { JobRow } from './tables.ts';

/** The provider request a job's earlier run stored, if it has one. */
export function storedRequestOf(job: JobRow): ProviderRequest | null {
  return job.provider && job.providerModel && job.providerRequestId
    ? { provider: job.provider, model: job.providerModel, requestId: job.providerRequestId }
    : null;
}

/**
 * Keeps a job's provider request on its row while this worker holds the job: stored before the
 * engine waits (so a restart resumes it), cleared once the request ended without a result.
 */
export function providerRequestStore(db: Db, job: JobRow, workerId: string): ProviderRequestStore {
  return {
    existing: storedRequestOf(job),
    async submitted(request) {
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
    async ended(request) {
      await db
        .update(jobs)
        .set({ providerRequestId: null, providerSubmittedAt: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.providerRequestId, request.requestId)));
    },
  };
}

/** Keeps one call to a provider for its health figures. */
export async function recordProviderCall(db: Db, job: Pick<JobRow, 'id' | 'service'>, call: ProviderCall): Promise<void> {
  await db.insert(providerCalls).values({
    jobId: job.id,
    service: job.service,
    provider: call.provider,
    model: call.model,
    succeeded: call.succeeded,
    transient: call.transient,
    durationMs: Math.max(0, Math.round(call.durationMs)),
  });
}
