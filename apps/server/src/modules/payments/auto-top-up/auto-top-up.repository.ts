import { and, desc, eq, sql } from 'drizzle-orm';
import type { AutoTopUpFailureCode } from '@lumen/core/payments/auto-top-up';
import type { Db } from '../../../db/database.ts';
import { packageSummariesOf } from '../../credits/index.ts';
import { autoTopUpSettings, autoTopUps, lowBalanceAlerts } from './tables.ts';
import { orders } from '../orders/tables.ts';
import type { AutoTopUpRow, AutoTopUpSettingsRow } from './tables.ts';

export async function findSettings(db: Db, userId: string): Promise<AutoTopUpSettingsRow | null> {
  const [row] = await db.select().from(autoTopUpSettings).where(eq(autoTopUpSettings.userId, userId));
  return row ?? null;
}

export type SettingsValues = {
  enabled: boolean;
  threshold: number;
  creditPackageId: string | null;
  monthlyLimit: number;
  lowBalanceEmail: boolean;
};

/** Saves the user's choice; saving clears the reason a failed payment gave (the user has seen it and chose again). */
export async function saveSettings(db: Db, userId: string, values: SettingsValues): Promise<AutoTopUpSettingsRow> {
  const [row] = await db
    .insert(autoTopUpSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: autoTopUpSettings.userId, set: { ...values, disabledReason: null, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('auto_top_up_settings upsert returned no row');
  return row;
}

/** The newest top-ups with their package (read through the credits module) and order figures. */
export async function listTopUps(db: Db, userId: string, limit: number) {
  const rows = await db
    .select({
      topUp: autoTopUps,
      orderCredits: orders.credits,
      orderAmountCents: orders.amountCents,
      orderCurrency: orders.currency,
      orderDescription: orders.description,
    })
    .from(autoTopUps)
    .leftJoin(orders, eq(orders.id, autoTopUps.orderId))
    .where(eq(autoTopUps.userId, userId))
    .orderBy(desc(autoTopUps.createdAt))
    .limit(limit);
  const packages = await packageSummariesOf(
    db,
    rows.flatMap((row) => (row.topUp.creditPackageId ? [row.topUp.creditPackageId] : [])),
  );
  return rows.map((row) => {
    const pack = row.topUp.creditPackageId ? packages.get(row.topUp.creditPackageId) : undefined;
    return {
      ...row,
      packageName: pack?.name ?? null,
      packageCredits: pack?.creditsAmount ?? null,
      packagePriceCents: pack?.priceCents ?? null,
    };
  });
}

/**
 * Takes one pending top-up to run (of one user, or of anyone for the sweep): one never started, or one whose run has
 * not finished within `retryAfterMs` (its process died or the processor was unreachable). Parallel callers skip a row
 * another holds, and the row's new started_at keeps them off it after that commits.
 */
export async function takePendingTopUp(db: Db, input: { userId: string | null; retryAfterMs: number }): Promise<AutoTopUpRow | null> {
  const staleBefore = sql`now() - make_interval(secs => ${input.retryAfterMs / 1000})`;
  const [row] = await db
    .update(autoTopUps)
    .set({ startedAt: sql`now()`, tries: sql`${autoTopUps.tries} + 1` })
    .where(
      eq(
        autoTopUps.id,
        sql`(select ${autoTopUps.id} from ${autoTopUps}
              where ${autoTopUps.status} = 'pending'
                ${input.userId ? sql`and ${autoTopUps.userId} = ${input.userId}::uuid` : sql``}
                and (${autoTopUps.startedAt} is null or ${autoTopUps.startedAt} < ${staleBefore})
              order by ${autoTopUps.createdAt} limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function findTopUpForUpdate(db: Db, id: string): Promise<AutoTopUpRow | null> {
  const [row] = await db.select().from(autoTopUps).where(eq(autoTopUps.id, id)).for('update');
  return row ?? null;
}

export async function setTopUpOrder(db: Db, id: string, orderId: string): Promise<void> {
  await db.update(autoTopUps).set({ orderId }).where(eq(autoTopUps.id, id));
}

/**
 * Ends a pending top-up and releases the user's claim in one transaction; a failure also turns automatic top-up off
 * with its reason. Returns false (nothing changed) when it had already ended.
 */
export async function finishTopUp(
  db: Db,
  topUp: { id: string; userId: string },
  outcome: { status: 'succeeded' } | { status: 'failed'; code: AutoTopUpFailureCode; message: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(autoTopUps)
      .set({
        status: outcome.status,
        finishedAt: sql`now()`,
        ...(outcome.status === 'failed' ? { failureCode: outcome.code, failureMessage: outcome.message } : {}),
      })
      .where(and(eq(autoTopUps.id, topUp.id), eq(autoTopUps.status, 'pending')))
      .returning({ id: autoTopUps.id });
    if (!ended) return false;
    await tx
      .update(autoTopUpSettings)
      .set({
        claimId: null,
        updatedAt: sql`now()`,
        ...(outcome.status === 'failed' ? { enabled: false, disabledReason: outcome.message } : {}),
      })
      .where(and(eq(autoTopUpSettings.userId, topUp.userId), eq(autoTopUpSettings.claimId, topUp.id)));
    return true;
  });
}

/** Unhandled low-balance alerts (of one user, or anyone's for the sweep), marked handled as they are taken: each is mailed at most once. */
export async function takeLowBalanceAlerts(db: Db, userId: string | null) {
  return db
    .update(lowBalanceAlerts)
    .set({ handledAt: sql`now()` })
    .where(
      sql`${lowBalanceAlerts.id} in (select ${lowBalanceAlerts.id} from ${lowBalanceAlerts}
            where ${lowBalanceAlerts.handledAt} is null ${userId ? sql`and ${lowBalanceAlerts.userId} = ${userId}::uuid` : sql``}
            order by ${lowBalanceAlerts.createdAt} limit 100 for update skip locked)`,
    )
    .returning();
}

export async function markAlertMailed(db: Db, id: string): Promise<void> {
  await db.update(lowBalanceAlerts).set({ mailed: true }).where(eq(lowBalanceAlerts.id, id));
}
