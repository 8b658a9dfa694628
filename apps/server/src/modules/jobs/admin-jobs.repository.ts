import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AdminJobListQuery } from '@lumen/core/jobs/schemas';
import type { Db } from '../../db/database.ts';
import { jobs, uploads } from './tables.ts';
import type { JobRow, UploadRow } from './tables.ts';
import { userDirectory } from '../users/index.ts';
import { likePattern } from '../../lib/like-pattern.ts';

export type JobUser = { id: string; email: string; name: string };

const owner = userDirectory('owner');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

/** `from` at the start of its day; `to` inclusive: a date means up to the end of that day. */
export function dateRange(from: string | undefined, to: string | undefined): { start?: Date; end?: Date } {
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  return {
    start: from ? new Date(isDate(from) ? `${from}T00:00:00Z` : from) : undefined,
    end: to ? new Date(isDate(to) ? new Date(`${to}T00:00:00Z`).getTime() + DAY_MS : new Date(to).getTime() + 1) : undefined,
  };
}

function filterConditions(query: Omit<AdminJobListQuery, 'limit' | 'page'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.service) conditions.push(eq(jobs.service, query.service));
  if (query.status) conditions.push(eq(jobs.status, query.status));
  if (query.userId) conditions.push(eq(jobs.userId, query.userId));
  const { start, end } = dateRange(query.from, query.to);
  if (start) conditions.push(gte(jobs.createdAt, start));
  if (end) conditions.push(lt(jobs.createdAt, end));
  const search = query.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    const matches: SQL[] = [ilike(owner.email, pattern), ilike(sql`${owner.firstName} || ' ' || ${owner.lastName}`, pattern)];
    if (UUID.test(search)) matches.push(eq(jobs.id, search.toLowerCase()));
    conditions.push(or(...matches) as SQL);
  }
  return conditions;
}

const userColumns = { id: owner.id, email: owner.email, firstName: owner.firstName, lastName: owner.lastName };
const toJobUser = (user: { id: string; email: string; firstName: string; lastName: string }): JobUser => ({
  id: user.id,
  email: user.email,
  name: `${user.firstName} ${user.lastName}`.trim(),
});

/** Jobs of every user, newest first, with their owner; search matches e-mail, name or the job id. */
export async function findAdminJobsPage(
  db: Db,
  query: AdminJobListQuery,
): Promise<{ rows: Array<{ job: JobRow; user: JobUser }>; total: number }> {
  const conditions = filterConditions(query);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ job: jobs, user: userColumns })
      .from(jobs)
      .innerJoin(owner, eq(owner.id, jobs.userId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(jobs).innerJoin(owner, eq(owner.id, jobs.userId)).where(where),
  ]);
  return { rows: rows.map((row) => ({ job: row.job, user: toJobUser(row.user) })), total: totals?.total ?? 0 };
}

export async function findJobWithUser(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ job: JobRow; user: JobUser } | null> {
  const query = db.select({ job: jobs, user: userColumns }).from(jobs).innerJoin(owner, eq(owner.id, jobs.userId)).where(eq(jobs.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: jobs }) : await query;
  return row ? { job: row.job, user: toJobUser(row.user) } : null;
}

export async function findUploadsByIds(db: Db, ids: string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(uploads).where(inArray(uploads.id, ids));
}

/** Puts a failed job back in the queue as if new (attempts and timings reset), with its current charge. */
export async function requeueFailedJob(db: Db, id: string, chargeLedgerId: string | null): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'queued',
      progress: 0,
      error: null,
      summary: null,
      attempts: 0,
      refundedAt: null,
      chargeLedgerId,
      workerId: null,
      heartbeatAt: null,
      startedAt: null,
      finishedAt: null,
      runAfter: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row ?? null;
}
