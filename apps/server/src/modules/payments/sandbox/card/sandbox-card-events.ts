import type { SandboxCardStore, TestIntent, TestSession, TestSubscription } from './sandbox-card-store.ts';
import { newId, newIntent, unix } from './sandbox-card-store.ts';

/** The Stripe-shaped events of the sandbox card provider, signed like Stripe's and handed to the webhook handler. */

/** `idempotencyKey`: of the API request that caused the event, as Stripe reports it in `request`. */
export async function emit(
  store: SandboxCardStore,
  type: string,
  object: Record<string, unknown>,
  idempotencyKey: string | null = null,
): Promise<void> {
  const deliver = store.deliver;
  if (!deliver) throw new Error('test card provider: no webhook handler connected');
  const event = {
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unix(store.clock()),
    livemode: false,
    pending_webhooks: 1,
    request: { id: idempotencyKey ? newId('req') : null, idempotency_key: idempotencyKey },
    type,
    data: { object },
  };
  const payload = JSON.stringify(event);
  const signer = await (store.signer ??= import('stripe').then(({ default: StripeSdk }) => new StripeSdk('sk_test_offline_signer')));
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: store.webhookSecret });
  await deliver(payload, signature);
}

export const intentObject = (intent: TestIntent) => ({
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

/** checkout.session.completed of a paid session: paid by its intent (a payment) or starting a subscription. */
export function emitSessionCompleted(
  store: SandboxCardStore,
  session: TestSession,
  paidBy: { mode: 'payment'; paymentIntent: string } | { mode: 'subscription'; subscription: string },
): Promise<void> {
  return emit(store, 'checkout.session.completed', {
    id: session.id,
    object: 'checkout.session',
    mode: paidBy.mode,
    status: 'complete',
    payment_status: 'paid',
    amount_total: session.amount,
    currency: session.currency,
    customer: session.customer,
    client_reference_id: session.clientReferenceId,
    metadata: session.metadata,
    payment_intent: paidBy.mode === 'payment' ? paidBy.paymentIntent : null,
    subscription: paidBy.mode === 'subscription' ? paidBy.subscription : null,
    livemode: false,
  });
}

/** invoice.paid for the subscription's current period, paid by a new intent. */
export async function emitInvoicePaid(store: SandboxCardStore, subscription: TestSubscription, billingReason: string): Promise<void> {
  const intent = newIntent(store, {
    amount: subscription.amount,
    currency: subscription.currency,
    customer: subscription.customer,
    description: 'Subscription payment',
    metadata: {},
  });
  intent.status = 'succeeded';
  await emit(store, 'invoice.paid', {
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

/** charge.refunded for a refund of `amountCents` on the intent `paymentRef` (known or not to this process). */
export function emitChargeRefunded(
  store: SandboxCardStore,
  refund: { paymentRef: string; intent: TestIntent | undefined; refundId: string; amountCents: number; amountRefunded: number },
  idempotencyKey: string,
): Promise<void> {
  const { intent, amountRefunded } = refund;
  return emit(
    store,
    'charge.refunded',
    {
      id: intent?.chargeId ?? newId('ch'),
      object: 'charge',
      amount: intent?.amount ?? amountRefunded,
      amount_refunded: amountRefunded,
      refunded: intent ? amountRefunded >= intent.amount : true,
      payment_intent: refund.paymentRef,
      metadata: intent?.metadata ?? {},
      refunds: { object: 'list', data: [{ id: refund.refundId, amount: refund.amountCents, status: 'succeeded' }] },
      livemode: false,
    },
    idempotencyKey,
  );
}
