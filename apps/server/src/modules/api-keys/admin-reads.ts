import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AdminUserApiKey } from '@lumen/core/admin/user-activity';
import type { Db } from '../../db/database.ts';
import { apiKeys } from './tables.ts';

/** A user's API keys (deleted ones left out), newest first, as the admin's user page shows them. */
export async function apiKeysOfUserForAdmin(db: Db, userId: string): Promise<AdminUserApiKey[]> {
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
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
  }));
}
