import { markOrderUnpaid } from '../../orders/index.ts';
import { updateSubscription } from '../card.repository.ts';
import { payStripeOrder, planWithoutOrder, stripeOrderFor, stripeSubscriptionFor } from './stripe-event-context.ts';
import type { StripeEventHandler, StripeEventPlan } from './stripe-event-context.ts';
import { idOf } from './stripe-objects.ts';
import type { StripeSession } from './stripe-objects.ts';
import type { StripeEventContext } from './stripe-event-context.ts';

/** A subscription's checkout: the subscription learns its Stripe id (its periods are paid by invoice.paid). */
async function linkSubscription(context: StripeEventContext, session: StripeSession): Promise<StripeEventPlan> {
  const providerSubscriptionId = idOf(session.subscription);
  const subscription = await stripeSubscriptionFor(context.db, session.metadata, providerSubscriptionId);
  return planWithoutOrder(async (tx) => {
    if (!subscription) return 'ignored: unknown subscription';
    if (!subscription.providerSubscriptionId && providerSubscriptionId) {
      await updateSubscription(tx, subscription.id, { providerSubscriptionId });
    }
    return 'subscription linked';
  });
}

/** checkout.session.completed and .async_payment_succeeded: a paid order's checkout credits it once. */
export const checkoutSessionPaid: StripeEventHandler = async (event, context) => {
  const session = event.data.object as unknown as StripeSession;
  if (session.mode === 'subscription') return linkSubscription(context, session);
  const order = await stripeOrderFor(context.db, session.metadata, session.id, session.client_reference_id);
  return {
    orderId: order?.id ?? null,
    run: async (tx) => {
      if (!order) return 'ignored: unknown order';
      if (session.payment_status !== 'paid') return 'ignored: not paid yet';
      return payStripeOrder(tx, order, {
        cents: session.amount_total ?? 0,
        currency: session.currency ?? '',
        paymentRef: idOf(session.payment_intent),
      });
    },
  };
};

/** checkout.session.expired (the order expires) and .async_payment_failed (it fails); a paid order stays paid. */
function checkoutSessionUnpaid(status: 'expired' | 'failed', reason: string): StripeEventHandler {
  return async (event, context) => {
    const session = event.data.object as unknown as StripeSession;
    const order =
      session.mode === 'payment' ? await stripeOrderFor(context.db, session.metadata, session.id, session.client_reference_id) : null;
    return {
      orderId: order?.id ?? null,
      run: async (tx) => {
        if (!order) return 'ignored: unknown order';
        const changed = await markOrderUnpaid(tx, order.id, status, reason);
        return changed ? changed.status : `ignored: order already ${order.status}`;
      },
    };
  };
}

export const checkoutSessionExpired = checkoutSessionUnpaid('expired', 'The checkout expired.');
export const checkoutSessionFailed = checkoutSessionUnpaid('failed', 'The payment failed.');
