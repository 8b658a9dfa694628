import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBalanceWatch, createTopUpRunner } from './auto-top-up/index.ts';
import type { TopUpRunner } from './auto-top-up/index.ts';
import { cardPaymentsNotConfigured, createCardOrderExpiry, createCardPaymentsService, createStripeWebhookHandler } from './card/index.ts';
import type { CardPaymentsService, CardProvider, StripeWebhookHandler } from './card/index.ts';
import type { SandboxCardProvider } from './sandbox/index.ts';
import { cardProviderFor, paymentsAvailability, paymentsStartupWarnings } from './providers.ts';
import { mailerOf } from '../mail/index.ts';

/** app.cardPayments: the card provider of this process and what is built on it. */
export type CardPayments = CardPaymentsService & {
  provider: CardProvider;
  /** The built-in sandbox provider in test mode (no STRIPE_SECRET_KEY, PAYMENTS_SANDBOX); null otherwise. */
  sandbox: SandboxCardProvider | null;
  /** Card and crypto each: false when neither its keys nor PAYMENTS_SANDBOX let it run (its routes answer 503). */
  available: { card: boolean; crypto: boolean };
  /** What POST /webhooks/stripe calls with the raw body and the stripe-signature header. */
  handleWebhook: StripeWebhookHandler;
  /** Runs automatic top-ups and mails low-balance alerts (started by the balance trigger's notices). */
  topUps: TopUpRunner;
};

declare module 'fastify' {
  interface FastifyInstance {
    cardPayments: CardPayments;
  }
}

/**
 * Stripe when STRIPE_SECRET_KEY is set, otherwise the offline sandbox provider wired to the same webhook
 * handler; the periodic expiry of abandoned card orders (with WORKER_ENABLED); automatic top-up and low-balance e-mails.
 */
export const cardPaymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const { provider, sandbox, webhookSecret } = cardProviderFor(app.config, () => app.clock());
    const handleWebhook: StripeWebhookHandler =
      webhookSecret === null
        ? async () => {
            throw cardPaymentsNotConfigured();
          }
        : createStripeWebhookHandler({ db: app.db, provider, webhookSecret, log: app.log, mailer: mailerOf(app) });
    for (const line of paymentsStartupWarnings(app.config)) app.log.warn(line);
    sandbox?.connect(handleWebhook);
    const service = createCardPaymentsService({ db: app.db, provider, publicUrl: app.config.publicUrl });
    const available = paymentsAvailability(app.config);
    const topUps = createTopUpRunner({
      db: app.db,
      provider,
      customerFor: (userId) => service.customerFor(userId),
      mailer: mailerOf(app),
      publicUrl: app.config.publicUrl,
      log: app.log,
    });
    app.decorate('cardPayments', { ...service, provider, sandbox, available, handleWebhook, topUps } satisfies CardPayments);

    // Low-balance e-mails and automatic top-ups, right after the debit that called for them commits (decision 081).
    const balanceWatch = createBalanceWatch({ feed: app.database.changes, runner: topUps, tasks: app.backgroundTasks, log: app.log });
    app.addHook('onReady', async () => balanceWatch.start());
    app.addHook('onClose', async () => balanceWatch.stop());

    // Abandoned card orders expire where the job worker runs (else `npm run worker` does it).
    const expiry = createCardOrderExpiry({ db: app.db, clock: () => app.clock(), log: app.log });
    if (app.config.workerEnabled) app.addHook('onReady', async () => expiry.start());
    app.addHook('onClose', async () => expiry.stop());
  },
  { name: 'card-payments', dependencies: ['mail'] },
);
