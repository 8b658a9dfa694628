import type { Session } from '@lumen/core/auth/sessions';
import { sessionMessages } from '@lumen/core/auth/sessions';
import type { Db } from '../../db/database.ts';
import { deviceName } from '../../lib/device-name.ts';
import { AppError } from '../../plugins/app-error.ts';
import { listLiveSessions, revokeSessions } from './auth.repository.ts';
import type { RecordSecurityEvent } from './security-event-recorder.ts';
import type { ClientInfo } from './session-issuer.ts';

type Deps = { db: Db; record: RecordSecurityEvent };

export function createSessionsService({ db, record }: Deps) {
  return {
    async list(userId: string, currentSessionId: string): Promise<Session[]> {
      const rows = await listLiveSessions(db, userId);
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /** Signs one of the user's sessions out; another user's (or an ended one) is a 404. */
    async revoke(userId: string, sessionId: string, client: ClientInfo): Promise<void> {
      const revoked = await revokeSessions(db, userId, { only: sessionId });
      if (revoked.length === 0) throw new AppError('NOT_FOUND', 404, sessionMessages.notFound);
      await record(userId, 'session_revoked', client, { sessionId });
    },

    async revokeOthers(userId: string, currentSessionId: string, client: ClientInfo): Promise<number> {
      const revoked = await revokeSessions(db, userId, { except: currentSessionId });
      if (revoked.length > 0) await record(userId, 'session_revoked', client, { reason: 'sign_out_others', count: revoked.length });
      return revoked.length;
    },
  };
}
