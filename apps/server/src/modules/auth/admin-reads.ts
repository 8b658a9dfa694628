import { and, count, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { userDirectory } from '../users/index.ts';
import { authSessions } from './tables.ts';
import type { AuthSessionRow } from './tables.ts';

const owner = userDirectory('owner');

/** One page of live sessions with their owner's e-mail, most recently seen first; filtered by user or by e-mail or address. */
export async function liveSessionsPage(db: Db, query: { userId?: string; search?: string; limit: number; page: number }) {
  const conditions: SQL[] = [isNull(authSessions.revokedAt)];
  if (query.userId) conditions.push(eq(authSessions.userId, query.userId));
  if (query.search) {
    const pattern = likePattern(query.search);
    const match = or(ilike(owner.email, pattern), ilike(authSessions.ip, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ session: authSessions, email: owner.email })
      .from(authSessions)
      .innerJoin(owner, eq(owner.id, authSessions.userId))
      .where(where)
      .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(authSessions).innerJoin(owner, eq(owner.id, authSessions.userId)).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** A session by its id (revoked or not); undefined when there is none. */
export async function findSession(db: Db, sessionId: string): Promise<AuthSessionRow | undefined> {
  const [session] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId));
  return session;
}
