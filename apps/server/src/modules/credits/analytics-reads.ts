import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/result-rows.ts';
import { creditLedger } from './tables.ts';

type Period = { from: Date; to: Date };

// Builds SQL only; the statement that joins the subquery runs it.
const query = new QueryBuilder();

const createdIn = (period: Period) =>
  sql`${creditLedger.createdAt} >= ${period.from.toISOString()} and ${creditLedger.createdAt} < ${period.to.toISOString()}`;

/**
 * Credits sold (purchases and subscription grants) and spent on jobs net of their refunds, per UTC day over
 * [from, to): a row per day with any ledger entry, `day` as 'YYYY-MM-DD'.
 */
export async function creditsPerDay(db: Db, period: Period): Promise<{ day: string; sold: number; spent: number }[]> {
  return rowsOf(
    await db.execute(sql`
      select to_char(${creditLedger.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day,
        coalesce(sum(${creditLedger.amount}) filter (where ${creditLedger.kind} in ('purchase', 'subscription_grant')), 0)::int as sold,
        coalesce(-sum(${creditLedger.amount}) filter (where ${creditLedger.kind} in ('job_charge', 'job_refund')), 0)::int as spent
      from ${creditLedger} where ${createdIn(period)} group by 1`),
  );
}

/**
 * What each person spent on jobs over [from, to), as a subquery another module's statement joins on `userId`
 * (decision 100): `spent` (charges net of refunds) and `jobs` (charges), both sums (text), a row per person with any.
 */
export function jobSpendingPerUser(period: Period, name = 'job_spending') {
  return query
    .select({
      userId: creditLedger.userId,
      spent: sql<string>`-sum(${creditLedger.amount})`.as('spent'),
      jobs: sql<string>`count(*) filter (where ${creditLedger.kind} = 'job_charge')`.as('jobs'),
    })
    .from(creditLedger)
    .where(sql`${creditLedger.kind} in ('job_charge', 'job_refund') and ${createdIn(period)}`)
    .groupBy(creditLedger.userId)
    .as(name);
}
