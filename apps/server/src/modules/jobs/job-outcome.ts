import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ProviderName } from '@lumen/core/services/providers';
import type { Db } from '../../db/database.ts';
import { enqueueJobWebhook } from './job-webhooks.ts';
import { refundCharge } from '../credits/index.ts';
import type { JobProviders } from './provider-port.ts';
import { jobOutputs, jobs } from './tables.ts';
import type { JobRow } from './tables.ts';

export type StoredOutput = Omit<typeof jobOutputs.$inferInsert, 'jobId'>;

/** The hosted provider and model that made a job's result, this run's time, and the published price. */
export type ProviderRun = { provider: ProviderName; model: string; runMs: number; costMicroUsd: number | null };

/** Engines report their summary as a JSON object (the job's API schema says so); anything else is not kept. */
function asSummary(summary: unknown): Record<string, unknown> | null {
  return typeof summary === 'object' && summary !== null && !Array.isArray(summary) ? (summary as Record<string, unknown>) : null;
}

/**
 * Records a finished run: outputs and status in one transaction, only if this worker still holds the
 * job (a sweeper may have taken it back). Returns false when the job was no longer ours.
 */
export async function completeJob(
  db: Db,
  input: { jobId: string; workerId: string; outputs: StoredOutput[]; summary: unknown; providerRun?: ProviderRun | null },
  providers: Pick<JobProviders, 'settleFinishedJob'>,
): Promise<boolean> {
  const run = input.providerRun;
  const providerColumns = run
    ? {
        provider: run.provider,
        providerModel: run.model,
        // A queued request counts from its submission (an earlier run may have started it); others from this run's start.
        providerTimeMs: sql`coalesce(round(extract(epoch from (now() - ${jobs.providerSubmittedAt})) * 1000)::integer, ${run.runMs})`,
        providerCostMicroUsd: run.costMicroUsd,
      }
    : {};
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({
        status: 'succeeded',
        progress: 1,
        finishedAt: sql`now()`,
        summary: asSummary(input.summary),
        error: null,
        workerId: null,
        ...providerColumns,
      })
      .where(and(eq(jobs.id, input.jobId), eq(jobs.workerId, input.workerId), eq(jobs.status, 'running')))
      .returning();
    if (!row) return false;
    // Its budget reservation settles at the run's cost and its request ends on record, in the transaction that records it.
    if (run) await providers.settleFinishedJob(tx, input.jobId, run);
    if (input.outputs.length > 0) await tx.insert(jobOutputs).values(input.outputs.map((output) => ({ ...output, jobId: input.jobId })));
    await enqueueJobWebhook(tx, row);
    return true;
  });
}

/**
 * Fails a job for good and gives its credits back, once: the status change is conditional and the
 * refund is keyed by the charge (decision 004), so a failure reported twice refunds once.
 * `workerId` limits it to the worker that holds the job; omit it for the sweeper and admins.
 */
export async function failJob(
  db: Db,
  input: {
    jobId: string;
    message: string;
    workerId?: string;
    /** What a provider billed for the failed run (a refused or cut-off answer): it counts in the day's spend. */
    billed?: { provider: ProviderName; model: string; costMicroUsd: number };
  },
  providers: Pick<JobProviders, 'settleFailedJob'>,
): Promise<JobRow | null> {
  return db.transaction(async (tx) => {
    const conditions = [eq(jobs.id, input.jobId), inArray(jobs.status, ['queued', 'running', 'at_provider'])];
    if (input.workerId) conditions.push(eq(jobs.workerId, input.workerId));
    const billed = input.billed
      ? { provider: input.billed.provider, providerModel: input.billed.model, providerCostMicroUsd: input.billed.costMicroUsd }
      : {};
    const [failed] = await tx
      .update(jobs)
      .set({ status: 'failed', error: input.message, finishedAt: sql`now()`, workerId: null, ...billed })
      .where(and(...conditions))
      .returning();
    const job =
      failed ??
      (await tx
        .select()
        .from(jobs)
        .where(eq(jobs.id, input.jobId))
        .then((rows) => rows[0]));
    if (!job || job.status !== 'failed') return null;
    await providers.settleFailedJob(tx, job.id, input.billed);
    const refunded = await refundJob(tx, job);
    if (failed) await enqueueJobWebhook(tx, refunded ? { ...job, refundedAt: new Date() } : job);
    return job;
  });
}

/** Refunds a failed job's charge if that has not happened yet (idempotent). */
export async function refundJob(db: Db, job: JobRow, reason = 'Job failed'): Promise<boolean> {
  if (!job.chargeLedgerId) return false;
  const [marked] = await db
    .update(jobs)
    .set({ refundedAt: sql`now()` })
    .where(and(eq(jobs.id, job.id), isNull(jobs.refundedAt)))
    .returning({ id: jobs.id });
  if (!marked) return false;
  await refundCharge(db, { userId: job.userId, chargeEntryId: job.chargeLedgerId, reason: `${reason}: ${job.service}` });
  return true;
}

/** Puts a job back in the queue (transient error, or its worker died), to run after `delayMs`. */
export async function requeueJob(db: Db, input: { jobId: string; workerId?: string; delayMs: number; note?: string }): Promise<boolean> {
  const conditions = [eq(jobs.id, input.jobId), eq(jobs.status, 'running')];
  if (input.workerId) conditions.push(eq(jobs.workerId, input.workerId));
  const [row] = await db
    .update(jobs)
    .set({
      status: 'queued',
      workerId: null,
      progress: 0,
      heartbeatAt: null,
      runAfter: sql`now() + ${`${Math.max(0, Math.round(input.delayMs))} milliseconds`}::interval`,
      error: input.note ?? null,
    })
    .where(and(...conditions))
    .returning({ id: jobs.id });
  return Boolean(row);
}

/**
 * Leaves a running job at its provider: no worker holds it until the provider's webhook queues it
 * again, or until `recheckAfterMs` when a worker looks at the request anyway (a webhook that never
 * came). When the webhook already came while the worker still held the job, it is queued at once.
 * The run does not count as an attempt.
 */
export async function leaveAtProvider(db: Db, input: { jobId: string; workerId: string; recheckAfterMs: number }): Promise<JobRow | null> {
  const notified = sql`${jobs.providerNotifiedAt} is not null`;
  const [row] = await db
    .update(jobs)
    .set({
      status: sql`case when ${notified} then 'queued' else 'at_provider' end`,
      runAfter: sql`case when ${notified} then now() else now() + ${`${Math.max(0, Math.round(input.recheckAfterMs))} milliseconds`}::interval end`,
      providerNotifiedAt: null,
      workerId: null,
      heartbeatAt: null,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
    })
    .where(and(eq(jobs.id, input.jobId), eq(jobs.workerId, input.workerId), eq(jobs.status, 'running')))
    .returning();
  return row ?? null;
}

/** What a provider's verified webhook did: queued a job waiting at the provider, noted it for a job still running, or nothing. */
export type WebhookOutcome = { jobId: string; effect: 'queued' | 'noted' } | { jobId: null; effect: 'ignored' };

/**
 * A provider said (in a verified webhook) that a request ended: the job holding it is queued if it waits at the
 * provider, or noted if a worker still runs it (which then queues it itself). Each change is conditional on the
 * job's state: a duplicate, a replay or a delivery after a poll finished the job changes nothing.
 */
export async function queueJobOfEndedRequest(db: Db, request: { provider: ProviderName; requestId: string }): Promise<WebhookOutcome> {
  const ofRequest = and(eq(jobs.provider, request.provider), eq(jobs.providerRequestId, request.requestId));
  const [queued] = await db
    .update(jobs)
    .set({ status: 'queued', runAfter: sql`now()` })
    .where(and(ofRequest, eq(jobs.status, 'at_provider')))
    .returning({ id: jobs.id });
  if (queued) return { jobId: queued.id, effect: 'queued' };
  // The provider can finish before the worker has left the job at the provider: the worker queues it then.
  const [noted] = await db
    .update(jobs)
    .set({ providerNotifiedAt: sql`now()` })
    .where(and(ofRequest, eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  if (noted) return { jobId: noted.id, effect: 'noted' };
  return { jobId: null, effect: 'ignored' };
}
