import type { FastifyBaseLogger } from 'fastify';
import type { ProviderName } from '@lumen/core/services/providers';
import type { EngineRegistry, ProviderBudget, ProviderCall, ProviderCircuits, ProviderRequest, ProviderRequestStore } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../mail/index.ts';
import type { JobRow } from './tables.ts';

/**
 * What the jobs module asks of the hosted providers' module (modules/providers, decision 087), which sits above it:
 * its tables hold the requests of jobs. app.ts and worker.ts pass `jobProviders` in; jobs never reads a provider table.
 * A run hands its engine what `budgets` and `requestRecords` give it (the engine runs, resumes and cancels the
 * request through them); a cancel, the sweeper and a job's end go through `cancelOnce`, `claimCancel` and `settle*`.
 */
export type JobProviders = {
  /** The breakers shared by every process (Redis when its URL is set, else PostgreSQL); the caller closes them. */
  openCircuits(input: { db: Db; redisUrl: string | null; redisKeyPrefix: string }): Promise<SharedCircuits>;
  /** Mails a claimed budget alert (80 or 100 per cent of a day's budget) to every admin. */
  mailBudgetAlerts(deps: { db: Db; mailer: () => Mailer | undefined; log: FastifyBaseLogger }): (alert: BudgetAlert) => Promise<void>;
  /** The day's budget a worker's runs reserve from before a provider is sent a request. */
  budgets(deps: BudgetDeps): { forJob(job: JobRow): ProviderBudget };
  /** The records of a job's provider requests (kept for good), and the one claim of each one's cancellation. */
  requestRecords(db: Db, jobId: string): ProviderRequestRecords;
  /** Keeps one call to a provider for its health figures. */
  recordCall(db: Db, job: Pick<JobRow, 'id' | 'service'>, call: ProviderCall): Promise<void>;
  /** Claims the one cancellation of a job's request: true for the first caller, who then sends it. */
  claimCancel(db: Db, jobId: string, request: ProviderRequest): Promise<boolean>;
  /** Claims and sends the cancellation: whether the provider accepted, null when another caller already cancelled it. */
  cancelOnce(
    deps: { db: Db; engines: Pick<EngineRegistry, 'cancelRequest'> },
    jobId: string,
    request: ProviderRequest,
  ): Promise<boolean | null>;
  /** A finished job, in its transaction: its reservations settle at the run's cost and its request ends succeeded. */
  settleFinishedJob(tx: Tx, jobId: string, run: { provider: ProviderName; costMicroUsd: number | null }): Promise<void>;
  /** A job failed for good, in its transaction: what a provider billed settles its reservation; others count as reserved. */
  settleFailedJob(tx: Tx, jobId: string, billed?: { provider: ProviderName; costMicroUsd: number }): Promise<void>;
  /** Refuses (503) a job on a hosted provider once today's provider spend reached the admin's daily budget. */
  checkBudget(db: Db, capUsd: number | null, now: Date, log: FastifyBaseLogger): Promise<void>;
};

/** A database transaction (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A job's requests as the providers module keeps them; the job row's copy (the one a run resumes) is the jobs module's. */
export type ProviderRequestRecords = Pick<ProviderRequestStore, 'submitted' | 'ended'> & Required<Pick<ProviderRequestStore, 'cancelling'>>;

/** Circuit breakers kept outside the process, with the connection to close. */
export type SharedCircuits = ProviderCircuits & { close(): Promise<void> };

/** A day's budget (the total or one provider's) reaching 80 or 100 per cent: mailed to the admins once per day each. */
export type BudgetAlert = {
  day: string;
  scope: 'total' | ProviderName;
  percent: 80 | 100;
  committedMicroUsd: number;
  limitMicroUsd: number;
};

export type BudgetDeps = {
  db: Db;
  engines: EngineRegistry;
  log: FastifyBaseLogger;
  /** What a run of a provider and model without a price reserves (default $1). */
  unpricedReservationUsd?: number;
  /** Who hears of 80 % and 100 %. */
  onAlert?(alert: BudgetAlert): Promise<void>;
};
