import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiKeyMessages } from '@lumen/core/api-keys/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';
import { auditViewOf } from './api-key.dto.ts';
import { apiKeys } from './tables.ts';

/**
 * An admin revokes one of a user's keys (Admin › Users › API keys): it fails on its next request in every process
 * (the key-row cache follows the change notice). Revoking a revoked key changes nothing. Audited as the admin.
 */
export async function revokeUserKeyAsAdmin(
  db: Db,
  actor: AuditActor,
  input: { userId: string; keyId: string },
): Promise<{ id: string; status: 'revoked'; revokedAt: string }> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.userId, input.userId), isNull(apiKeys.deletedAt)))
      .for('update');
    if (!old) throw new AppError('NOT_FOUND', 404, apiKeyMessages.notFound);
    if (old.status === 'revoked' && old.revokedAt) return { id: old.id, status: 'revoked', revokedAt: old.revokedAt.toISOString() };
    const [revoked] = await tx
      .update(apiKeys)
      .set({ status: 'revoked', revokedAt: sql`now()` })
      .where(eq(apiKeys.id, old.id))
      .returning();
    await insertAuditEntry(tx, actor, {
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: old.id,
      before: auditViewOf(old),
      after: { ...auditViewOf(revoked!), byAdmin: true },
    });
    return { id: revoked!.id, status: 'revoked', revokedAt: revoked!.revokedAt!.toISOString() };
  });
}
