import type { Role } from '@lumen/core/users/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from './tables.ts';
import type { UserRow } from './tables.ts';

/** Suspends the account with the reason (from now); the updated row, undefined when the account is gone. */
export async function suspendUser(db: Db, userId: string, reason: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ suspendedAt: sql`now()`, suspendedReason: reason, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Lifts the account's suspension. */
export async function reactivateUser(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ suspendedAt: null, suspendedReason: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function setUserRole(db: Db, userId: string, role: Role): Promise<void> {
  await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Marks the address verified by an identity provider and drops the password: whoever set it never proved the
 * address, so it may be a squatter's (pre-hijacking).
 */
export async function verifyEmailDroppingPassword(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: at, passwordHash: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
