import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobTimeoutMs, serviceDefinitions } from './service-catalogue.ts';
import type { JobTimeouts } from './service-catalogue.ts';
import { TIMEOUT_GRACE_MS } from './sweeper.ts';
import { jobs } from './tables.ts';

export type ServiceActivity = {
  service: string;
  jobs: number;
  succeeded: number;
  failed: number;
  /** Credits charged, refunded jobs left out. */
  creditsSpent: number;
  providerCostMicroUsd: number;
};

/** Jobs created in [from, to) per service: how many, how they ended, their credits and hosted provider cost. */
export async function jobActivityByService(db: Db, period: { from: Date; to: Date }): Promise<ServiceActivity[]> {
  const rows = await db
    .select({
      service: jobs.service,
      jobs: sql<number>`count(*)`.mapWith(Number),
      succeeded: sql<number>`count(*) filter (where ${jobs.status} = 'succeeded')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')`.mapWith(Number),
      creditsSpent: sql<number>`coalesce(sum(${jobs.cost}) filter (where ${jobs.refundedAt} is null), 0)`.mapWith(Number),
      providerCostMicroUsd: sql<number>`coalesce(sum(${jobs.providerCostMicroUsd}), 0)`.mapWith(Number),
    })
    .from(jobs)
    .where(sql`${jobs.createdAt} >= ${period.from.toISOString()} and ${jobs.createdAt} < ${period.to.toISOString()}`)
    .groupBy(jobs.service)
    .orderBy(sql`count(*) desc`, jobs.service);
  return rows;
}

export type StuckJobs = { count: number; oldestJobId: string | null };

/**
 * Jobs past their deadline (their service's timeout, hosted ones from the configured models as the worker holds them,
 * and the sweeper's grace): running since, or waiting at their provider since, longer than that. The sweeper fails
 * and refunds them when it runs; any seen here were not swept (no worker running, or the sweep failing).
 */
export async function findOverdueJobs(db: Db, now: Date, timeouts?: JobTimeouts): Promise<StuckJobs> {
  const deadlineOf = (service: string, engineKind: string) => jobTimeoutMs(timeouts, service, engineKind) + TIMEOUT_GRACE_MS;
  const shortest = Math.min(...Object.values(serviceDefinitions).map((definition) => definition.timeoutMs)) + TIMEOUT_GRACE_MS;
  const before = new Date(now.getTime() - shortest);
  const rows = await db
    .select({
      id: jobs.id,
      service: jobs.service,
      engineKind: jobs.engineKind,
      since: sql<Date | null>`case when ${jobs.status} = 'at_provider' then ${jobs.providerSubmittedAt} else ${jobs.startedAt} end`.mapWith(
        jobs.startedAt,
      ),
    })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, 'running'), lt(jobs.startedAt, before)),
        and(eq(jobs.status, 'at_provider'), lt(jobs.providerSubmittedAt, before)),
      ),
    )
    .orderBy(asc(jobs.createdAt))
    .limit(10_000);
  const overdue = rows.filter((row) => row.since !== null && now.getTime() - row.since.getTime() > deadlineOf(row.service, row.engineKind));
  return { count: overdue.length, oldestJobId: overdue[0]?.id ?? null };
}

/** Queued jobs due for longer than `olderThanMs` that no worker took: the queue is not moving. */
export async function findWaitingJobs(db: Db, now: Date, olderThanMs: number): Promise<StuckJobs> {
  const where = and(eq(jobs.status, 'queued'), lt(jobs.runAfter, new Date(now.getTime() - olderThanMs)));
  const [counted, [oldest]] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(jobs)
      .where(where),
    db.select({ id: jobs.id }).from(jobs).where(where).orderBy(asc(jobs.runAfter)).limit(1),
  ]);
  return { count: counted[0]?.count ?? 0, oldestJobId: oldest?.id ?? null };
}
