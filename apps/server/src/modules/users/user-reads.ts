import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from './tables.ts';

/** What a signed-in request may do: the role and whether the address is verified, as the database has them now; null when the account is gone. */
export async function findUserAccess(db: Db, userId: string) {
  const [row] = await db.select({ role: users.role, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** When the account was suspended (null when it is not); undefined when the account is gone. Pass the transaction when in one. */
export async function findUserSuspendedAt(db: Db, userId: string): Promise<Date | null | undefined> {
  const [row] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId));
  return row?.suspendedAt;
}

/** The account's e-mail address; null when the account is gone. */
export async function findUserEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** Whom to write to and how to greet them, and whether the account is suspended; null when the account is gone. */
export async function findUserContact(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The e-mail address and names of each account in `userIds` that exists, in no particular order. */
export async function userContactsByIds(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}

/** The e-mail address of every admin (suspended ones included). */
export async function adminEmails(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'ADMIN'));
  return rows.map((row) => row.email);
}

/** The id of the first admin account made; null when there is no admin. */
export async function firstAdminId(db: Db): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).orderBy(asc(users.createdAt)).limit(1);
  return row?.id ?? null;
}
