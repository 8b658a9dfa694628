import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { apiKeys, webhookDeliveries } from './tables.ts';

/** The webhook URL of a key that still exists; null when it has none or was deleted. */
export async function webhookUrlOfKey(db: Db, keyId: string): Promise<string | null> {
  const [key] = await db
    .select({ webhookUrl: apiKeys.webhookUrl })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.deletedAt)));
  return key?.webhookUrl ?? null;
}

/** Queues a webhook delivery for the dispatcher, once per event id (in the caller's transaction). */
export async function queueWebhookDelivery(
  db: Db,
  delivery: { keyId: string; jobId: string; eventId: string; type: string; payload: string },
): Promise<void> {
  await db.insert(webhookDeliveries).values(delivery).onConflictDoNothing();
}

/** Locks the key's row until the caller's transaction ends (parallel submissions with one key queue here). */
export async function lockApiKey(db: Db, keyId: string): Promise<void> {
  await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, keyId)).for('update');
}
