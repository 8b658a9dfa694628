import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
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

/**
 * Counts a try before the code is compared, in the same statement that checks the code is live and
 * under `maxAttempts`: parallel guesses cannot all read "4 tries used". Null when no try is left
 * (or the code is missing, spent or expired).
 */
export async function claimAttempt(
  db: Db,
  target: { userId: string; purpose: OneTimeCodePurpose },
  now: Date,
  maxAttempts: number,
): Promise<{ id: string; codeHash: string; failedAttempts: number } | null> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.userId, target.userId),
        eq(oneTimeCodes.purpose, target.purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.failedAttempts, maxAttempts),
      ),
    )
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash, failedAttempts: oneTimeCodes.failedAttempts });
  return row ?? null;
}

/** The right code: its claimed try is given back (unless the code was replaced meanwhile). */
export async function releaseAttempt(db: Db, claimed: { id: string; codeHash: string }): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} - 1` })
    .where(and(eq(oneTimeCodes.id, claimed.id), eq(oneTimeCodes.codeHash, claimed.codeHash), gt(oneTimeCodes.failedAttempts, 0)));
}

/**
 * Spends the right code once: still the same code, unspent, unexpired and within its tries (the
 * claimed try included), all in this one statement. False if another request spent it first.
 */
export async function consumeClaimedCode(
  db: Db,
  claimed: { id: string; codeHash: string },
  now: Date,
  maxAttempts: number,
): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now, failedAttempts: sql`${oneTimeCodes.failedAttempts} - 1` })
    .where(
      and(
        eq(oneTimeCodes.id, claimed.id),
        eq(oneTimeCodes.codeHash, claimed.codeHash),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
        lte(oneTimeCodes.failedAttempts, maxAttempts),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return rows.length > 0;
}
