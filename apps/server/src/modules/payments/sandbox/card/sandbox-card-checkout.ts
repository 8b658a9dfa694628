import { AUTHENTICATION_FAILED_MESSAGE, DECLINED_MESSAGE, checkTestCard, testCards } from '@lumen/core/payments/card';
import { AppError } from '../../../../plugins/app-error.ts';
import type { CardDetails, CardProvider } from '../../card/index.ts';
import { emitInvoicePaid, emitSessionCompleted, intentObject, emit } from './sandbox-card-events.ts';
import { detailsOf, fail } from './sandbox-card-intents.ts';
import type { TestCardInput } from './sandbox-card-intents.ts';
import type { SandboxCardStore, TestSession, TestSubscription } from './sandbox-card-store.ts';
import { addInterval, idempotent, intentOfSession, newId, newIntent, saveTestMethod } from './sandbox-card-store.ts';

/** Checkout sessions of the sandbox card provider: the hosted test page where a card pays an order or starts a plan. */

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

type CheckoutReply = { sessionId: string; url: string };

function openSession(store: SandboxCardStore, session: TestSession): CheckoutReply {
  store.sessions.set(session.id, session);
  return { sessionId: session.id, url: `${store.publicUrl}/api/v1/payment/test-mode/checkout/${session.id}` };
}

/** A checkout for one order, with the intent that will pay it. */
export function createCheckoutSession(
  store: SandboxCardStore,
  input: Parameters<CardProvider['createCheckoutSession']>[0],
): Promise<CheckoutReply> {
  return idempotent(store, input.idempotencyKey, () => {
    const metadata = { orderId: input.orderId, userId: input.userId };
    const intent = newIntent(store, {
      amount: input.amountCents,
      currency: input.currency,
      customer: input.customerId,
      description: input.description,
      metadata,
    });
    return openSession(store, {
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
    });
  });
}

/** A checkout that starts a subscription to a plan (its first period is billed by invoice.paid). */
export function createSubscriptionCheckout(
  store: SandboxCardStore,
  input: Parameters<CardProvider['createSubscriptionCheckout']>[0],
): Promise<CheckoutReply> {
  return idempotent(store, input.idempotencyKey, () =>
    openSession(store, {
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
    }),
  );
}

export function checkoutView(store: SandboxCardStore, sessionId: string): SandboxCheckoutView | null {
  const session = store.sessions.get(sessionId);
  if (!session) return null;
  return {
    id: session.id,
    mode: session.mode,
    description: session.description,
    amountCents: session.amount,
    currency: session.currency,
    status: session.status === 'open' && store.pendingCards.has(session.id) ? 'requires_action' : session.status,
    cancelUrl: session.cancelUrl,
  };
}

/** The subscription a completed subscription checkout starts, its first period from now. */
function startSubscription(store: SandboxCardStore, session: TestSession): TestSubscription {
  const start = store.clock();
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
  store.subscriptions.set(subscription.id, subscription);
  return subscription;
}

/** A paid checkout: the order's intent succeeds, or the plan's subscription starts and bills its first period. */
async function completeSession(store: SandboxCardStore, session: TestSession, card: CardDetails): Promise<SandboxCheckoutOutcome> {
  const intent = intentOfSession(store, session);
  if (session.mode === 'payment' && intent) {
    intent.paymentMethod = saveTestMethod(store, card);
    intent.status = 'succeeded';
    session.status = 'complete';
    await emitSessionCompleted(store, session, { mode: 'payment', paymentIntent: intent.id });
    await emit(store, 'payment_intent.succeeded', intentObject(intent));
    return { kind: 'redirect', url: session.successUrl };
  }
  const subscription = startSubscription(store, session);
  session.status = 'complete';
  await emitSessionCompleted(store, session, { mode: 'subscription', subscription: subscription.id });
  await emitInvoicePaid(store, subscription, 'subscription_create');
  return { kind: 'redirect', url: session.successUrl };
}

function sessionOf(store: SandboxCardStore, sessionId: string): TestSession {
  const session = store.sessions.get(sessionId);
  if (!session) throw new AppError('NOT_FOUND', 404, 'This test checkout no longer exists');
  return session;
}

/** The card typed into the test checkout page: the three test numbers, after the form checks. */
export async function payCheckout(store: SandboxCardStore, sessionId: string, card: TestCardInput): Promise<SandboxCheckoutOutcome> {
  const session = sessionOf(store, sessionId);
  if (session.status === 'complete') return { kind: 'redirect', url: session.successUrl };
  const checked = checkTestCard(card, store.clock());
  if (!checked.ok) return { kind: 'error', message: checked.message };
  if (checked.number === testCards.declined) {
    const intent = intentOfSession(store, session);
    if (intent) await fail(store, intent, DECLINED_MESSAGE);
    return { kind: 'error', message: DECLINED_MESSAGE };
  }
  if (checked.number === testCards.requiresAuthentication) {
    store.pendingCards.set(session.id, detailsOf(checked));
    return { kind: 'requires_action' };
  }
  return completeSession(store, session, detailsOf(checked));
}

/** The bank's answer on the test checkout page to a card that asked for confirmation. */
export async function authenticateCheckout(store: SandboxCardStore, sessionId: string, approve: boolean): Promise<SandboxCheckoutOutcome> {
  const session = sessionOf(store, sessionId);
  const card = store.pendingCards.get(session.id);
  store.pendingCards.delete(session.id);
  if (session.status === 'complete') return { kind: 'redirect', url: session.successUrl };
  if (!card) return { kind: 'error', message: 'Enter your card again.' };
  if (!approve) {
    const intent = intentOfSession(store, session);
    if (intent) await fail(store, intent, AUTHENTICATION_FAILED_MESSAGE);
    return { kind: 'error', message: AUTHENTICATION_FAILED_MESSAGE };
  }
  return completeSession(store, session, card);
}
