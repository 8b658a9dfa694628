import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { userDirectory } from '../users/index.ts';
import { authSessions, refreshTokens } from './tables.ts';
import type { AuthSessionRow, RefreshTokenRow } from './tables.ts';
import type { SessionState } from './session-state-cache.ts';

export async function insertSession(
  db: Db,
  values: { id: string; userId: string; userAgent: string | null; ip: string | null; now: Date },
): Promise<void> {
  await db.insert(authSessions).values({
    id: values.id,
    userId: values.userId,
    userAgent: values.userAgent,
    ip: values.ip,
    createdAt: values.now,
    lastSeenAt: values.now,
  });
}

const owner = userDirectory('owner');

function prepareSessionStateQuery(db: Db) {
  return db
    .select({ userId: authSessions.userId, revokedAt: authSessions.revokedAt, suspendedAt: owner.suspendedAt, role: owner.role })
    .from(authSessions)
    .innerJoin(owner, eq(owner.id, authSessions.userId))
    .where(eq(authSessions.id, sql.placeholder('id')))
    .prepare('find_session_state');
}
const sessionStateQueries = new WeakMap<Db, ReturnType<typeof prepareSessionStateQuery>>();

/**
 * The hot path of every signed-in request: one primary-key lookup (with the owner's suspension, so a
 * suspended account's tokens stop at once), a prepared statement per database.
 */
export async function findSessionState(db: Db, id: string): Promise<SessionState | null> {
  let query = sessionStateQueries.get(db);
  if (!query) {
    query = prepareSessionStateQuery(db);
    sessionStateQueries.set(db, query);
  }
  const [row] = await query.execute({ id });
  return row ?? null;
}

export async function touchSession(db: Db, id: string, client: { ip: string | null; now: Date }): Promise<void> {
  await db.update(authSessions).set({ lastSeenAt: client.now, ip: client.ip }).where(eq(authSessions.id, id));
}

export async function listLiveSessions(db: Db, userId: string): Promise<AuthSessionRow[]> {
  return db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .orderBy(desc(authSessions.lastSeenAt));
}

/**
 * Revokes sessions of a user (one, all, or all but one) and their refresh tokens; returns the ids revoked.
 * `only` / `except` narrow it down.
 */
export async function revokeSessions(db: Db, userId: string, scope: { only?: string; except?: string } = {}): Promise<string[]> {
  const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
  if (scope.only) conditions.push(eq(authSessions.id, scope.only));
  if (scope.except) conditions.push(ne(authSessions.id, scope.except));
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: authSessions.id });
  for (const { id } of revoked) await revokeRefreshTokenFamily(db, id);
  return revoked.map((row) => row.id);
}

/** Revokes a session by id whoever owns it (refresh-token reuse, logout by token). */
export async function revokeSessionById(db: Db, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await revokeRefreshTokenFamily(db, sessionId);
}

export async function insertRefreshToken(
  db: Db,
  values: {
    id?: string;
    userId: string;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshTokenByHash(db: Db, tokenHash: string): Promise<RefreshTokenRow | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks a live token as spent by its successor; false when it was already spent or revoked. */
export async function markRefreshTokenRotated(db: Db, id: string, replacedBy: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, replacedBy })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function revokeRefreshTokenFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
