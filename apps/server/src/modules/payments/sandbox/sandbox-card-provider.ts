import type { TestCardResult } from '@lumen/core/payments/card';
import type { CardProvider } from '../card/index.ts';
import {
  authenticateCheckout,
  checkoutView,
  createCheckoutSession,
  createSubscriptionCheckout,
  payCheckout,
} from './card/sandbox-card-checkout.ts';
import type { SandboxCheckoutOutcome, SandboxCheckoutView } from './card/sandbox-card-checkout.ts';
import { authenticateIntent, chargeCard, chargeOffSession, refund } from './card/sandbox-card-intents.ts';
import type { TestCardInput } from './card/sandbox-card-intents.ts';
import { createSandboxCardStore, idempotent, intentBySecret, newId, newIntent } from './card/sandbox-card-store.ts';
import type { SandboxCardStore, WebhookDelivery } from './card/sandbox-card-store.ts';
import { cancelSubscription, reactivateSubscription, renewSubscription } from './card/sandbox-card-subscriptions.ts';

/**
 * The built-in offline card provider (test mode, no STRIPE_SECRET_KEY). It keeps its payment
 * intents, checkout sessions and subscriptions in memory (card/sandbox-card-store.ts), takes Stripe's
 * test card numbers, and reports every outcome as a Stripe-shaped event signed with a per-process secret
 * (card/sandbox-card-events.ts), delivered to the same function the /webhooks/stripe route calls. No money moves.
 * Its parts: payment intents (card/sandbox-card-intents.ts), the hosted test checkout (card/sandbox-card-checkout.ts)
 * and subscriptions (card/sandbox-card-subscriptions.ts).
 */
export type SandboxCardProvider = CardProvider & {
  readonly webhookSecret: string;
  /** Where events go: the /webhooks/stripe handler (set once the handler exists). */
  connect(deliver: WebhookDelivery): void;
  /** The intent behind a client secret, for the confirm/authenticate routes (owner check). */
  intentOwner(clientSecret: string): string | null;
  confirmCard(clientSecret: string, card: TestCardInput): Promise<TestCardResult>;
  authenticate(clientSecret: string, approve: boolean): Promise<TestCardResult>;
  checkoutView(sessionId: string): SandboxCheckoutView | null;
  payCheckout(sessionId: string, card: TestCardInput): Promise<SandboxCheckoutOutcome>;
  authenticateCheckout(sessionId: string, approve: boolean): Promise<SandboxCheckoutOutcome>;
  /** Bills the next period of a subscription (invoice.paid), as Stripe does at each renewal. */
  renewSubscription(providerSubscriptionId: string): Promise<void>;
  /** Every idempotency key a mutating call was given, in order (tests). */
  readonly idempotencyKeys: string[];
};

/** The card provider's calls that make or read intents and customers. */
function intentCalls(store: SandboxCardStore) {
  return {
    async createCustomer({ idempotencyKey }) {
      return idempotent(store, idempotencyKey, () => ({ customerId: newId('cus') }));
    },
    async createPaymentIntent(input) {
      return idempotent(store, input.idempotencyKey, () => {
        const intent = newIntent(store, {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          description: input.description,
          metadata: { orderId: input.orderId, userId: input.userId },
        });
        return { paymentIntentId: intent.id, clientSecret: intent.clientSecret };
      });
    },
    refund: (paymentRef, amountCents, idempotencyKey) => refund(store, paymentRef, amountCents, idempotencyKey),
    chargeOffSession: (input) => chargeOffSession(store, input),
  } satisfies Partial<CardProvider>;
}

/** The card provider's calls on saved cards (kept in memory; the default is Stripe's business, not ours). */
function methodCalls(store: SandboxCardStore) {
  return {
    async retrievePaymentMethod(providerMethodId) {
      return store.methods.get(providerMethodId) ?? null;
    },
    async setDefaultPaymentMethod(_customerId, _providerMethodId, idempotencyKey) {
      store.idempotencyKeys.push(idempotencyKey);
    },
    async detachPaymentMethod(providerMethodId, idempotencyKey) {
      store.idempotencyKeys.push(idempotencyKey);
      store.methods.delete(providerMethodId);
    },
  } satisfies Partial<CardProvider>;
}

/** What the sandbox's own routes call: the test card form, its bank confirmation and the hosted checkout page. */
function testPageCalls(store: SandboxCardStore) {
  return {
    intentOwner(clientSecret: string) {
      const id = store.intentsBySecret.get(clientSecret);
      return id ? (store.intents.get(id)?.metadata.userId ?? null) : null;
    },
    confirmCard: async (clientSecret: string, card: TestCardInput) => chargeCard(store, intentBySecret(store, clientSecret), card),
    authenticate: async (clientSecret: string, approve: boolean) => authenticateIntent(store, intentBySecret(store, clientSecret), approve),
    checkoutView: (sessionId: string) => checkoutView(store, sessionId),
    payCheckout: (sessionId: string, card: TestCardInput) => payCheckout(store, sessionId, card),
    authenticateCheckout: (sessionId: string, approve: boolean) => authenticateCheckout(store, sessionId, approve),
  };
}

export function createSandboxCardProvider(options: { publicUrl: string; clock?: () => Date }): SandboxCardProvider {
  const store = createSandboxCardStore(options);
  return {
    testMode: true,
    webhookSecret: store.webhookSecret,
    idempotencyKeys: store.idempotencyKeys,
    connect(deliver) {
      store.deliver = deliver;
    },
    ...intentCalls(store),
    ...methodCalls(store),
    createCheckoutSession: (input) => createCheckoutSession(store, input),
    createSubscriptionCheckout: (input) => createSubscriptionCheckout(store, input),
    cancelSubscription: (providerSubscriptionId, options) => cancelSubscription(store, providerSubscriptionId, options),
    reactivateSubscription: (providerSubscriptionId, idempotencyKey) =>
      reactivateSubscription(store, providerSubscriptionId, idempotencyKey),
    renewSubscription: (providerSubscriptionId) => renewSubscription(store, providerSubscriptionId),
    ...testPageCalls(store),
  };
}
