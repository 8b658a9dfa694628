import { and, eq, isNull, sql } from 'drizzle-orm';
import type { EngineRegistry, ProviderCall, ProviderRequest, ProviderRequestStore } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import { attachRequestToHold, settleEndedRequest } from './provider-budget.ts';
import { jobs, providerCalls, providerRequests } from './tables.ts';
import type { JobRow } from './tables.ts';

/** The provider request a job's earlier run stored, if it has one. */
export function storedRequestOf(job: JobRow): ProviderRequest | null {
  return job.provider && job.providerModel && job.providerRequestId
    ? { provider: job.provider, model: job.providerModel, requestId: job.providerRequestId }
    : null;
}

const ofRequest = (request: ProviderRequest) =>
  and(eq(providerRequests.provider, request.provider), eq(providerRequests.requestId, request.requestId));

/**
 * Claims the one cancellation of a job's provider request: true for the first caller (who then sends it),
 * false for every later one. A request with no record yet (stored before records were kept) gets one here.
 */
export async function claimCancel(db: Db, jobId: string, request: ProviderRequest): Promise<boolean> {
  const claim = { state: 'cancelled' as const, cancelRequestedAt: sql`now()`, endedAt: sql`now()` };
  const [claimed] = await db
    .insert(providerRequests)
    .values({ jobId, provider: request.provider, model: request.model, requestId: request.requestId, ...claim })
    .onConflictDoUpdate({
      target: [providerRequests.provider, providerRequests.requestId],
      set: claim,
      setWhere: and(isNull(providerRequests.cancelRequestedAt), eq(providerRequests.state, 'live')),
    })
    .returning({ id: providerRequests.id });
  // A cancelled request may have run a while: its reservation counts as spent.
  if (claimed) await settleEndedRequest(db, request, 'cancelled');
  return Boolean(claimed);
}

/**
 * Cancels a job's provider request at the provider once, whoever asks (a user cancel, the sweeper, the run at
 * its deadline): only the caller that claims the cancellation sends it. Returns whether the provider accepted,
 * null when another caller already cancelled it.
 */
export async function cancelRequestOnce(
  deps: { db: Db; engines: Pick<EngineRegistry, 'cancelRequest'> },
  jobId: string,
  request: ProviderRequest,
): Promise<boolean | null> {
  if (!(await claimCancel(deps.db, jobId, request))) return null;
  return deps.engines.cancelRequest(request).catch(() => false);
}

/**
 * Keeps a job's provider requests: each one the provider accepted is recorded for good (provider_requests) and
 * put on the job row while this worker holds the job, stored before the engine waits (so a restart resumes
 * it); the row's copy is cleared once the request ended without a result, the record stays.
 */
export function providerRequestStore(db: Db, job: JobRow, workerId: string): ProviderRequestStore {
  return {
    existing: storedRequestOf(job),
    async submitted(request) {
      // The record first: if the job is no longer ours, the run cancels the request, and the record says so.
      await db
        .insert(providerRequests)
        .values({ jobId: job.id, provider: request.provider, model: request.model, requestId: request.requestId })
        .onConflictDoNothing();
      await attachRequestToHold(db, job.id, request);
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
      await db
        .update(providerRequests)
        .set({ state, endedAt: sql`now()` })
        .where(and(ofRequest(request), eq(providerRequests.state, 'live')));
      await settleEndedRequest(db, request, state);
      await db
        .update(jobs)
        .set({ providerRequestId: null, providerSubmittedAt: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.providerRequestId, request.requestId)));
    },
    cancelling: (request) => claimCancel(db, job.id, request),
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
