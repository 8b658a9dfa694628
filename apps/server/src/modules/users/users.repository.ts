import type { Role } from '@lumen/core/users/schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from './tables.ts';
import type { UserRow } from './tables.ts';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function insertUser(
  db: Db,
  values: {
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string | null;
    role?: 'USER' | 'ADMIN';
    emailVerifiedAt?: Date | null;
  },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('User insert returned no row');
  return row;
}

export async function updateUserNames(db: Db, id: string, changes: { firstName?: string; lastName?: string }): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Sets the new avatar path and returns the previous one (to delete its file). */
export async function replaceProfileImage(db: Db, id: string, profileImage: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ profileImage: users.profileImage }).from(users).where(eq(users.id, id)).for('update');
    await tx
      .update(users)
      .set({ profileImage, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    return current?.profileImage ?? null;
  });
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
  return Boolean(row);
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Marks the address verified (first time only); false when it already was. */
export async function markEmailVerified(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Accounts made in [from, to). */
export async function countSignups(db: Db, period: { from: Date; to: Date }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(sql`${users.createdAt} >= ${period.from.toISOString()} and ${users.createdAt} < ${period.to.toISOString()}`);
  return row?.count ?? 0;
}

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
