import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../../../db/database.ts';
import type { Mailer } from '../../../mail/index.ts';
import { findOrderById, findOrderByProviderPaymentId, markOrderPaid, updateOrder } from '../../orders/index.ts';
import { findSubscription, findSubscriptionByProviderId } from '../card.repository.ts';
import type { CardProvider } from '../card-provider.ts';
import type { OrderRow } from '../../orders/tables.ts';
import type { SubscriptionRow } from '../../subscriptions/tables.ts';
import { isUuid } from './stripe-objects.ts';
import type { Metadata } from './stripe-objects.ts';

/** What every event handler may use: the database, the card provider, the log and the mailer. */
export type StripeEventContext = {
  db: Db;
  provider: CardProvider;
  log?: FastifyBaseLogger;
  /** Tells the user about refunds made from Stripe's side (the admin's own refunds are mailed by the refund service). */
  mailer?: Pick<Mailer, 'send'>;
};

/**
 * What a handler makes of one event: the order it concerns (stored on the event's row), the change to apply in the
 * event's transaction (its return value is the row's outcome), and what to do once that committed, for a first
 * delivery only. Reads of the network (the card's details) happen in the handler, before the transaction.
 */
export type StripeEventPlan = { orderId: string | null; run: (tx: Db) => Promise<string>; after?: () => Promise<void> };

/** One handler per event type; `event.data.object` is read as the type's shape. */
export type StripeEventHandler = (event: Stripe.Event, context: StripeEventContext) => Promise<StripeEventPlan>;

/** A plan that concerns no order. */
export const planWithoutOrder = (run: (tx: Db) => Promise<string>): StripeEventPlan => ({ orderId: null, run });

/** The Stripe order an object names: by its payment reference first, then by the order id in its metadata. */
export async function stripeOrderFor(
  db: Db,
  metadata: Metadata,
  providerPaymentId: string | null,
  fallbackId?: string | null,
): Promise<OrderRow | null> {
  const byPayment = providerPaymentId ? await findOrderByProviderPaymentId(db, 'stripe', providerPaymentId) : null;
  if (byPayment) return byPayment;
  const candidate = metadata?.orderId ?? fallbackId;
  if (!isUuid(candidate)) return null;
  const order = await findOrderById(db, candidate);
  return order?.provider === 'stripe' ? order : null;
}

/** The subscription an object names: by Stripe's subscription id first, then by the id in its metadata. */
export async function stripeSubscriptionFor(
  db: Db,
  metadata: Metadata,
  providerSubscriptionId: string | null,
): Promise<SubscriptionRow | null> {
  const byProvider = providerSubscriptionId ? await findSubscriptionByProviderId(db, providerSubscriptionId) : null;
  if (byProvider) return byProvider;
  return isUuid(metadata?.subscriptionId) ? findSubscription(db, metadata.subscriptionId) : null;
}

export type StripePayment = { cents: number; currency: string; paymentRef: string | null; label?: string | null };

/** Credits an order once when what was paid matches it; a payment reference not yet taken becomes the order's. */
export async function payStripeOrder(tx: Db, order: OrderRow, paid: StripePayment): Promise<string> {
  if (paid.cents !== order.amountCents || paid.currency.toLowerCase() !== order.currency) {
    return `ignored: paid ${paid.cents} ${paid.currency} does not match the order's ${order.amountCents} ${order.currency}`;
  }
  if (paid.paymentRef && order.providerPaymentId !== paid.paymentRef) {
    const taken = await findOrderByProviderPaymentId(tx, 'stripe', paid.paymentRef);
    if (!taken) await updateOrder(tx, order.id, { providerPaymentId: paid.paymentRef });
  }
  const { credited, order: after } = await markOrderPaid(tx, order.id, { paymentMethodLabel: paid.label ?? 'Card', reopenExpired: true });
  // Checkout reports the card only in the payment_intent.succeeded that follows: name it then.
  if (!credited && paid.label && after.paidAt && (after.paymentMethodLabel ?? 'Card') === 'Card') {
    await updateOrder(tx, order.id, { paymentMethodLabel: paid.label });
  }
  return credited ? 'credited' : `ignored: order already ${after.status}`;
}
