import { and, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobs } from './tables.ts';

/** Jobs waiting or being run, counted by service and status (the metrics' queue depth). */
export async function jobsInFlight(db: Db) {
  return db
    .select({ service: jobs.service, status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'running', 'at_provider']))
    .groupBy(jobs.service, jobs.status);
}

/**
 * Jobs finished in the last `minutes`, by service and outcome, with their run time's median, 95th percentile and maximum in seconds.
 * A Drizzle query, not a promise: metrics' perScrape holds it for a second and every await runs it again, as when
 * business-metrics.ts held the query itself.
 */
export function jobsFinishedRecently(db: Db, minutes: number) {
  const seconds = sql`extract(epoch from (${jobs.finishedAt} - ${jobs.startedAt}))`;
  return db
    .select({
      service: jobs.service,
      outcome: jobs.status,
      count: sql<number>`count(*)::int`,
      p50: sql<number>`percentile_cont(0.5) within group (order by ${seconds})`,
      p95: sql<number>`percentile_cont(0.95) within group (order by ${seconds})`,
      max: sql<number>`max(${seconds})`,
    })
    .from(jobs)
    .where(
      and(
        inArray(jobs.status, ['succeeded', 'failed']),
        isNotNull(jobs.startedAt),
        gte(jobs.finishedAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .groupBy(jobs.service, jobs.status);
}
