import { randomUUID } from 'node:crypto';
import type { AdminJob, AdminJobDetail, AdminJobListQuery } from '@lumen/core/jobs/schemas';
import type { Paginated } from '@lumen/core/http/pagination';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { moveCredits } from '../credits/index.ts';
import type { FileLinks } from '../files/index.ts';
import { toJobDto } from './job.dto.ts';
import { refundJob } from './job-outcome.ts';
import { listOutputs } from './jobs.repository.ts';
import type { JobRow } from './tables.ts';
import { toUploadDto } from './uploads.service.ts';
import { findAdminJobsPage, findJobWithUser, findUploadsByIds, requeueFailedJob } from './admin-jobs.repository.ts';
import { jobLedgerEntries } from '../credits/index.ts';

export const adminJobMessages = {
  notFound: 'Job not found',
  alreadyRefunded: 'This job was already refunded',
  refundNotFinished: 'Only a finished job can be refunded; wait until it succeeds or fails',
  nothingToRefund: 'This job was free: there is nothing to refund',
  retryNotFailed: 'Only a failed job can be retried',
  retryBalance: (balance: number, cost: number) =>
    `The user's balance (${balance}) cannot pay the ${cost} credits of this job again after its refund`,
} as const;

const target = 'job';

/** What the audit log keeps of a job before and after an admin action. */
const auditView = (job: JobRow) => ({
  status: job.status,
  cost: job.cost,
  refunded: job.refundedAt !== null,
  chargeLedgerId: job.chargeLedgerId,
  error: job.error,
});

/** Admin views and actions on everyone's jobs; retry and refund commit together with their audit row. */
export function createAdminJobsService(deps: { db: Db; links: FileLinks; onRequeued(jobId: string): void }) {
  const { db, links } = deps;

  async function toAdminJob(job: JobRow, user: AdminJob['user']): Promise<AdminJob> {
    const outputs = await listOutputs(db, [job.id]);
    return { ...toJobDto(job, outputs, links, true), user };
  }

  async function detail(id: string): Promise<AdminJobDetail> {
    const found = await findJobWithUser(db, id);
    if (!found) throw new AppError('NOT_FOUND', 404, adminJobMessages.notFound);
    const { job, user } = found;
    const uploadRefs = Object.entries(job.files).filter(([, ref]) => ref.source === 'upload');
    const [base, uploads, ledger] = await Promise.all([
      toAdminJob(job, user),
      findUploadsByIds(
        db,
        uploadRefs.map(([, ref]) => ref.id),
      ),
      jobLedgerEntries(db, job),
    ]);
    const inputs = uploadRefs.flatMap(([field, ref]) => {
      const row = uploads.find((upload) => upload.id === ref.id);
      return row ? [{ ...toUploadDto(row, links), field }] : [];
    });
    const ms = (from: Date | null, to: Date | null) => (from && to ? to.getTime() - from.getTime() : null);
    return {
      ...base,
      inputs,
      timings: {
        queuedMs: ms(job.createdAt, job.startedAt),
        runningMs: ms(job.startedAt, job.finishedAt),
        heartbeatAt: job.heartbeatAt?.toISOString() ?? null,
      },
      attempts: job.attempts,
      ledgerEntries: ledger.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        amount: entry.amount,
        balanceAfter: entry.balanceAfter,
        createdAt: entry.createdAt.toISOString(),
      })),
      provider:
        job.provider && job.providerModel
          ? {
              name: job.provider,
              model: job.providerModel,
              requestId: job.providerRequestId,
              timeMs: job.providerTimeMs,
              costMicroUsd: job.providerCostMicroUsd,
            }
          : null,
    };
  }

  async function lockedJob(tx: Db, id: string) {
    const found = await findJobWithUser(tx, id, { forUpdate: true });
    if (!found) throw new AppError('NOT_FOUND', 404, adminJobMessages.notFound);
    return found.job;
  }

  return {
    async list(query: AdminJobListQuery): Promise<Paginated<AdminJob>> {
      const { rows, total } = await findAdminJobsPage(db, query);
      const outputs = await listOutputs(
        db,
        rows.map((row) => row.job.id),
      );
      return {
        items: rows.map(({ job, user }) => ({
          ...toJobDto(
            job,
            outputs.filter((output) => output.jobId === job.id),
            links,
            true,
          ),
          user,
        })),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },

    detail,

    /**
     * Gives a finished job's credits back, once (refundCharge is keyed by the charge and the job's
     * refunded mark is set conditionally in the same transaction): a second call is a 409.
     */
    async refund(actor: AuditActor, id: string): Promise<AdminJobDetail> {
      await db.transaction(async (tx) => {
        const job = await lockedJob(tx, id);
        if (job.refundedAt) throw new AppError('CONFLICT', 409, adminJobMessages.alreadyRefunded);
        if (job.status !== 'succeeded' && job.status !== 'failed') throw new AppError('CONFLICT', 409, adminJobMessages.refundNotFinished);
        if (!job.chargeLedgerId || job.cost === 0) throw new AppError('CONFLICT', 409, adminJobMessages.nothingToRefund);
        if (!(await refundJob(tx, job, 'Refunded by an admin'))) throw new AppError('CONFLICT', 409, adminJobMessages.alreadyRefunded);
        const after = { ...auditView(job), refunded: true };
        await insertAuditEntry(tx, actor, { action: `${target}.refund`, targetType: target, targetId: id, before: auditView(job), after });
      });
      return detail(id);
    },

    /**
     * Puts a failed job back in the queue without charging it again; when its credits were already
     * refunded, the refund is reversed by a new charge, which the balance must allow (409 otherwise).
     */
    async retry(actor: AuditActor, id: string): Promise<AdminJobDetail> {
      await db.transaction(async (tx) => {
        const job = await lockedJob(tx, id);
        if (job.status !== 'failed') throw new AppError('CONFLICT', 409, adminJobMessages.retryNotFailed);
        let chargeLedgerId = job.chargeLedgerId;
        if (job.refundedAt && job.cost > 0) {
          const charge = await moveCredits(tx, {
            userId: job.userId,
            amount: -job.cost,
            kind: 'job_charge',
            idempotencyKey: `job:${job.id}:admin-retry:${randomUUID()}`,
            reason: `Retried by an admin: ${job.service}`,
            serviceKey: job.service,
            unitCost: job.cost,
            insufficientError: (balance) => new AppError('CONFLICT', 409, adminJobMessages.retryBalance(balance, job.cost)),
          });
          chargeLedgerId = charge.ledgerEntryId;
        }
        const requeued = await requeueFailedJob(tx, id, chargeLedgerId);
        if (!requeued) throw new AppError('CONFLICT', 409, adminJobMessages.retryNotFailed);
        await insertAuditEntry(tx, actor, {
          action: `${target}.retry`,
          targetType: target,
          targetId: id,
          before: auditView(job),
          after: auditView(requeued),
        });
      });
      deps.onRequeued(id);
      return detail(id);
    },
  };
}
