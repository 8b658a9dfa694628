import type { SecurityEventType } from '@lumen/core/users/security-events';
import type { Db } from '../../db/database.ts';
import { insertSecurityEvent } from './security-events.repository.ts';
import type { ClientInfo } from './session-issuer.ts';

export type RecordSecurityEvent = (
  userId: string | null,
  type: SecurityEventType,
  client: ClientInfo | null,
  detail?: Record<string, unknown>,
) => Promise<void>;

export function securityEventRecorder(db: Db): RecordSecurityEvent {
  return (userId, type, client, detail) =>
    insertSecurityEvent(db, { userId, type, ip: client?.ip ?? null, userAgent: client?.userAgent ?? null, detail });
}
