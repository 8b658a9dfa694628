import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { AUTHENTICATION_FAILED_MESSAGE, DECLINED_MESSAGE, checkTestCard, testCards } from '@lumen/core/payments/card';
import type { TestCardResult } from '@lumen/core/payments/card';
import { AppError } from '../../../plugins/app-error.ts';
import type { CardDetails, CardProvider, OffSessionChargeResult, ProviderSubscriptionState } from '../card/index.ts';

/**
 * The built-in offline card provider (test mode, no STRIPE_SECRET_KEY). It keeps its payment
 * intents, checkout sessions and subscriptions in memory, takes Stripe's test card numbers, and
 * reports every outcome as a Stripe-shaped event signed with a per-process secret, delivered to
 * the same function the /webhooks/stripe route calls. No money moves.
 */

type IntentStatus = 'requires_payment_method' | 'requires_action' | 'succeeded';
type Metadata = Record<string, string>;

type TestIntent = {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  customer: string;
  description: string;
  metadata: Metadata;
  status: IntentStatus;
  paymentMethod: string | null;
  lastError: string | null;
  amountRefunded: number;
  chargeId: string;
};

type TestSession = {
  id: string;
  mode: 'payment' | 'subscription';
  amount: number;
  currency: string;
  customer: string;
  description: string;
  clientReferenceId: string;
  metadata: Metadata;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete';
  /** The intent that pays it, made on the first card submitted. */
  intentId: string | null;
  plan: { interval: 'month' | 'year' } | null;
};

type TestSubscription = {
  id: string;
  customer: string;
  metadata: Metadata;
  amount: number;
  currency: string;
  interval: 'month' | 'year';
  status: ProviderSubscriptionState['status'];
  cancelAtPeriodEnd: boolean;
  periodStart: Date;
  periodEnd: Date;
};

export type SandboxCheckoutView = {
  id: string;
  mode: 'payment' | 'subscription';
  description: string;
  amountCents: number;
  currency: string;
  status: 'open' | 'complete' | 'requires_action';
  cancelUrl: string;
};

export type SandboxCheckoutOutcome = { kind: 'redirect'; url: string } | { kind: 'error'; message: string } | { kind: 'requires_action' };

export type WebhookDelivery = (rawBody: string, signature: string) => Promise<unknown>;

export type SandboxCardProvider = CardProvider & {
  readonly webhookSecret: string;
  /** Where events go: the /webhooks/stripe handler (set once the handler exists). */
  connect(deliver: WebhookDelivery): void;
  /** The intent behind a client secret, for the confirm/authenticate routes (owner check). */
  intentOwner(clientSecret: string): string | null;
  confirmCard(clientSecret: string, card: { cardNumber: string; expiry: string; cvc: string }): Promise<TestCardResult>;
  authenticate(clientSecret: string, approve: boolean): Promise<TestCardResult>;
  checkoutView(sessionId: string): SandboxCheckoutView | null;
  payCheckout(sessionId: string, card: { cardNumber: string; expiry: string; cvc: string }): Promise<SandboxCheckoutOutcome>;
  authenticateCheckout(sessionId: string, approve: boolean): Promise<SandboxCheckoutOutcome>;
  /** Bills the next period of a subscription (invoice.paid), as Stripe does at each renewal. */
  renewSubscription(providerSubscriptionId: string): Promise<void>;
  /** Every idempotency key a mutating call was given, in order (tests). */
  readonly idempotencyKeys: string[];
};

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
/**
 * A saved card's id carries its last 4 digits, so what an off-session charge of it does is known even after a restart
 * (the provider keeps its objects in memory): the card ending 0341 is declined off-session, as Stripe's test card is.
 */
const methodIdFor = (card: CardDetails) => `pm_test_${card.last4}_${randomBytes(10).toString('hex')}`;
const declinesOffSession = (methodId: string) => methodId.startsWith(`pm_test_${testCards.declinesOffSession.slice(-4)}_`);
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

function addInterval(date: Date, interval: 'month' | 'year'): Date {
  const next = new Date(date);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

export function createSandboxCardProvider(options: { publicUrl: string; clock?: () => Date }): SandboxCardProvider {
  const clock = options.clock ?? (() => new Date());
  const webhookSecret = `whsec_test_${randomBytes(24).toString('hex')}`;
  let signer: Promise<Stripe> | undefined;
  /** The client that signs events like Stripe, made (and the SDK loaded) on the first event, not at the server's start. */
  const stripeSigner = () => (signer ??= import('stripe').then(({ default: StripeSdk }) => new StripeSdk('sk_test_offline_signer')));
  const intents = new Map<string, TestIntent>();
  const intentsBySecret = new Map<string, string>();
  const sessions = new Map<string, TestSession>();
  const subscriptions = new Map<string, TestSubscription>();
  const methods = new Map<string, CardDetails>();
  const idempotencyKeys: string[] = [];
  const replies = new Map<string, unknown>();
  let deliver: WebhookDelivery | null = null;

  /**
   * Same key → same answer, like Stripe's idempotent requests; requests with the key that arrive while
   * the first is still being answered get its answer too (the first's promise is kept, not its result).
   */
  async function idempotent<T>(key: string, make: () => Promise<T> | T): Promise<T> {
    idempotencyKeys.push(key);
    if (replies.has(key)) return replies.get(key) as Promise<T>;
    const reply = Promise.resolve().then(make);
    replies.set(key, reply);
    reply.catch(() => replies.delete(key));
    return reply;
  }

  /** `idempotencyKey`: of the API request that caused the event, as Stripe reports it in `request`. */
  async function emit(type: string, object: Record<string, unknown>, idempotencyKey: string | null = null): Promise<void> {
    if (!deliver) throw new Error('test card provider: no webhook handler connected');
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: unix(clock()),
      livemode: false,
      pending_webhooks: 1,
      request: { id: idempotencyKey ? newId('req') : null, idempotency_key: idempotencyKey },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = (await stripeSigner()).webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    await deliver(payload, signature);
  }

  const intentObject = (intent: TestIntent) => ({
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.status === 'succeeded' ? intent.amount : 0,
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    metadata: intent.metadata,
    status: intent.status,
    payment_method: intent.paymentMethod,
    latest_charge: intent.chargeId,
    last_payment_error: intent.lastError ? { code: 'card_declined', message: intent.lastError, type: 'card_error' } : null,
    livemode: false,
  });

  function newIntent(input: { amount: number; currency: string; customer: string; description: string; metadata: Metadata }): TestIntent {
    const id = newId('pi');
    const intent: TestIntent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      ...input,
      status: 'requires_payment_method',
      paymentMethod: null,
      lastError: null,
      amountRefunded: 0,
      chargeId: newId('ch'),
    };
    intents.set(id, intent);
    intentsBySecret.set(intent.clientSecret, id);
    return intent;
  }

  function intentBySecret(clientSecret: string): TestIntent {
    const id = intentsBySecret.get(clientSecret);
    const intent = id ? intents.get(id) : undefined;
    if (!intent) throw new AppError('NOT_FOUND', 404, 'Payment not found');
    return intent;
  }

  async function succeed(intent: TestIntent, card: CardDetails): Promise<void> {
    const methodId = methodIdFor(card);
    methods.set(methodId, card);
    intent.paymentMethod = methodId;
    intent.status = 'succeeded';
    intent.lastError = null;
    await emit('payment_intent.succeeded', intentObject(intent));
  }

  async function fail(intent: TestIntent, message: string): Promise<void> {
    intent.status = 'requires_payment_method';
    intent.lastError = message;
    await emit('payment_intent.payment_failed', intentObject(intent));
  }

  /** Runs a card against an intent: the three test numbers, after the form checks. */
  async function chargeCard(intent: TestIntent, card: { cardNumber: string; expiry: string; cvc: string }): Promise<TestCardResult> {
    if (intent.status === 'succeeded') throw new AppError('CONFLICT', 409, 'This payment is already complete');
    const checked = checkTestCard(card, clock());
    if (!checked.ok)
      throw new AppError('VALIDATION_ERROR', 400, checked.message, { details: [{ field: 'cardNumber', message: checked.message }] });
    const details: CardDetails = { brand: checked.brand, last4: checked.last4, expMonth: checked.expMonth, expYear: checked.expYear };
    if (checked.number === testCards.declined) {
      await fail(intent, DECLINED_MESSAGE);
      return { status: 'requires_payment_method', message: DECLINED_MESSAGE };
    }
    if (checked.number === testCards.requiresAuthentication) {
      intent.status = 'requires_action';
      pendingCards.set(intent.id, details);
      return { status: 'requires_action', message: 'Your bank asks you to confirm this payment.' };
    }
    await succeed(intent, details);
    return { status: 'succeeded' };
  }

  const pendingCards = new Map<string, CardDetails>();

  async function authenticateIntent(intent: TestIntent, approve: boolean): Promise<TestCardResult> {
    if (intent.status !== 'requires_action') throw new AppError('CONFLICT', 409, 'This payment is not waiting for authentication');
    const card = pendingCards.get(intent.id);
    pendingCards.delete(intent.id);
    if (!approve || !card) {
      await fail(intent, AUTHENTICATION_FAILED_MESSAGE);
      return { status: 'requires_payment_method', message: AUTHENTICATION_FAILED_MESSAGE };
    }
    await succeed(intent, card);
    return { status: 'succeeded' };
  }

  function subscriptionState(subscription: TestSubscription): ProviderSubscriptionState {
    return {
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      currentPeriodStart: subscription.periodStart,
      currentPeriodEnd: subscription.periodEnd,
    };
  }

  async function emitInvoicePaid(subscription: TestSubscription, billingReason: string): Promise<void> {
    const intent = newIntent({
      amount: subscription.amount,
      currency: subscription.currency,
      customer: subscription.customer,
      description: 'Subscription payment',
      metadata: {},
    });
    intent.status = 'succeeded';
    await emit('invoice.paid', {
      id: newId('in'),
      object: 'invoice',
      amount_paid: subscription.amount,
      currency: subscription.currency,
      customer: subscription.customer,
      billing_reason: billingReason,
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: { object: 'list', data: [{ period: { start: unix(subscription.periodStart), end: unix(subscription.periodEnd) } }] },
      payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: intent.id } }] },
      livemode: false,
    });
  }

  async function completeSession(session: TestSession, card: CardDetails): Promise<SandboxCheckoutOutcome> {
    const intent = session.intentId ? intents.get(session.intentId) : undefined;
    if (session.mode === 'payment' && intent) {
      const methodId = methodIdFor(card);
      methods.set(methodId, card);
      intent.paymentMethod = methodId;
      intent.status = 'succeeded';
      session.status = 'complete';
      await emit('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: session.amount,
        currency: session.currency,
        customer: session.customer,
        client_reference_id: session.clientReferenceId,
        metadata: session.metadata,
        payment_intent: intent.id,
        subscription: null,
        livemode: false,
      });
      await emit('payment_intent.succeeded', intentObject(intent));
      return { kind: 'redirect', url: session.successUrl };
    }
    const start = clock();
    const subscription: TestSubscription = {
      id: newId('sub'),
      customer: session.customer,
      metadata: session.metadata,
      amount: session.amount,
      currency: session.currency,
      interval: session.plan?.interval ?? 'month',
      status: 'active',
      cancelAtPeriodEnd: false,
      periodStart: start,
      periodEnd: addInterval(start, session.plan?.interval ?? 'month'),
    };
    subscriptions.set(subscription.id, subscription);
    session.status = 'complete';
    await emit('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      amount_total: session.amount,
      currency: session.currency,
      customer: session.customer,
      client_reference_id: session.clientReferenceId,
      metadata: session.metadata,
      payment_intent: null,
      subscription: subscription.id,
      livemode: false,
    });
    await emitInvoicePaid(subscription, 'subscription_create');
    return { kind: 'redirect', url: session.successUrl };
  }

  async function payCheckout(
    sessionId: string,
    card: { cardNumber: string; expiry: string; cvc: string },
  ): Promise<SandboxCheckoutOutcome> {
    const session = sessions.get(sessionId);
    if (!session) throw new AppError('NOT_FOUND', 404, 'This test checkout no longer exists');
    if (session.status === 'complete') return { kind: 'redirect', url: session.successUrl };
    const checked = checkTestCard(card, clock());
    if (!checked.ok) return { kind: 'error', message: checked.message };
    const details: CardDetails = { brand: checked.brand, last4: checked.last4, expMonth: checked.expMonth, expYear: checked.expYear };
    if (checked.number === testCards.declined) {
      const intent = session.intentId ? intents.get(session.intentId) : undefined;
      if (intent) await fail(intent, DECLINED_MESSAGE);
      return { kind: 'error', message: DECLINED_MESSAGE };
    }
    if (checked.number === testCards.requiresAuthentication) {
      pendingCards.set(session.id, details);
      return { kind: 'requires_action' };
    }
    return completeSession(session, details);
  }

  const provider: SandboxCardProvider = {
    testMode: true,
    webhookSecret,
    idempotencyKeys,

    connect(handler) {
      deliver = handler;
    },

    async createCustomer({ idempotencyKey }) {
      return idempotent(idempotencyKey, () => ({ customerId: newId('cus') }));
    },

    async createPaymentIntent(input) {
      return idempotent(input.idempotencyKey, () => {
        const intent = newIntent({
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          description: input.description,
          metadata: { orderId: input.orderId, userId: input.userId },
        });
        return { paymentIntentId: intent.id, clientSecret: intent.clientSecret };
      });
    },

    async createCheckoutSession(input) {
      return idempotent(input.idempotencyKey, () => {
        const metadata = { orderId: input.orderId, userId: input.userId };
        const intent = newIntent({
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          description: input.description,
          metadata,
        });
        const session: TestSession = {
          id: newId('cs'),
          mode: 'payment',
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          description: input.description,
          clientReferenceId: input.orderId,
          metadata,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          status: 'open',
          intentId: intent.id,
          plan: null,
        };
        sessions.set(session.id, session);
        return { sessionId: session.id, url: `${options.publicUrl}/api/v1/payment/test-mode/checkout/${session.id}` };
      });
    },

    async createSubscriptionCheckout(input) {
      return idempotent(input.idempotencyKey, () => {
        const session: TestSession = {
          id: newId('cs'),
          mode: 'subscription',
          amount: input.plan.priceCents,
          currency: input.currency,
          customer: input.customerId,
          description: `${input.plan.name} plan: ${input.plan.creditsPerPeriod} credits every ${input.plan.interval}`,
          clientReferenceId: input.subscriptionId,
          metadata: { subscriptionId: input.subscriptionId, userId: input.userId, planId: input.plan.id },
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          status: 'open',
          intentId: null,
          plan: { interval: input.plan.interval },
        };
        sessions.set(session.id, session);
        return { sessionId: session.id, url: `${options.publicUrl}/api/v1/payment/test-mode/checkout/${session.id}` };
      });
    },

    async cancelSubscription(providerSubscriptionId, { immediately, idempotencyKey }) {
      return idempotent(idempotencyKey, () => {
        const subscription = subscriptions.get(providerSubscriptionId);
        if (!subscription) throw new AppError('NOT_FOUND', 404, 'The test provider does not know this subscription (the server restarted)');
        if (immediately) subscription.status = 'canceled';
        else subscription.cancelAtPeriodEnd = true;
        return subscriptionState(subscription);
      });
    },

    async reactivateSubscription(providerSubscriptionId, idempotencyKey) {
      return idempotent(idempotencyKey, () => {
        const subscription = subscriptions.get(providerSubscriptionId);
        if (!subscription) throw new AppError('NOT_FOUND', 404, 'The test provider does not know this subscription (the server restarted)');
        subscription.cancelAtPeriodEnd = false;
        return subscriptionState(subscription);
      });
    },

    async refund(paymentRef, amountCents, idempotencyKey) {
      idempotencyKeys.push(idempotencyKey);
      const earlier = replies.get(idempotencyKey) as { refundId: string; status: string } | undefined;
      if (earlier) return earlier;
      const intent = intents.get(paymentRef);
      const refundId = newId('re');
      const reply = { refundId, status: 'succeeded' };
      replies.set(idempotencyKey, reply);
      const amountRefunded = (intent?.amountRefunded ?? 0) + amountCents;
      if (intent) intent.amountRefunded = amountRefunded;
      await emit(
        'charge.refunded',
        {
          id: intent?.chargeId ?? newId('ch'),
          object: 'charge',
          amount: intent?.amount ?? amountRefunded,
          amount_refunded: amountRefunded,
          refunded: intent ? amountRefunded >= intent.amount : true,
          payment_intent: paymentRef,
          metadata: intent?.metadata ?? {},
          refunds: { object: 'list', data: [{ id: refundId, amount: amountCents, status: 'succeeded' }] },
          livemode: false,
        },
        idempotencyKey,
      );
      return reply;
    },

    async retrievePaymentMethod(providerMethodId) {
      return methods.get(providerMethodId) ?? null;
    },

    async setDefaultPaymentMethod(_customerId, _providerMethodId, idempotencyKey) {
      idempotencyKeys.push(idempotencyKey);
    },

    async detachPaymentMethod(providerMethodId, idempotencyKey) {
      idempotencyKeys.push(idempotencyKey);
      methods.delete(providerMethodId);
    },

    async chargeOffSession(input) {
      return idempotent(input.idempotencyKey, async (): Promise<OffSessionChargeResult> => {
        const intent = newIntent({
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          description: input.description,
          metadata: { orderId: input.orderId, userId: input.userId, autoTopUp: 'true' },
        });
        intent.paymentMethod = input.paymentMethodId;
        if (declinesOffSession(input.paymentMethodId)) {
          intent.lastError = DECLINED_MESSAGE;
          await emit('payment_intent.payment_failed', intentObject(intent), input.idempotencyKey);
          return {
            status: 'failed',
            paymentIntentId: intent.id,
            code: 'card_declined',
            declineCode: 'generic_decline',
            message: DECLINED_MESSAGE,
          };
        }
        intent.status = 'succeeded';
        await emit('payment_intent.succeeded', intentObject(intent), input.idempotencyKey);
        return { status: 'succeeded', paymentIntentId: intent.id };
      });
    },

    intentOwner(clientSecret) {
      const id = intentsBySecret.get(clientSecret);
      return id ? (intents.get(id)?.metadata.userId ?? null) : null;
    },

    async confirmCard(clientSecret, card) {
      return chargeCard(intentBySecret(clientSecret), card);
    },

    async authenticate(clientSecret, approve) {
      return authenticateIntent(intentBySecret(clientSecret), approve);
    },

    checkoutView(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) return null;
      return {
        id: session.id,
        mode: session.mode,
        description: session.description,
        amountCents: session.amount,
        currency: session.currency,
        status: session.status === 'open' && pendingCards.has(session.id) ? 'requires_action' : session.status,
        cancelUrl: session.cancelUrl,
      };
    },

    payCheckout,

    async authenticateCheckout(sessionId, approve) {
      const session = sessions.get(sessionId);
      if (!session) throw new AppError('NOT_FOUND', 404, 'This test checkout no longer exists');
      const card = pendingCards.get(session.id);
      pendingCards.delete(session.id);
      if (session.status === 'complete') return { kind: 'redirect', url: session.successUrl };
      if (!card) return { kind: 'error', message: 'Enter your card again.' };
      if (!approve) {
        const intent = session.intentId ? intents.get(session.intentId) : undefined;
        if (intent) await fail(intent, AUTHENTICATION_FAILED_MESSAGE);
        return { kind: 'error', message: AUTHENTICATION_FAILED_MESSAGE };
      }
      return completeSession(session, card);
    },

    async renewSubscription(providerSubscriptionId) {
      const subscription = subscriptions.get(providerSubscriptionId);
      if (!subscription) throw new AppError('NOT_FOUND', 404, 'Unknown test subscription');
      if (subscription.status === 'canceled') throw new AppError('CONFLICT', 409, 'The subscription is canceled');
      subscription.periodStart = subscription.periodEnd;
      subscription.periodEnd = addInterval(subscription.periodStart, subscription.interval);
      await emitInvoicePaid(subscription, 'subscription_cycle');
    },
  };
  return provider;
}
