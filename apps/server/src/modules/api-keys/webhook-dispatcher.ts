import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NodeEnv } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { decryptSecret, signWebhook } from './key-secrets.ts';
import { apiKeys, webhookDeliveries } from './tables.ts';
import { postWebhook } from './webhook-transport.ts';
import { isPrivateAddress, resolvePublicAddress, systemLookup } from './webhook-url-policy.ts';
import type { ResolvedAddress, WebhookLookup } from './webhook-url-policy.ts';

/** Waits before the 2nd … 6th attempt (decision 018); after the last one the delivery is given up. */
export const WEBHOOK_BACKOFF_MS = [1_000, 5_000, 30_000, 120_000, 600_000];
export const WEBHOOK_TIMEOUT_MS = 10_000;
const BATCH = 20;

export type WebhookDispatcherOptions = {
  db: Db;
  jwtSecret: string;
  nodeEnv: NodeEnv;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
  backoffMs?: number[];
  timeoutMs?: number;
  intervalMs?: number;
  /** Resolves webhook hosts before a production delivery (default: the system resolver). */
  lookup?: WebhookLookup;
  /** Which resolved addresses a production delivery refuses (tests stand in 127.0.0.1 for a public host). */
  isPrivateAddress?: (address: string) => boolean;
};

/** Sends due webhook deliveries; a failing endpoint only ever delays its own deliveries, never a job. */
export function createWebhookDispatcher(options: WebhookDispatcherOptions) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const backoff = options.backoffMs ?? WEBHOOK_BACKOFF_MS;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const lookup = options.lookup ?? systemLookup;
  const isPrivate = options.isPrivateAddress ?? isPrivateAddress;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  async function claim() {
    const at = now();
    const lease = new Date(at.getTime() + timeoutMs + 30_000);
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, at)))
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((row) => row.id);
      await tx.update(webhookDeliveries).set({ nextAttemptAt: lease }).where(inArray(webhookDeliveries.id, ids));
      return tx
        .select({ delivery: webhookDeliveries, url: apiKeys.webhookUrl, secret: apiKeys.webhookSecretEncrypted })
        .from(webhookDeliveries)
        .innerJoin(apiKeys, eq(apiKeys.id, webhookDeliveries.keyId))
        .where(inArray(webhookDeliveries.id, ids));
    });
  }

  async function attempt(
    url: string,
    secret: string,
    eventId: string,
    body: string,
  ): Promise<{ status: number | null; error: string | null }> {
    let pin: ResolvedAddress | undefined;
    if (options.nodeEnv === 'production') {
      const resolved = await resolvePublicAddress(url, lookup, isPrivate);
      if (!resolved) return { status: null, error: 'The webhook host resolves to a private address' };
      pin = resolved;
    }
    const signature = signWebhook(secret, body, Math.floor(now().getTime() / 1000));
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Lumen-Webhooks/1',
      'lumen-signature': signature,
      'lumen-event-id': eventId,
    };
    try {
      const { status } = await postWebhook(url, { headers, body, timeoutMs }, pin);
      return { status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` };
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.message.slice(0, 300) : 'Request failed' };
    }
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim();
    await Promise.all(
      claimed.map(async ({ delivery, url, secret }) => {
        const result =
          url && secret
            ? await attempt(url, decryptSecret(options.jwtSecret, secret), delivery.eventId, delivery.payload)
            : { status: null, error: 'The key has no webhook URL any more' };
        const attempts = delivery.attempts + 1;
        const delivered = result.error === null;
        const wait = backoff[attempts - 1];
        await db
          .update(webhookDeliveries)
          .set({
            attempts,
            lastStatus: result.status,
            lastError: result.error,
            status: delivered ? 'delivered' : wait === undefined || !url ? 'failed' : 'pending',
            nextAttemptAt: new Date(now().getTime() + (wait ?? 0)),
            deliveredAt: delivered ? sql`now()` : null,
          })
          .where(eq(webhookDeliveries.id, delivery.id));
      }),
    );
    return claimed.length;
  }

  const tick = () => {
    running ??= runOnce()
      .catch((error: unknown) => {
        options.log.warn({ err: error }, 'webhook dispatch failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
  };

  return {
    runOnce,
    start() {
      timer ??= setInterval(tick, options.intervalMs ?? 1000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
