import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCardOrderExpiry } from './card-order-expiry.ts';
import { createCardPaymentsService } from './card-payments.service.ts';
import type { CardPaymentsService } from './card-payments.service.ts';
import type { CardProvider } from './providers/card-provider.ts';
import { createStripeCardProvider } from './providers/stripe-card-provider.ts';
import { createTestCardProvider } from './providers/test-card-provider.ts';
import type { TestCardProvider } from './providers/test-card-provider.ts';
import { createStripeWebhookHandler } from './stripe-webhook.service.ts';
import type { StripeWebhookHandler } from './stripe-webhook.service.ts';

/** app.cardPayments: the card provider of this process and what is built on it. */
export type CardPayments = CardPaymentsService & {
  provider: CardProvider;
  /** The built-in provider in test mode (no STRIPE_SECRET_KEY); null with real Stripe keys. */
  testProvider: TestCardProvider | null;
  /** What POST /webhooks/stripe calls with the raw body and the stripe-signature header. */
  handleWebhook: StripeWebhookHandler;
};

/**
 * Stripe when STRIPE_SECRET_KEY is set, otherwise the offline test provider wired to the same webhook
 * handler; and the periodic expiry of abandoned card orders (with WORKER_ENABLED).
 */
export const cardPaymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.stripe ?? null;
    const testProvider = settings ? null : createTestCardProvider({ publicUrl: app.config.publicUrl, clock: () => app.clock() });
    const provider: CardProvider = testProvider ?? createStripeCardProvider(settings!);
    const handleWebhook = createStripeWebhookHandler({
      db: app.db,
      provider,
      webhookSecret: settings?.webhookSecret ?? testProvider!.webhookSecret,
      log: app.log,
      mailer: app.mailer,
    });
    testProvider?.connect(handleWebhook);
    const service = createCardPaymentsService({ db: app.db, provider, publicUrl: app.config.publicUrl });
    app.decorate('cardPayments', { ...service, provider, testProvider, handleWebhook } satisfies CardPayments);

    // Abandoned card orders expire where the job worker runs (else `npm run worker` does it).
    const expiry = createCardOrderExpiry({ db: app.db, clock: () => app.clock(), log: app.log });
    if (app.config.workerEnabled) app.addHook('onReady', async () => expiry.start());
    app.addHook('onClose', async () => expiry.stop());
  },
  { name: 'card-payments', dependencies: ['mail'] },
);
