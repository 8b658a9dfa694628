import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/result-rows.ts';
import { jobs } from './tables.ts';

type Period = { from: Date; to: Date };

const createdIn = (period: Period) =>
  sql`${jobs.createdAt} >= ${period.from.toISOString()} and ${jobs.createdAt} < ${period.to.toISOString()}`;
const dayOf = sql`to_char(${jobs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const spent = sql`coalesce(sum(${jobs.cost}) filter (where ${jobs.refundedAt} is null), 0)::int`;
const providerCost = sql`coalesce(sum(${jobs.providerCostMicroUsd}), 0)::bigint`;

/**
 * Who submitted a job on which UTC day over [from, to), as a select another module's statement composes
 * (decision 100): columns `day` ('YYYY-MM-DD') and `user_id`, a row per job. Admin's analytics unites it with the
 * sign-ins' days to count active users.
 */
export function jobDaysSql(period: Period): SQL {
  return sql`select ${dayOf} as day, ${jobs.userId} as user_id from ${jobs} where ${createdIn(period)}`;
}

/** Jobs created per UTC day over [from, to): a row per day with any, `day` as 'YYYY-MM-DD' and `n`. */
export async function jobsPerDay(db: Db, period: Period): Promise<{ day: string; n: number }[]> {
  return rowsOf(await db.execute(sql`select ${dayOf} as day, count(*)::int as n from ${jobs} where ${createdIn(period)} group by 1`));
}

/** A service's jobs over a range: the credits spent leave refunded jobs out; `provider_cost` is micro-USD (a bigint, so text). */
export type ServiceJobsRow = {
  service: string;
  jobs: number;
  succeeded: number;
  failed: number;
  /** The mean run time of the succeeded jobs, in milliseconds (null without one). */
  avg_ms: number | null;
  spent: number;
  provider_cost: string | number;
};

/** Jobs created over [from, to) by service, the busiest first (then by name). */
export async function jobsByService(db: Db, period: Period): Promise<ServiceJobsRow[]> {
  return rowsOf(
    await db.execute(sql`
      select ${jobs.service} as service, count(*)::int as jobs,
        count(*) filter (where ${jobs.status} = 'succeeded')::int as succeeded,
        count(*) filter (where ${jobs.status} = 'failed')::int as failed,
        round(avg(extract(epoch from (${jobs.finishedAt} - ${jobs.startedAt})) * 1000) filter (where ${jobs.status} = 'succeeded' and ${jobs.startedAt} is not null and ${jobs.finishedAt} is not null))::int as avg_ms,
        ${spent} as spent,
        ${providerCost} as provider_cost
      from ${jobs} where ${createdIn(period)} group by 1 order by 2 desc, 1`),
  );
}

/** Jobs created over [from, to) by UTC day and service, in that order: how many, credits spent and provider cost. */
export async function jobsByServiceAndDay(
  db: Db,
  period: Period,
): Promise<{ day: string; service: string; jobs: number; spent: number; provider_cost: string | number }[]> {
  return rowsOf(
    await db.execute(sql`
      select ${dayOf} as day, ${jobs.service} as service, count(*)::int as jobs,
        ${spent} as spent,
        ${providerCost} as provider_cost
      from ${jobs} where ${createdIn(period)} group by 1, 2 order by 1, 2`),
  );
}
