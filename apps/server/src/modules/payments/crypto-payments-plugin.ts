import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../lib/api-prefix.ts';
import { createCryptoPaymentsService } from './crypto-payments.service.ts';
import type { CryptoPaymentsService } from './crypto-payments.service.ts';
import { createCryptoReconciler, cryptoProviderFor } from './crypto-reconciler.ts';
import { cryptoRoutes } from './crypto-routes.ts';
import type { CryptoProvider } from './providers/crypto-provider.ts';
import type { TestCryptoProvider } from './providers/test-crypto-provider.ts';

export type CryptoPayments = {
  provider: CryptoProvider;
  /** The built-in provider in test mode (no NOWPAYMENTS_API_KEY); null with NOWPayments. */
  testProvider: TestCryptoProvider | null;
  service: CryptoPaymentsService;
};

declare module 'fastify' {
  interface FastifyInstance {
    cryptoPayments: CryptoPayments;
  }
}

/**
 * Crypto payments (NOWPayments or the offline test provider), their routes under /api/v1, and the
 * periodic reconciliation, which runs where the job worker runs (WORKER_ENABLED; else `npm run worker`).
 */
export const cryptoPaymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const { provider, testProvider } = cryptoProviderFor(app.config, app.log);
    const service = createCryptoPaymentsService({ db: app.db, provider, publicUrl: app.config.publicUrl, clock: () => app.clock(), log: app.log });
    app.decorate('cryptoPayments', { provider, testProvider, service });

    // The test provider's IPNs enter through the webhook's own handler function.
    const deliveries = new Set<Promise<unknown>>();
    testProvider?.connect((body, signature) => {
      const delivery = service.handleIpn(body, signature).finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
      return delivery;
    });

    const reconciler = createCryptoReconciler({ service, log: app.log });
    if (app.config.workerEnabled) app.addHook('onReady', async () => reconciler.start());
    // Before the database closes (onClose hooks run in reverse registration order).
    app.addHook('onClose', async () => {
      testProvider?.close();
      await reconciler.stop();
      await Promise.allSettled([...deliveries]);
    });

    await app.register(cryptoRoutes, { prefix: API_PREFIX });
  },
  { name: 'crypto-payments', dependencies: ['db'] },
);
