import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { limitCounters } from './tables.ts';

/** A limit of `max` hits per window; `max` 0 means no limit. */
import type { Limit } from '../../config/client-limits.ts';

export type { Limit };

/** `count`: hits in the window so far, this one included (0 when the limit is off). */
export type LimitHit = { allowed: true; count: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one hit against `key` unless the window's count has reached `max`: the check and the count
 * are one statement, so 200 parallel requests cannot get past the limit together.
 */
export async function hitLimit(db: Db, key: string, limit: Limit, now: Date): Promise<LimitHit> {
  if (limit.max <= 0) return { allowed: true, count: 0 };
  const windowEnded = lte(limitCounters.resetAt, now);
  const counted = await db
    .insert(limitCounters)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + limit.windowMs) })
    .onConflictDoUpdate({
      target: limitCounters.key,
      set: {
        count: sql`case when ${windowEnded} then 1 else ${limitCounters.count} + 1 end`,
        resetAt: sql`case when ${windowEnded} then excluded.reset_at else ${limitCounters.resetAt} end`,
      },
      setWhere: or(windowEnded, lt(limitCounters.count, limit.max)),
    })
    .returning({ count: limitCounters.count });
  const [row] = counted;
  if (row) return { allowed: true, count: row.count };
  // Parallel requests read the clock before they reach the database, so the window may have been opened by one
  // whose clock read a little later than `now`: the wait is still at most one window.
  return { allowed: false, retryAfterSeconds: atMostOneWindow(limit, await secondsUntilReset(db, key, now)) };
}

/** Whether `key` is at its limit now, without counting a hit. */
export async function checkLimit(db: Db, key: string, limit: Limit, now: Date): Promise<LimitHit> {
  if (limit.max <= 0) return { allowed: true, count: 0 };
  const [row] = await db.select().from(limitCounters).where(eq(limitCounters.key, key));
  if (!row || row.resetAt.getTime() <= now.getTime()) return { allowed: true, count: 0 };
  if (row.count < limit.max) return { allowed: true, count: row.count };
  // As in hitLimit: a request that read the clock before the one that opened the window still waits one window at most.
  return { allowed: false, retryAfterSeconds: atMostOneWindow(limit, secondsBetween(now, row.resetAt)) };
}

/** Gives back one hit (an attempt that turned out not to count, e.g. the right code). */
export async function releaseHit(db: Db, key: string): Promise<void> {
  await db
    .update(limitCounters)
    .set({ count: sql`${limitCounters.count} - 1` })
    .where(and(eq(limitCounters.key, key), gt(limitCounters.count, 0)));
}

/** Forgets ended windows; called now and then by the sweeper. */
export async function deleteEndedWindows(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(limitCounters).where(lte(limitCounters.resetAt, now)).returning({ key: limitCounters.key });
  return deleted.length;
}

async function secondsUntilReset(db: Db, key: string, now: Date): Promise<number> {
  const [row] = await db.select({ resetAt: limitCounters.resetAt }).from(limitCounters).where(eq(limitCounters.key, key));
  return secondsBetween(now, row?.resetAt ?? now);
}

function atMostOneWindow(limit: Limit, seconds: number): number {
  return Math.min(Math.ceil(limit.windowMs / 1000), seconds);
}

function secondsBetween(now: Date, later: Date): number {
  return Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));
}
