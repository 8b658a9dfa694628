import { and, eq } from 'drizzle-orm';
import type { OAuthProvider } from '@lumen/core/auth/oauth';
import type { Db } from '../../db/database.ts';
import { userIdentities } from './tables.ts';
import type { UserIdentityRow } from './tables.ts';

export async function findIdentityBySubject(db: Db, provider: OAuthProvider, subject: string): Promise<UserIdentityRow | null> {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.providerUserId, subject)));
  return row ?? null;
}

export async function listIdentities(db: Db, userId: string): Promise<UserIdentityRow[]> {
  return db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(userIdentities.createdAt);
}

export async function insertIdentity(
  db: Db,
  values: { userId: string; provider: OAuthProvider; providerUserId: string; email: string | null },
): Promise<void> {
  await db.insert(userIdentities).values(values);
}

export async function deleteIdentity(db: Db, userId: string, provider: OAuthProvider): Promise<boolean> {
  const rows = await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
    .returning({ id: userIdentities.id });
  return rows.length > 0;
}
