import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { readColumns } from '../../db/read-columns.ts';
import type { Db } from '../../db/database.ts';
import { jobOutputs, jobs, uploads } from './tables.ts';

/** A person's jobs (with their outputs) and uploads, for their data archive. */
export async function jobsPersonalData(db: Db, userId: string) {
  const jobColumns = [
    'id',
    'service',
    'status',
    'params',
    'files',
    'cost',
    'refundedAt',
    'engineLabel',
    'error',
    'summary',
    'apiKeyId',
    'oauthGrantId',
    'createdAt',
    'finishedAt',
  ] as const;
  const jobRows = await readColumns(db, jobs, jobColumns, eq(jobs.userId, userId), jobs.createdAt);
  const jobIds = jobRows.map((row) => row.id);
  const outputRows = jobIds.length
    ? await db.select().from(jobOutputs).where(inArray(jobOutputs.jobId, jobIds)).orderBy(asc(jobOutputs.position))
    : [];
  const uploadRows = await db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(asc(uploads.createdAt));
  return { jobs: jobRows.map((job) => ({ ...job, outputs: outputRows.filter((row) => row.jobId === job.id) })), uploads: uploadRows };
}

/** The credits each of these API keys spent on jobs (refunded jobs left out); a key without jobs is absent. */
export async function creditsSpentByKeys(db: Db, keyIds: string[]): Promise<Map<string, number>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .select({ keyId: jobs.apiKeyId, credits: sql<string>`coalesce(sum(${jobs.cost}), 0)` })
    .from(jobs)
    .where(and(inArray(jobs.apiKeyId, keyIds), isNull(jobs.refundedAt)))
    .groupBy(jobs.apiKeyId);
  return new Map(rows.map((row) => [row.keyId!, Number(row.credits)]));
}

/** Storage keys of the person's uploads and results, to remove once the erasure has committed. */
export async function storedFileKeysOf(db: Db, userId: string): Promise<string[]> {
  const uploadRows = await db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.userId, userId));
  const outputRows = await db
    .select({ key: jobOutputs.storageKey, preview: jobOutputs.previewStorageKey })
    .from(jobOutputs)
    .innerJoin(jobs, eq(jobs.id, jobOutputs.jobId))
    .where(eq(jobs.userId, userId));
  return [...uploadRows.map((row) => row.key), ...outputRows.flatMap((row) => (row.preview ? [row.key, row.preview] : [row.key]))];
}

/** Deletes the person's jobs (their outputs cascade) and uploads, inside the erasure's transaction; community posts go first. */
export async function eraseJobsPersonalData(db: Db, userId: string): Promise<void> {
  await db.delete(jobs).where(eq(jobs.userId, userId));
  await db.delete(uploads).where(eq(uploads.userId, userId));
}
