import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/result-rows.ts';
import { liveMoney } from './orders/index.ts';
import { orders } from './orders/tables.ts';

type Period = { from: Date; to: Date };

// Builds SQL only; the statement that joins the subquery runs it.
const query = new QueryBuilder();

/** Live sales (the one money rule, test-mode money left out) paid in [from, to). */
const liveSalesIn = (period: Period) =>
  sql`${liveMoney} and ${orders.paidAt} >= ${period.from.toISOString()} and ${orders.paidAt} < ${period.to.toISOString()}`;

/** Live revenue net of refunds per UTC day of payment and provider over [from, to): `day` as 'YYYY-MM-DD', `net` in cents. */
export async function liveRevenuePerDay(db: Db, period: Period): Promise<{ day: string; provider: string; net: number }[]> {
  return rowsOf(
    await db.execute(sql`
      select to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD') as day, ${orders.provider} as provider, sum(${orders.amountCents} - ${orders.refundedCents})::int as net
      from ${orders} where ${liveSalesIn(period)} group by 1, 2`),
  );
}

/** Live sales paid in [from, to) by provider, in its order: how many, and their amount and refunds in cents. */
export async function liveSalesByProvider(
  db: Db,
  period: Period,
): Promise<{ provider: string; orders: number; gross: number; refunded: number }[]> {
  return rowsOf(
    await db.execute(sql`
      select ${orders.provider} as provider, count(*)::int as orders, sum(${orders.amountCents})::int as gross, sum(${orders.refundedCents})::int as refunded
      from ${orders} where ${liveSalesIn(period)} group by 1 order by 1`),
  );
}

/**
 * What the live sales of credits brought in: net cents and credits of those paid in [from, to) (`range_net`,
 * `range_credits`) and of all of them (`all_net`, `all_credits`); sums, so text or null.
 */
export async function liveCreditSales(
  db: Db,
  period: Period,
): Promise<{ range_net: unknown; range_credits: unknown; all_net: unknown; all_credits: unknown } | undefined> {
  const inPeriod = sql`${orders.paidAt} >= ${period.from.toISOString()} and ${orders.paidAt} < ${period.to.toISOString()}`;
  const [row] = rowsOf<{ range_net: unknown; range_credits: unknown; all_net: unknown; all_credits: unknown }>(
    await db.execute(sql`
      select
        sum(${orders.amountCents} - ${orders.refundedCents}) filter (where ${inPeriod}) as range_net,
        sum(${orders.credits}) filter (where ${inPeriod}) as range_credits,
        sum(${orders.amountCents} - ${orders.refundedCents}) as all_net, sum(${orders.credits}) as all_credits
      from ${orders} where ${liveMoney} and ${orders.credits} > 0`),
  );
  return row;
}

/**
 * Each person's live revenue over [from, to), as a subquery another module's statement joins on `userId`
 * (decision 100): `revenue`, net of refunds in cents (a sum, so text), a row per person who paid.
 */
export function liveRevenuePerUser(period: Period, name = 'live_revenue') {
  return query
    .select({ userId: orders.userId, revenue: sql<string>`sum(${orders.amountCents} - ${orders.refundedCents})`.as('revenue') })
    .from(orders)
    .where(liveSalesIn(period))
    .groupBy(orders.userId)
    .as(name);
}
