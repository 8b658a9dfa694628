import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobs } from './tables.ts';

/** What API keys spent: the credits charged to the jobs each key submitted. */
/** Credits charged to jobs of these keys since `since` (all time when null), refunded jobs excluded. */
export async function creditsByKey(db: Db, keyIds: string[], since: Date | null): Promise<Map<string, number>> {
  if (keyIds.length === 0) return new Map();
  const conditions = [inArray(jobs.apiKeyId, keyIds), isNull(jobs.refundedAt)];
  if (since) conditions.push(gte(jobs.createdAt, since));
  const rows = await db
    .select({ keyId: jobs.apiKeyId, credits: sql<string>`coalesce(sum(${jobs.cost}), 0)` })
    .from(jobs)
    .where(and(...conditions))
    .groupBy(jobs.apiKeyId);
  return new Map(rows.map((row) => [row.keyId ?? '', Number(row.credits)]));
}

export async function creditsPerDay(db: Db, keyId: string, since: Date): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${jobs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, credits: sql<string>`coalesce(sum(${jobs.cost}), 0)` })
    .from(jobs)
    .where(and(eq(jobs.apiKeyId, keyId), isNull(jobs.refundedAt), gte(jobs.createdAt, since)))
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, Number(row.credits)]));
}

/** Credits charged to the jobs an MCP OAuth grant's tokens submitted since `since` (all time when null), refunds excluded. */
export async function creditsOfGrant(db: Db, grantId: string, since: Date | null): Promise<number> {
  const conditions = [eq(jobs.oauthGrantId, grantId), isNull(jobs.refundedAt)];
  if (since) conditions.push(gte(jobs.createdAt, since));
  const [row] = await db
    .select({ credits: sql<string>`coalesce(sum(${jobs.cost}), 0)` })
    .from(jobs)
    .where(and(...conditions));
  return Number(row?.credits ?? 0);
}

/** The port the api-keys module reads spending through (it cannot import jobs: jobs imports it). */
export const keySpending = { creditsByKey, creditsPerDay, creditsOfGrant };
