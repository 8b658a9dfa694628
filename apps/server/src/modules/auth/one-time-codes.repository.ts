import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { oneTimeCodes } from './tables.ts';
import type { OneTimeCodePurpose, OneTimeCodeRow } from './tables.ts';

export async function findOneTimeCode(db: Db, userId: string, purpose: OneTimeCodePurpose): Promise<OneTimeCodeRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)));
  return row ?? null;
}

/** Replaces the user's code for this purpose (one live code per purpose). */
export async function upsertOneTimeCode(
  db: Db,
  values: { userId: string; purpose: OneTimeCodePurpose; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insert(oneTimeCodes)
    .values(values)
    .onConflictDoUpdate({
      target: [oneTimeCodes.userId, oneTimeCodes.purpose],
      set: { codeHash: values.codeHash, expiresAt: values.expiresAt, createdAt: values.createdAt, failedAttempts: 0, consumedAt: null },
    });
}

/** Counts a wrong try; returns the new count. */
export async function recordFailedAttempt(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
    .where(eq(oneTimeCodes.id, id))
    .returning({ failedAttempts: oneTimeCodes.failedAttempts });
  return row?.failedAttempts ?? Number.MAX_SAFE_INTEGER;
}

/** Spends the code once; false if another request spent it first. */
export async function consumeOneTimeCode(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, id), sql`${oneTimeCodes.consumedAt} is null`))
    .returning({ id: oneTimeCodes.id });
  return rows.length > 0;
}
