import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { providerCalls } from './tables.ts';

/** A provider counts as failing from this many calls, at least half of them failed. */
export const FAILING_MIN_CALLS = 3;
export const FAILING_SHARE = 0.5;

export type FailingProvider = { provider: string; calls: number; failed: number };

/** Hosted providers whose calls since `since` failed at least half the time (at least FAILING_MIN_CALLS calls). */
export async function findFailingProviders(db: Db, since: Date): Promise<FailingProvider[]> {
  const rows = await db
    .select({
      provider: providerCalls.provider,
      calls: sql<number>`count(*)`.mapWith(Number),
      failed: sql<number>`count(*) filter (where not ${providerCalls.succeeded})`.mapWith(Number),
    })
    .from(providerCalls)
    .where(sql`${providerCalls.createdAt} >= ${since.toISOString()}`)
    .groupBy(providerCalls.provider)
    .orderBy(providerCalls.provider);
  return rows.filter((row) => row.calls >= FAILING_MIN_CALLS && row.failed / row.calls >= FAILING_SHARE);
}
