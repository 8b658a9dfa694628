import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import type { Db } from '../../db/database.ts';
import { jobs } from './tables.ts';
import type { JobRow } from './tables.ts';

/** A job is claimable when queued, or at its provider once its webhook queued it or its re-check time came (no webhook came). */
const claimable = (withinMs = 0) =>
  and(inArray(jobs.status, ['queued', 'at_provider']), lte(jobs.runAfter, sql`now() + ${`${withinMs} milliseconds`}::interval`));

/** Takes the oldest claimable job of these services for this worker (one statement; concurrent workers skip locked rows). */
export async function claimJob(db: Db, workerId: string, services: ServiceKey[]): Promise<JobRow | null> {
  const candidate = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(claimable(), inArray(jobs.service, services)))
    .orderBy(asc(jobs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      startedAt: sql`now()`,
      heartbeatAt: sql`now()`,
      workerId,
      progress: 0,
      error: null,
    })
    // `= (scalar subquery)` runs the LIMIT 1 once (an InitPlan); `IN (subquery)` may be re-run per
    // row by the planner and claim several jobs, all but one of them then left running with no runner.
    .where(and(eq(jobs.id, sql`(${candidate})`), inArray(jobs.status, ['queued', 'at_provider'])))
    .returning();
  return row ?? null;
}

/** Whether any job of any service is claimable now, or within `withinMs` (a retry waiting out a short back-off). */
export async function hasClaimableJob(db: Db, withinMs = 0): Promise<boolean> {
  const [queued] = await db.select({ id: jobs.id }).from(jobs).where(claimable(withinMs)).limit(1);
  return Boolean(queued);
}
