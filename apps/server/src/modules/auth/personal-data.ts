import { and, desc, eq, sql } from 'drizzle-orm';
import type { SecurityEventType } from '@lumen/core/users/security-events';
import { readColumns } from '../../db/read-columns.ts';
import type { Db } from '../../db/database.ts';
import { revokeSessions } from './auth.repository.ts';
import { authSessions, oneTimeCodes, refreshTokens, securityEvents, userIdentities } from './tables.ts';

/** A person's sign-in methods, sessions and security events, for their data archive (no tokens, no codes). */
export async function authPersonalData(db: Db, userId: string) {
  const identities = await db
    .select({ provider: userIdentities.provider, email: userIdentities.email, linkedAt: userIdentities.createdAt })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
  const sessionColumns = ['id', 'userAgent', 'ip', 'createdAt', 'lastSeenAt', 'revokedAt'] as const;
  const sessions = await readColumns(db, authSessions, sessionColumns, eq(authSessions.userId, userId), authSessions.createdAt);
  const eventColumns = ['type', 'ip', 'userAgent', 'detail', 'createdAt'] as const;
  const events = await readColumns(db, securityEvents, eventColumns, eq(securityEvents.userId, userId), securityEvents.createdAt);
  return { identities, sessions, securityEvents: events };
}

/** When the person's latest security event of this type happened; null when none did. */
export async function lastSecurityEventAt(db: Db, userId: string, type: SecurityEventType): Promise<Date | null> {
  const [last] = await db
    .select({ createdAt: securityEvents.createdAt })
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, type)))
    .orderBy(desc(securityEvents.createdAt))
    .limit(1);
  return last?.createdAt ?? null;
}

/** Ends every way the person signs in (inside the erasure's transaction): sessions, refresh tokens, identities, codes, events. */
export async function eraseAuthPersonalData(db: Db, userId: string): Promise<void> {
  await revokeSessions(db, userId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.revokedAt} is null`));
  await db.delete(userIdentities).where(eq(userIdentities.userId, userId));
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  await db.delete(securityEvents).where(eq(securityEvents.userId, userId));
}
