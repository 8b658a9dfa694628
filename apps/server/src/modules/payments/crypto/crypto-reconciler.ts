import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicTask } from '../../../lib/periodic-task.ts';
import type { PeriodicTask } from '../../../lib/periodic-task.ts';
import type { CryptoPaymentsService } from './crypto-payments.service.ts';

/** How often unsettled crypto payments are checked with the provider (and expired when past their time). */
export const CRYPTO_RECONCILE_INTERVAL_MS = 60_000;

/**
 * Periodic reconciliation: asks the provider about payments still unsettled (a lost IPN) and
 * expires the ones past their time, through the same update path as the IPN. Runs where the job
 * worker runs; passes never overlap.
 */
export function createCryptoReconciler(options: {
  service: Pick<CryptoPaymentsService, 'reconcileOnce'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  intervalMs?: number;
}): PeriodicTask {
  return createPeriodicTask({
    name: 'crypto reconciliation',
    run: () => options.service.reconcileOnce(),
    log: options.log,
    intervalMs: options.intervalMs ?? CRYPTO_RECONCILE_INTERVAL_MS,
  });
}
