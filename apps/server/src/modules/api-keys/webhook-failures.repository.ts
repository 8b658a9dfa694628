import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { apiKeys, webhookDeliveries } from './tables.ts';

/**
 * Job webhooks made since `since` that were given up after every attempt failed, how many accounts'
 * endpoints they went to, and the account of the latest one.
 */
export async function failedWebhookDeliveries(
  db: Db,
  since: Date,
): Promise<{ count: number; accounts: number; latestUserId: string | null }> {
  const recent = sql`${webhookDeliveries.status} = 'failed' and ${webhookDeliveries.createdAt} >= ${since.toISOString()}`;
  const [[counted], [latest]] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number), accounts: sql<number>`count(distinct ${apiKeys.userId})`.mapWith(Number) })
      .from(webhookDeliveries)
      .innerJoin(apiKeys, eq(apiKeys.id, webhookDeliveries.keyId))
      .where(recent),
    db
      .select({ userId: apiKeys.userId })
      .from(webhookDeliveries)
      .innerJoin(apiKeys, eq(apiKeys.id, webhookDeliveries.keyId))
      .where(recent)
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(1),
  ]);
  return { count: counted?.count ?? 0, accounts: counted?.accounts ?? 0, latestUserId: latest?.userId ?? null };
}
