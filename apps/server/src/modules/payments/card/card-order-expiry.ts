import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { expireAbandonedCardOrders } from '../orders/index.ts';
import { createPeriodicTask } from '../../../lib/periodic-task.ts';
import type { PeriodicTask } from '../../../lib/periodic-task.ts';

/** How often abandoned card orders are looked for: a dialog's order is marked within 5 minutes of its expiry. */
export const CARD_ORDER_EXPIRY_INTERVAL_MS = 5 * 60_000;

/**
 * Expires abandoned card orders ('Checkout was not completed': a card dialog's 30 minutes after it was
 * last opened, a hosted checkout's after 24 h) on an interval,
 * where the job worker runs, beside the crypto reconciliation.
 */
export function createCardOrderExpiry(options: {
  db: Db;
  clock?: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  intervalMs?: number;
}): PeriodicTask {
  const clock = options.clock ?? (() => new Date());
  return createPeriodicTask({
    name: 'card order expiry',
    run: async () => {
      const count = await expireAbandonedCardOrders(options.db, clock());
      if (count > 0) options.log.info({ count }, 'abandoned card orders expired');
    },
    log: options.log,
    intervalMs: options.intervalMs ?? CARD_ORDER_EXPIRY_INTERVAL_MS,
  });
}
