import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { providerSpendMessages } from '@lumen/core/admin/providers';
import { providerDisplayNames } from '@lumen/core/services/providers';
import type { ProviderName } from '@lumen/core/services/providers';
import { BudgetExhausted } from '@lumen/engines';
import type { ProviderBudget, ProviderRequest } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import type { BudgetAlert, Tx } from '../jobs/index.ts';
import { providerBudgetDays, providerBudgetHolds } from './tables.ts';

/**
 * The daily budget for hosted providers as a ledger (decision 085): per UTC day one row for the total ('*') and
 * one per provider, each with what is reserved by runs under way and what their requests cost once they ended. A run
 * reserves its expected cost before a provider is sent its request, in one conditional UPDATE per row, so however
 * many runs reserve at once, spent + reserved never passes a budget; the reservation is settled to the request's
 * real cost once when it ends (keyed by the hold, and by the provider's request id once there is one), or given back
 * when nothing was sent.
 */

const MICRO = 1_000_000;
export const TOTAL_SCOPE = '*';

export const utcDayOf = (now: Date) => now.toISOString().slice(0, 10);
const microOf = (usd: number | null | undefined) => (usd === null || usd === undefined ? null : Math.round(usd * MICRO));

/** The day's budget and each provider's own, in dollars (null or absent: none). */
export type BudgetLimits = { totalUsd: number | null; byProvider: Partial<Record<ProviderName, number>> };

type DayRow = typeof providerBudgetDays.$inferSelect;
type Executor = Db | Tx;

/** What each provider's runs of the day hold: settled cost plus open reservations, in millionths of a dollar. */
export async function committedByProvider(db: Executor, day: string): Promise<Record<string, number>> {
  const rows = await db
    .select({
      scope: providerBudgetDays.scope,
      committed: sql<string>`${providerBudgetDays.spentMicroUsd} + ${providerBudgetDays.reservedMicroUsd}`,
    })
    .from(providerBudgetDays)
    .where(and(eq(providerBudgetDays.day, day), ne(providerBudgetDays.scope, TOTAL_SCOPE)));
  return Object.fromEntries(rows.map((row) => [row.scope, Number(row.committed)]));
}

/** The day's ledger rows: the total and each provider's, reserved and spent. */
export async function budgetLedger(db: Executor, day: string): Promise<DayRow[]> {
  return db.select().from(providerBudgetDays).where(eq(providerBudgetDays.day, day));
}

/**
 * Closes a job's open reservations, in the caller's transaction: settled at `costMicroUsd` (null: at what was
 * reserved, since the provider may have billed and did not say what) or released (nothing was sent). Each hold
 * closes once: later calls find it closed and change nothing.
 */
export async function closeHolds(
  tx: Tx,
  where: SQL | undefined,
  outcome: { settle: true; costMicroUsd: number | null } | { settle: false },
): Promise<number> {
  const holds = providerBudgetHolds;
  const closed = await tx
    .update(holds)
    .set(
      outcome.settle
        ? {
            state: 'settled',
            spentMicroUsd: outcome.costMicroUsd === null ? sql`${holds.reservedMicroUsd}` : Math.max(0, Math.round(outcome.costMicroUsd)),
            endedAt: sql`now()`,
          }
        : { state: 'released', spentMicroUsd: 0, endedAt: sql`now()` },
    )
    .where(and(where, eq(holds.state, 'reserved')))
    .returning({ day: holds.day, provider: holds.provider, reserved: holds.reservedMicroUsd, spent: holds.spentMicroUsd });
  for (const hold of closed) {
    // The total's row before the provider's, as reservations lock them, so that the two never wait on each other.
    for (const scope of [TOTAL_SCOPE, hold.provider]) {
      await tx
        .update(providerBudgetDays)
        .set({
          reservedMicroUsd: sql`${providerBudgetDays.reservedMicroUsd} - ${hold.reserved}`,
          spentMicroUsd: sql`${providerBudgetDays.spentMicroUsd} + ${hold.spent ?? 0}`,
        })
        .where(and(eq(providerBudgetDays.day, hold.day), eq(providerBudgetDays.scope, scope)));
    }
  }
  return closed.length;
}

const openHoldsOf = (jobId: string) => eq(providerBudgetHolds.jobId, jobId);
const holdOfRequest = (request: Pick<ProviderRequest, 'provider' | 'requestId'>) =>
  and(eq(providerBudgetHolds.provider, request.provider), eq(providerBudgetHolds.requestId, request.requestId));

/** A finished job's reservations settle at the run's cost (its provider's; null: at what was reserved). */
export async function settleFinishedJob(tx: Tx, jobId: string, run: { provider: ProviderName; costMicroUsd: number | null }) {
  await closeHolds(tx, and(openHoldsOf(jobId), eq(providerBudgetHolds.provider, run.provider)), {
    settle: true,
    costMicroUsd: run.costMicroUsd,
  });
  await closeHolds(tx, openHoldsOf(jobId), { settle: true, costMicroUsd: null });
}

/**
 * A job failed for good: what a provider said it billed settles that provider's reservation; any other reservation
 * still open was sent (or may have been) and was not given back, so it counts as reserved.
 */
export async function settleFailedJob(tx: Tx, jobId: string, billed?: { provider: ProviderName; costMicroUsd: number }) {
  if (billed) {
    await closeHolds(tx, and(openHoldsOf(jobId), eq(providerBudgetHolds.provider, billed.provider)), {
      settle: true,
      costMicroUsd: billed.costMicroUsd,
    });
  }
  await closeHolds(tx, openHoldsOf(jobId), { settle: true, costMicroUsd: null });
}

/**
 * A provider request ended without a result: one the provider reports failed counts what it billed (nothing, as it
 * said no more), one cancelled (at our request or the provider's) counts as reserved, since it may have run a while.
 */
export async function settleEndedRequest(db: Db, request: Pick<ProviderRequest, 'provider' | 'requestId'>, state: 'failed' | 'cancelled') {
  await db.transaction((tx) => closeHolds(tx, holdOfRequest(request), { settle: true, costMicroUsd: state === 'failed' ? 0 : null }));
}

/** The request a provider accepted under the job's open reservation: from now on the reservation settles by it. */
export async function attachRequestToHold(db: Db, jobId: string, request: ProviderRequest): Promise<void> {
  await db
    .update(providerBudgetHolds)
    .set({ requestId: request.requestId, model: request.model })
    .where(
      and(
        openHoldsOf(jobId),
        eq(providerBudgetHolds.provider, request.provider),
        eq(providerBudgetHolds.state, 'reserved'),
        isNull(providerBudgetHolds.requestId),
      ),
    );
}

/** A run's reservations without a request (its provider never took it, or an earlier run stopped before sending): given back. */
async function releaseUnsent(db: Db, jobId: string, provider?: ProviderName) {
  const unsent = and(openHoldsOf(jobId), isNull(providerBudgetHolds.requestId));
  await db.transaction((tx) =>
    closeHolds(tx, provider ? and(unsent, eq(providerBudgetHolds.provider, provider)) : unsent, { settle: false }),
  );
}

type BudgetJob = { id: string; service: string; params: Record<string, unknown> };

type Deps = {
  db: Db;
  limits(): Promise<BudgetLimits>;
  /** What a run of the job on this provider and model is expected to cost (the admin's prices), null without a price. */
  expectedCostMicroUsd(job: BudgetJob, provider: ProviderName, model: string): Promise<number | null>;
  /** What a run of a provider and model without a published price reserves, in millionths of a dollar. */
  unpricedReservationMicroUsd: number;
  clock?: () => Date;
  /** Told once per day, scope and threshold, by whichever process claimed it. */
  onAlert?(alert: BudgetAlert): Promise<void>;
  log: FastifyBaseLogger;
};

/** Reservations of one day's budget, for the job worker: `forJob` is the budget a run sees in its context. */
export function createProviderBudgets(deps: Deps) {
  const { db, log } = deps;
  const clock = deps.clock ?? (() => new Date());

  /**
   * Claims a threshold for a day's scope: one conditional UPDATE, so one caller wins it. A reservation claims in its own
   * transaction, under the lock its UPDATE took on the row, so thresholds are claimed in the order the reservations
   * reached them: the one that reached 80 % claims it before a later one claims 100 %. Claimed after the commit, two
   * processes' claims could reach the database in either order, and a 100 % claimed first left 80 % unmailed.
   */
  async function claimAlert(
    executor: Executor,
    row: Pick<DayRow, 'day' | 'scope'>,
    percent: BudgetAlert['percent'],
    committedMicroUsd: number,
    limitMicroUsd: number,
  ): Promise<BudgetAlert | null> {
    if (!deps.onAlert) return null;
    const [claimed] = await executor
      .update(providerBudgetDays)
      .set({ alertedPercent: percent })
      .where(
        and(
          eq(providerBudgetDays.day, row.day),
          eq(providerBudgetDays.scope, row.scope),
          sql`${providerBudgetDays.alertedPercent} < ${percent}`,
        ),
      )
      .returning({ day: providerBudgetDays.day });
    if (!claimed) return null;
    const scope = row.scope === TOTAL_SCOPE ? 'total' : (row.scope as ProviderName);
    return { day: row.day, scope, percent, committedMicroUsd, limitMicroUsd };
  }

  /** The threshold a reservation's row reached (its row as the reservation left it), claimed in its transaction. */
  async function claimReached(tx: Tx, row: DayRow, limitMicroUsd: number | null): Promise<BudgetAlert | null> {
    if (limitMicroUsd === null) return null;
    const committed = row.spentMicroUsd + row.reservedMicroUsd;
    const percent = committed >= limitMicroUsd ? 100 : committed >= 0.8 * limitMicroUsd ? 80 : null;
    // The row is locked by this transaction, so what it says was already claimed is still so.
    if (percent === null || row.alertedPercent >= percent) return null;
    return claimAlert(tx, row, percent, committed, limitMicroUsd);
  }

  /**
   * Tells the admins of a claimed alert; a failed e-mail, or a failed claim after a refusal, never fails the run. (A
   * claim inside the reservation's transaction fails with it: that UPDATE touches the row the reservation has locked.)
   */
  async function tell(claim: Promise<BudgetAlert | null> | BudgetAlert | null): Promise<void> {
    try {
      const alert = await claim;
      if (alert) await deps.onAlert?.(alert);
    } catch (error) {
      log.warn({ err: error }, 'provider budget: the alert failed');
    }
  }

  /** Reserves a run's expected cost on the day's total and its provider's budget, or refuses with BudgetExhausted. */
  async function reserve(job: BudgetJob, provider: ProviderName, model: string): Promise<void> {
    const amount = (await deps.expectedCostMicroUsd(job, provider, model)) ?? deps.unpricedReservationMicroUsd;
    const limits = await deps.limits();
    const totalLimit = microOf(limits.totalUsd);
    const providerLimit = microOf(limits.byProvider[provider]);
    const day = utcDayOf(clock());
    await releaseUnsent(db, job.id);
    const take = (tx: Tx, scope: string, limit: number | null) =>
      tx
        .update(providerBudgetDays)
        .set({ reservedMicroUsd: sql`${providerBudgetDays.reservedMicroUsd} + ${amount}` })
        .where(
          and(
            eq(providerBudgetDays.day, day),
            eq(providerBudgetDays.scope, scope),
            limit === null
              ? undefined
              : sql`${providerBudgetDays.spentMicroUsd} + ${providerBudgetDays.reservedMicroUsd} + ${amount} <= ${limit}`,
          ),
        )
        .returning();
    let refused: { scope: string; limit: number } | null = null;
    // The day's rows exist before the reservation (and stay when it is refused, for the refusal's alert claim).
    await db
      .insert(providerBudgetDays)
      .values([
        { day, scope: TOTAL_SCOPE },
        { day, scope: provider },
      ])
      .onConflictDoNothing();
    const reached = await db
      .transaction(async (tx) => {
        const [total] = await take(tx, TOTAL_SCOPE, totalLimit);
        if (!total) {
          refused = { scope: TOTAL_SCOPE, limit: totalLimit! };
          throw new BudgetExhausted(providerSpendMessages.jobRefused, 'total');
        }
        const [own] = await take(tx, provider, providerLimit);
        if (!own) {
          refused = { scope: provider, limit: providerLimit! };
          throw new BudgetExhausted(providerSpendMessages.jobRefused, provider);
        }
        await tx.insert(providerBudgetHolds).values({ jobId: job.id, provider, model, day, reservedMicroUsd: amount });
        return [await claimReached(tx, total, totalLimit), await claimReached(tx, own, providerLimit)];
      })
      .catch(async (error: unknown) => {
        const at = refused as { scope: string; limit: number } | null;
        if (error instanceof BudgetExhausted && at) {
          log.warn(
            { jobId: job.id, provider, scope: at.scope, reservationMicroUsd: amount, limitUsd: at.limit / MICRO },
            `provider budget: ${at.scope === TOTAL_SCOPE ? 'the day’s' : `${providerDisplayNames[provider]}’s`} budget cannot hold this run; it is not sent`,
          );
          await tell(claimAlert(db, { day, scope: at.scope }, 100, at.limit, at.limit));
        }
        throw error;
      });
    for (const alert of reached) await tell(alert);
  }

  return {
    reserve,
    /** The budget a run of this job sees: reservations are the job's, released ones only its unsent ones. */
    forJob(job: BudgetJob): ProviderBudget {
      return {
        reserve: (provider, model) => reserve(job, provider, model),
        release: (provider) => releaseUnsent(db, job.id, provider),
      };
    },
  };
}

export type ProviderBudgets = ReturnType<typeof createProviderBudgets>;
