import { and, gte, lt, sql } from 'drizzle-orm';
import type { MoneyTotals } from '@lumen/core/payments/billing';
import type { Db } from '../../../db/database.ts';
import { orders } from './tables.ts';
import { liveMoney, moneyColumns, testMoney, toMoneyTotals } from './money-rule.ts';

export type Period = { from: Date; to: Date };

/**
 * The money of the orders paid in [from, to) under the one money rule: live and test-mode money
 * apart, and how many distinct people paid live money.
 */
export async function moneyOfPeriod(db: Db, period: Period): Promise<{ live: MoneyTotals; test: MoneyTotals; payingUsers: number }> {
  const [row] = await db
    .select({
      live: moneyColumns(liveMoney),
      test: moneyColumns(testMoney),
      payingUsers: sql<number>`count(distinct ${orders.userId}) filter (where ${liveMoney})`.mapWith(Number),
    })
    .from(orders)
    .where(and(gte(orders.paidAt, period.from), lt(orders.paidAt, period.to)));
  return { live: toMoneyTotals(row?.live), test: toMoneyTotals(row?.test), payingUsers: row?.payingUsers ?? 0 };
}

/**
 * What one credit brought in, in cents: live net revenue / credits of the orders paid in the period,
 * else of every live sale so far; test-mode money never counts. null before the first live sale.
 */
export async function liveRevenuePerCredit(db: Db, period: Period): Promise<number | null> {
  const inPeriod = sql`${orders.paidAt} >= ${period.from.toISOString()} and ${orders.paidAt} < ${period.to.toISOString()}`;
  const [row] = await db
    .select({
      periodNet: sql<number>`coalesce(sum(${orders.amountCents} - ${orders.refundedCents}) filter (where ${inPeriod}), 0)`.mapWith(Number),
      periodCredits: sql<number>`coalesce(sum(${orders.credits}) filter (where ${inPeriod}), 0)`.mapWith(Number),
      allNet: sql<number>`coalesce(sum(${orders.amountCents} - ${orders.refundedCents}), 0)`.mapWith(Number),
      allCredits: sql<number>`coalesce(sum(${orders.credits}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(liveMoney);
  if (!row) return null;
  if (row.periodCredits > 0) return row.periodNet / row.periodCredits;
  return row.allCredits > 0 ? row.allNet / row.allCredits : null;
}
