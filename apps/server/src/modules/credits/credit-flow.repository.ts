import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { creditLedger } from './tables.ts';

/**
 * Credits that came in through purchases and subscription grants, and credits spent on jobs net of
 * their refunds, over [from, to) (the ledger's own entries; admin adjustments and bonuses count in neither).
 */
export async function creditFlowOfPeriod(db: Db, period: { from: Date; to: Date }): Promise<{ sold: number; spent: number }> {
  const [row] = await db
    .select({
      sold: sql<number>`coalesce(sum(${creditLedger.amount}) filter (where ${creditLedger.kind} in ('purchase', 'subscription_grant')), 0)`.mapWith(
        Number,
      ),
      spent:
        sql<number>`coalesce(-sum(${creditLedger.amount}) filter (where ${creditLedger.kind} in ('job_charge', 'job_refund')), 0)`.mapWith(
          Number,
        ),
    })
    .from(creditLedger)
    .where(sql`${creditLedger.createdAt} >= ${period.from.toISOString()} and ${creditLedger.createdAt} < ${period.to.toISOString()}`);
  return { sold: row?.sold ?? 0, spent: row?.spent ?? 0 };
}
