import type { FastifyBaseLogger } from 'fastify';
import { providerSpendMessages } from '@lumen/core/admin/providers';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { committedByProvider, utcDayOf } from './budget.ts';

const MICRO = 1_000_000;

export const startOfUtcDay = (now: Date) => new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);

/**
 * What hosted providers cost since 00:00 UTC, per provider, in millionths of a dollar: the budget ledger's ended
 * requests (their cost) and runs under way (their reservations), so an unpriced runaway shows as well.
 */
export async function providerSpendToday(db: Db, now: Date): Promise<Record<string, number>> {
  return committedByProvider(db, utcDayOf(now));
}

export const totalOf = (byProvider: Record<string, number>) => Object.values(byProvider).reduce((sum, value) => sum + value, 0);

export const isCapReached = (spentMicroUsd: number, capUsd: number | null) =>
  capUsd !== null && spentMicroUsd >= Math.round(capUsd * MICRO);

/**
 * Refuses a job of a service on a hosted provider once today's provider spend (ended and reserved) reached the
 * admin's daily budget, before anything is charged. Jobs accepted before that still reserve their cost before they
 * are sent (budget.ts): one that no longer fits is refused then and refunded.
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
