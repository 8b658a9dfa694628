import { eq, inArray, sql } from 'drizzle-orm';
import { readColumns } from '../../db/read-columns.ts';
import type { Db } from '../../db/database.ts';
import { apiKeyRequests, apiKeys, webhookDeliveries } from './tables.ts';

/** A person's API keys (no hashes, no webhook secrets) with the requests and errors each made, for their data archive. */
export async function apiKeysPersonalData(db: Db, userId: string) {
  const keyColumns = [
    'id',
    'name',
    'keyPrefix',
    'status',
    'rateLimit',
    'allowedServices',
    'monthlyCreditCap',
    'webhookUrl',
    'createdAt',
    'lastUsedAt',
    'lastUsedIp',
    'revokedAt',
    'deletedAt',
  ] as const;
  const keyRows = await readColumns(db, apiKeys, keyColumns, eq(apiKeys.userId, userId), apiKeys.createdAt);
  const keyIds = keyRows.map((row) => row.id);
  const requestRows = keyIds.length
    ? await db
        .select({
          keyId: apiKeyRequests.keyId,
          requests: sql<string>`coalesce(sum(${apiKeyRequests.requests}), 0)`,
          errors: sql<string>`coalesce(sum(${apiKeyRequests.errors}), 0)`,
        })
        .from(apiKeyRequests)
        .where(inArray(apiKeyRequests.keyId, keyIds))
        .groupBy(apiKeyRequests.keyId)
    : [];
  const requestsOf = new Map(requestRows.map((row) => [row.keyId, row]));
  return keyRows.map((key) => ({
    ...key,
    usage: { requests: Number(requestsOf.get(key.id)?.requests ?? 0), errors: Number(requestsOf.get(key.id)?.errors ?? 0) },
  }));
}

/** Revokes the person's keys, forgets their webhooks and last address, and drops queued deliveries (inside the erasure's transaction). */
export async function eraseApiKeysPersonalData(db: Db, userId: string): Promise<void> {
  const keys = await db
    .update(apiKeys)
    .set({
      status: 'revoked',
      revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())`,
      webhookUrl: null,
      webhookSecretEncrypted: null,
      lastUsedIp: null,
    })
    .where(eq(apiKeys.userId, userId))
    .returning({ id: apiKeys.id });
  if (keys.length > 0)
    await db.delete(webhookDeliveries).where(
      inArray(
        webhookDeliveries.keyId,
        keys.map((key) => key.id),
      ),
    );
}
