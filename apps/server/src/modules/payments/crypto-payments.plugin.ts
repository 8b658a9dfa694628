import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../lib/api-prefix.ts';
import type { AppConfig } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { createCryptoPaymentsService, createCryptoReconciler, cryptoRoutes } from './crypto/index.ts';
import type { CryptoPaymentsService, CryptoProvider } from './crypto/index.ts';
import type { SandboxCryptoProvider } from './sandbox/index.ts';
import { cryptoProviderFor } from './providers.ts';

export type CryptoPayments = {
  provider: CryptoProvider;
  /** The built-in sandbox provider in test mode (no NOWPAYMENTS_API_KEY); null with NOWPayments. */
  sandbox: SandboxCryptoProvider | null;
  service: CryptoPaymentsService;
};

declare module 'fastify' {
  interface FastifyInstance {
    cryptoPayments: CryptoPayments;
  }
}

/**
 * Crypto payments (NOWPayments or the offline sandbox provider), their routes under /api/v1, and the
 * periodic reconciliation, which runs where the job worker runs (WORKER_ENABLED; else `npm run worker`).
 */
export const cryptoPaymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const { provider, sandbox } = cryptoProviderFor(app.config, app.log);
    const service = createCryptoPaymentsService({
      db: app.db,
      provider,
      publicUrl: app.config.publicUrl,
      clock: () => app.clock(),
      log: app.log,
    });
    app.decorate('cryptoPayments', { provider, sandbox, service });

    // The sandbox provider's IPNs enter through the webhook's own handler function.
    const deliveries = new Set<Promise<unknown>>();
    sandbox?.connect((body, signature) => {
      const delivery = service.handleIpn(body, signature).finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
      return delivery;
    });

    const reconciler = createCryptoReconciler({ service, log: app.log });
    if (app.config.workerEnabled) app.addHook('onReady', async () => reconciler.start());
    // Before the database closes (onClose hooks run in reverse registration order).
    app.addHook('onClose', async () => {
      sandbox?.close();
      await reconciler.stop();
      await Promise.allSettled([...deliveries]);
    });

    await app.register(cryptoRoutes, { prefix: API_PREFIX });
  },
  { name: 'crypto-payments', dependencies: ['db'] },
);

/** For `npm run worker`: the reconciler of a process without the HTTP API. */
export function startWorkerCryptoReconciler({
  db,
  config,
  log,
}: {
  db: Db;
  config: AppConfig;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}) {
  const { provider } = cryptoProviderFor(config, log);
  const service = createCryptoPaymentsService({ db, provider, publicUrl: config.publicUrl, log });
  const reconciler = createCryptoReconciler({ service, log });
  reconciler.start();
  return reconciler;
}
