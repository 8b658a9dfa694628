import { and, gte, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { providerSpendMessages } from '@lumen/core/admin/providers';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { jobs } from './tables.ts';

const MICRO = 1_000_000;

export const startOfUtcDay = (now: Date) => new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);

/** What hosted providers cost since 00:00 UTC, per provider, in millionths of a dollar (finished jobs at published prices). */
export async function providerSpendToday(db: Db, now: Date): Promise<Record<string, number>> {
  const rows = await db
    .select({ provider: jobs.provider, spent: sql<string>`coalesce(sum(${jobs.providerCostMicroUsd}), 0)` })
    .from(jobs)
    .where(and(isNotNull(jobs.provider), gte(jobs.finishedAt, startOfUtcDay(now))))
    .groupBy(jobs.provider);
  return Object.fromEntries(rows.map((row) => [row.provider!, Number(row.spent)]));
}

export const totalOf = (byProvider: Record<string, number>) => Object.values(byProvider).reduce((sum, value) => sum + value, 0);

export const isCapReached = (spentMicroUsd: number, capUsd: number | null) =>
  capUsd !== null && spentMicroUsd >= Math.round(capUsd * MICRO);

/**
 * Refuses a job of a service on a hosted provider once today's provider spend reached the admin's
 * daily budget, before anything is charged. The budget is checked against finished jobs, so jobs
 * already running may take the day's spend a little past it; the refusal then holds until midnight.
 */
export async function checkProviderBudget(db: Db, capUsd: number | null, now: Date, log: FastifyBaseLogger): Promise<void> {
  if (capUsd === null) return;
  const spent = totalOf(await providerSpendToday(db, now));
  if (!isCapReached(spent, capUsd)) return;
  log.warn({ spentUsd: spent / MICRO, capUsd }, 'provider budget reached: refusing a job on a hosted provider');
  const secondsToMidnight = Math.ceil((startOfUtcDay(now).getTime() + 86_400_000 - now.getTime()) / 1000);
  throw new AppError('SERVICE_UNAVAILABLE', 503, providerSpendMessages.capReached, {
    retryAfterSeconds: secondsToMidnight,
    meta: { reason: 'provider_budget' },
  });
}
