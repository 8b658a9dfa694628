import { and, count, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { sessionNotFoundMessage } from '@lumen/core/admin/user-activity';
import type { AdminSessionList, AdminUserApiKey, AdminUserOrder } from '@lumen/core/admin/user-activity';
import type { Db } from '../../db/database.ts';
import { deviceName } from '../../lib/device-name.ts';
import { AppError } from '../../plugins/app-error.ts';
import { totalPagesFor } from '@lumen/core/http/pagination';
import { apiKeys } from '../api-keys/index.ts';
import { revokeSessionById } from '../auth/index.ts';
import { securityEventRecorder } from '../auth/index.ts';
import { authSessions } from '../auth/index.ts';
import { orders } from '../payments/index.ts';
import { users } from '../users/index.ts';
import { USER_NOT_FOUND_MESSAGE } from './admin-users.service.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What an admin sees of a user's keys, orders and sessions, and revoking any session. */
export function createUserActivityService({ db }: { db: Db }) {
  const record = securityEventRecorder(db);

  async function assertUser(userId: string): Promise<void> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!row) throw new AppError('NOT_FOUND', 404, USER_NOT_FOUND_MESSAGE);
  }

  return {
    async apiKeysOf(userId: string): Promise<AdminUserApiKey[]> {
      await assertUser(userId);
      const rows = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.deletedAt)))
        .orderBy(desc(apiKeys.createdAt));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        keyPrefix: row.keyPrefix,
        status: row.status,
        rateLimit: row.rateLimit,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: iso(row.lastUsedAt),
        lastUsedIp: row.lastUsedIp,
      }));
    },

    /** The user's latest 50 orders (the admin payments page has the rest, with refunds). */
    async ordersOf(userId: string): Promise<AdminUserOrder[]> {
      await assertUser(userId);
      const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(50);
      return rows.map((row) => ({
        id: row.id,
        description: row.description,
        kind: row.kind,
        provider: row.provider,
        status: row.status,
        amountCents: row.amountCents,
        refundedCents: row.refundedCents,
        currency: row.currency,
        credits: row.credits,
        invoiceNumber: row.invoiceNumber,
        testMode: row.testMode,
        createdAt: row.createdAt.toISOString(),
        paidAt: iso(row.paidAt),
      }));
    },

    async liveSessions(query: { userId?: string; search?: string; limit: number; page: number }): Promise<AdminSessionList> {
      const conditions: SQL[] = [isNull(authSessions.revokedAt)];
      if (query.userId) conditions.push(eq(authSessions.userId, query.userId));
      if (query.search) {
        const pattern = likePattern(query.search);
        const match = or(ilike(users.email, pattern), ilike(authSessions.ip, pattern));
        if (match) conditions.push(match);
      }
      const where = and(...conditions);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ session: authSessions, email: users.email })
          .from(authSessions)
          .innerJoin(users, eq(users.id, authSessions.userId))
          .where(where)
          .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(authSessions).innerJoin(users, eq(users.id, authSessions.userId)).where(where),
      ]);
      const total = counted?.total ?? 0;
      return {
        items: rows.map(({ session, email }) => ({
          id: session.id,
          userId: session.userId,
          userEmail: email,
          device: deviceName(session.userAgent),
          ip: session.ip,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
        })),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },

    /** Signs a live session out (its access token stops at once); audited and in the user's security events. */
    async revokeSession(actor: AuditActor, sessionId: string): Promise<void> {
      const [session] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId));
      if (!session || session.revokedAt) throw new AppError('NOT_FOUND', 404, sessionNotFoundMessage);
      await db.transaction(async (tx) => {
        await revokeSessionById(tx, sessionId);
        await insertAuditEntry(tx, actor, {
          action: 'session.revoke',
          targetType: 'session',
          targetId: sessionId,
          before: { userId: session.userId, ip: session.ip, device: deviceName(session.userAgent), revokedAt: null },
          after: { revoked: true },
        });
      });
      await record(session.userId, 'session_revoked', { ip: actor.ip ?? '', userAgent: actor.userAgent }, { reason: 'admin', sessionId });
    },
  };
}
