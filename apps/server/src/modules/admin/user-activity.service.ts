import { sessionNotFoundMessage } from '@lumen/core/admin/user-activity';
import type { AdminSessionList, AdminUserApiKey, AdminUserOrder } from '@lumen/core/admin/user-activity';
import type { Db } from '../../db/database.ts';
import { deviceName } from '../../lib/device-name.ts';
import { AppError } from '../../plugins/app-error.ts';
import { totalPagesFor } from '@lumen/core/http/pagination';
import { apiKeysOfUserForAdmin } from '../api-keys/index.ts';
import { revokeSessionById } from '../auth/index.ts';
import { securityEventRecorder } from '../auth/index.ts';
import { findSession, liveSessionsPage } from '../auth/index.ts';
import { latestOrdersOfUserForAdmin } from '../payments/index.ts';
import { findUserById } from '../users/index.ts';
import { USER_NOT_FOUND_MESSAGE } from './admin-users.service.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';

/** What an admin sees of a user's keys, orders and sessions, and revoking any session. */
export function createUserActivityService({ db }: { db: Db }) {
  const record = securityEventRecorder(db);

  async function assertUser(userId: string): Promise<void> {
    if (!(await findUserById(db, userId))) throw new AppError('NOT_FOUND', 404, USER_NOT_FOUND_MESSAGE);
  }

  return {
    async apiKeysOf(userId: string): Promise<AdminUserApiKey[]> {
      await assertUser(userId);
      return apiKeysOfUserForAdmin(db, userId);
    },

    /** The user's latest 50 orders (the admin payments page has the rest, with refunds). */
    async ordersOf(userId: string): Promise<AdminUserOrder[]> {
      await assertUser(userId);
      return latestOrdersOfUserForAdmin(db, userId, 50);
    },

    async liveSessions(query: { userId?: string; search?: string; limit: number; page: number }): Promise<AdminSessionList> {
      const { rows, total } = await liveSessionsPage(db, query);
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
      const session = await findSession(db, sessionId);
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
