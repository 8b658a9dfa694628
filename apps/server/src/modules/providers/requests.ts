import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ProviderName } from '@lumen/core/services/providers';
import type { EngineRegistry, ProviderCall, ProviderRequest } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import type { JobRow, ProviderRequestRecords, Tx } from '../jobs/index.ts';
import { attachRequestToHold, settleEndedRequest } from './budget.ts';
import { providerCalls, providerRequests } from './tables.ts';

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
 * The records of a job's provider requests: each one the provider accepted is kept for good (provider_requests)
 * and takes over the job's open budget reservation; one that ended without a result is marked so and its
 * reservation settled. The job row's copy of the request (the one a run resumes) is the jobs module's.
 */
export function requestRecords(db: Db, jobId: string): ProviderRequestRecords {
  return {
    async submitted(request) {
      // The record first: if the job is no longer ours, the run cancels the request, and the record says so.
      await db
        .insert(providerRequests)
        .values({ jobId, provider: request.provider, model: request.model, requestId: request.requestId })
        .onConflictDoNothing();
      await attachRequestToHold(db, jobId, request);
    },
    async ended(request, state = 'failed') {
      await db
        .update(providerRequests)
        .set({ state, endedAt: sql`now()` })
        .where(and(ofRequest(request), eq(providerRequests.state, 'live')));
      await settleEndedRequest(db, request, state);
    },
    cancelling: (request) => claimCancel(db, jobId, request),
  };
}

/** A finished job's request that made its result (its provider's, still live) ends on record with the run's cost. */
export async function endSucceededRequest(
  tx: Tx,
  jobId: string,
  run: { provider: ProviderName; costMicroUsd: number | null },
): Promise<void> {
  await tx
    .update(providerRequests)
    .set({ state: 'succeeded', endedAt: sql`now()`, costMicroUsd: run.costMicroUsd })
    .where(and(eq(providerRequests.jobId, jobId), eq(providerRequests.provider, run.provider), eq(providerRequests.state, 'live')));
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
