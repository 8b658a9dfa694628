import { chargeDisputeCreated, chargeRefunded } from './charge-events.ts';
import { checkoutSessionExpired, checkoutSessionFailed, checkoutSessionPaid } from './checkout-events.ts';
import { paymentIntentFailed, paymentIntentSucceeded } from './payment-intent-events.ts';
import { planWithoutOrder } from './stripe-event-context.ts';
import type { StripeEventHandler } from './stripe-event-context.ts';
import { invoicePaid, invoicePaymentFailed, subscriptionDeleted, subscriptionUpdated } from './subscription-events.ts';

/** The Stripe events this server acts on: event type → its handler. */
export const stripeEventHandlers: Readonly<Record<string, StripeEventHandler>> = {
  'payment_intent.succeeded': paymentIntentSucceeded,
  'payment_intent.payment_failed': paymentIntentFailed,
  'checkout.session.completed': checkoutSessionPaid,
  'checkout.session.async_payment_succeeded': checkoutSessionPaid,
  'checkout.session.expired': checkoutSessionExpired,
  'checkout.session.async_payment_failed': checkoutSessionFailed,
  'invoice.paid': invoicePaid,
  'invoice.payment_failed': invoicePaymentFailed,
  'customer.subscription.updated': subscriptionUpdated,
  'customer.subscription.deleted': subscriptionDeleted,
  'charge.refunded': chargeRefunded,
  'charge.dispute.created': chargeDisputeCreated,
};

/** Any other event is stored with this outcome and changes nothing. */
const ignoreUnhandled: StripeEventHandler = async (event) => planWithoutOrder(async () => `ignored: ${event.type} is not handled`);

/** The handler of an event type (own keys only: a type named like an Object member finds nothing). */
export const stripeEventHandlerFor = (type: string): StripeEventHandler =>
  Object.hasOwn(stripeEventHandlers, type) ? stripeEventHandlers[type]! : ignoreUnhandled;
