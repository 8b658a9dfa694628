import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { TryOnStatistics } from '@lumen/core/jobs/schemas';
import type { Db } from '../../db/database.ts';
import { jobs } from './tables.ts';
import { catalogueItemsByIds } from '../try-on/index.ts';
import type { CatalogueKind } from '../try-on/index.ts';
import { dateRange } from './admin-jobs.repository.ts';

const TOP = 5;

/** Virtual try-on in numbers: jobs, success rate (of finished jobs), average run time, most used catalogue items, per day (UTC). */
export async function computeTryOnStatistics(db: Db, range: { from?: string; to?: string }): Promise<TryOnStatistics> {
  const conditions: SQL[] = [eq(jobs.service, 'virtual-try-on')];
  const { start, end } = dateRange(range.from, range.to);
  if (start) conditions.push(gte(jobs.createdAt, start));
  if (end) conditions.push(lt(jobs.createdAt, end));
  const where = and(...conditions);
  const succeededCount = sql<number>`count(*) filter (where ${jobs.status} = 'succeeded')`.mapWith(Number);
  const failedCount = sql<number>`count(*) filter (where ${jobs.status} = 'failed')`.mapWith(Number);
  const day = sql<string>`to_char(${jobs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

  const topUses = async (field: 'person' | 'garment', source: string) => {
    // The field is one of two constants, inlined so that SELECT and GROUP BY hold the same expression.
    const itemId = sql<string>`${jobs.files} -> ${sql.raw(`'${field}'`)} ->> 'id'`;
    return db
      .select({ id: itemId, uses: count() })
      .from(jobs)
      .where(and(where, sql`${jobs.files} -> ${sql.raw(`'${field}'`)} ->> 'source' = ${source}`))
      .groupBy(itemId)
      .orderBy(desc(count()), itemId)
      .limit(TOP);
  };

  const [[totals], perDay, modelUses, garmentUses] = await Promise.all([
    db
      .select({
        total: count(),
        succeeded: succeededCount,
        failed: failedCount,
        avgDurationMs: sql<
          number | null
        >`avg(extract(epoch from (${jobs.finishedAt} - ${jobs.startedAt})) * 1000) filter (where ${jobs.status} = 'succeeded')`.mapWith(
          (value: unknown) => (value === null ? null : Math.round(Number(value))),
        ),
      })
      .from(jobs)
      .where(where),
    db
      .select({ date: day, jobs: count(), succeeded: succeededCount, failed: failedCount })
      .from(jobs)
      .where(where)
      .groupBy(day)
      .orderBy(day),
    topUses('person', 'try-on-model'),
    topUses('garment', 'try-on-garment'),
  ]);

  const named = async (uses: Array<{ id: string; uses: number }>, kind: CatalogueKind) => {
    const found = await catalogueItemsByIds(
      db,
      kind,
      uses.map((use) => use.id),
    );
    return uses.flatMap((use) => {
      const item = found.find((row) => row.id === use.id);
      return item ? [{ id: use.id, name: item.name, uses: use.uses }] : [];
    });
  };

  const total = totals?.total ?? 0;
  const succeeded = totals?.succeeded ?? 0;
  const failed = totals?.failed ?? 0;
  return {
    totalJobs: total,
    succeeded,
    failed,
    successRate: succeeded + failed > 0 ? succeeded / (succeeded + failed) : 0,
    avgDurationMs: totals?.avgDurationMs ?? null,
    topModels: await named(modelUses, 'model'),
    topGarments: await named(garmentUses, 'garment'),
    perDay: perDay.map((row) => ({ date: row.date, jobs: row.jobs, succeeded: row.succeeded, failed: row.failed })),
  };
}
