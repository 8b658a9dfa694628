import { and, eq, ne, sql } from 'drizzle-orm';
import { DELETED_FIRST_NAME, DELETED_LAST_NAME, deletedEmailFor } from '@lumen/core/users/account-data';
import type { Db } from '../../db/database.ts';
import { users } from './tables.ts';
import type { UserRow } from './tables.ts';

/** The account as its owner's data archive shows it: no password hash, only whether there is one. */
export async function userPersonalData(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      role: users.role,
      profileImage: users.profileImage,
      emailVerifiedAt: users.emailVerifiedAt,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** The user's row, locked until the caller's transaction ends; undefined when the account is gone. */
export async function lockUser(tx: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Other admins who can still sign in (a suspended admin cannot run the platform). */
export async function countOtherActiveAdmins(db: Db, userId: string): Promise<number> {
  // Locks every admin row: two admins deleting themselves at once cannot both pass.
  const rows = await db.select({ id: users.id, suspendedAt: users.suspendedAt }).from(users).where(eq(users.role, 'ADMIN')).for('update');
  return rows.filter((row) => row.id !== userId && row.suspendedAt === null).length;
}

/**
 * Turns an erased account's row into an anonymised tombstone (the credit ledger, orders, refunds and the audit log
 * reference it); nothing can sign in as it.
 */
export async function anonymiseUser(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({
      firstName: DELETED_FIRST_NAME,
      lastName: DELETED_LAST_NAME,
      email: deletedEmailFor(userId),
      passwordHash: null,
      profileImage: null,
      role: 'USER',
      emailVerifiedAt: null,
      // Nothing can sign in as the tombstone, whatever else changes later.
      suspendedAt: sql`now()`,
      suspendedReason: 'Account deleted by its owner',
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), ne(users.email, deletedEmailFor(userId))));
}
