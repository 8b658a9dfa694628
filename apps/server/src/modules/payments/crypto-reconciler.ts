import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createCryptoPaymentsService } from './crypto-payments.service.ts';
import { createPeriodicTask } from '../../lib/periodic-task.ts';
import type { PeriodicTask } from '../../lib/periodic-task.ts';
import type { CryptoPaymentsService } from './crypto-payments.service.ts';
import type { CryptoProvider } from './providers/crypto-provider.ts';
import { createNowPaymentsProvider } from './providers/nowpayments-provider.ts';
import { createTestCryptoProvider } from './providers/test-crypto-provider.ts';
import type { TestCryptoProvider } from './providers/test-crypto-provider.ts';

/** How often unsettled crypto payments are checked with the provider (and expired when past their time). */
export const CRYPTO_RECONCILE_INTERVAL_MS = 60_000;

/** NOWPayments when NOWPAYMENTS_API_KEY is set, otherwise the built-in test provider. */
export function cryptoProviderFor(
  config: AppConfig,
  log: Pick<FastifyBaseLogger, 'warn'>,
): { provider: CryptoProvider; testProvider: TestCryptoProvider | null } {
  const nowpayments = config.crypto?.nowpayments ?? null;
  if (nowpayments) return { provider: createNowPaymentsProvider(nowpayments), testProvider: null };
  const testProvider = createTestCryptoProvider({
    timings: config.crypto?.testTimings,
    onDeliveryError: (error) => log.warn({ err: error }, 'test crypto IPN was refused'),
  });
  return { provider: testProvider, testProvider };
}

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

/** For `npm run worker`: the reconciler of a process without the HTTP API. */
export function startWorkerCryptoReconciler({ db, config, log }: { db: Db; config: AppConfig; log: Pick<FastifyBaseLogger, 'warn' | 'info'> }) {
  const { provider } = cryptoProviderFor(config, log);
  const service = createCryptoPaymentsService({ db, provider, publicUrl: config.publicUrl, log });
  const reconciler = createCryptoReconciler({ service, log });
  reconciler.start();
  return reconciler;
}
