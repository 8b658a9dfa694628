import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { JobStatus } from '@lumen/core/jobs/schemas';
import { likePattern } from '../../lib/like-pattern.ts';
import { jobOutputs, jobs } from './tables.ts';
import type { JobOutputRow, JobRow } from './tables.ts';

export async function findJob(db: Db, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

export async function findJobByKey(db: Db, userId: string, idempotencyKey: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function listOutputs(db: Db, jobIds: string[]): Promise<JobOutputRow[]> {
  if (jobIds.length === 0) return [];
  return db.select().from(jobOutputs).where(inArray(jobOutputs.jobId, jobIds)).orderBy(asc(jobOutputs.position));
}

export async function findJobsPage(
  db: Db,
  filter: { userId?: string; service?: string; services?: readonly string[]; status?: JobStatus; search?: string; extra?: SQL[] },
  page: { limit: number; offset: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const conditions: SQL[] = [...(filter.extra ?? [])];
  if (filter.userId) conditions.push(eq(jobs.userId, filter.userId));
  if (filter.service) conditions.push(eq(jobs.service, filter.service));
  if (filter.services) conditions.push(inArray(jobs.service, [...filter.services]));
  if (filter.status) conditions.push(eq(jobs.status, filter.status));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(sql`(${jobs.params}->>'prompt' ilike ${pattern} or ${jobs.params}->>'text' ilike ${pattern})`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function deleteJob(db: Db, id: string): Promise<void> {
  await db.delete(jobs).where(eq(jobs.id, id));
}

/** Sets progress while the job is running (never moves it backwards). */
export async function updateProgress(db: Db, id: string, workerId: string, progress: number): Promise<void> {
  await db
    .update(jobs)
    .set({ progress: sql`greatest(${jobs.progress}, ${progress})`, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.workerId, workerId), eq(jobs.status, 'running')));
}

/**
 * Marks the worker's running jobs alive; returns the ones it still holds (a job cancelled, swept or handed to another
 * worker is not). The rows are locked in id order first: a job handed back can be in two workers' lists for a tick,
 * and two multi-row UPDATEs locking the same rows in different orders deadlock (seen on PostgreSQL with four workers).
 */
export async function touchHeartbeat(db: Db, ids: string[], workerId: string): Promise<string[]> {
  if (ids.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, ids)).orderBy(asc(jobs.id)).for('no key update');
    const held = await tx
      .update(jobs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(inArray(jobs.id, ids), eq(jobs.workerId, workerId), eq(jobs.status, 'running')))
      .returning({ id: jobs.id });
    return held.map((row) => row.id);
  });
}
