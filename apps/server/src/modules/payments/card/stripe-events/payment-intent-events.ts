import { markOrderUnpaid } from '../../orders/index.ts';
import { cardLabel } from '../card-label.ts';
import { saveMethod } from '../card.repository.ts';
import type { CardDetails } from '../card-provider.ts';
import type { OrderRow } from '../../orders/tables.ts';
import { payStripeOrder, stripeOrderFor } from './stripe-event-context.ts';
import type { StripeEventContext, StripeEventHandler } from './stripe-event-context.ts';
import { idOf } from './stripe-objects.ts';
import type { StripeIntent } from './stripe-objects.ts';

type SavedCard = { id: string; card: CardDetails };

/** The card's display details, read before the transaction (a network call to Stripe). */
async function cardOf(context: StripeEventContext, intent: StripeIntent): Promise<SavedCard | null> {
  const methodId = idOf(intent.payment_method);
  if (!methodId) return null;
  try {
    const card = await context.provider.retrievePaymentMethod(methodId);
    return card ? { id: methodId, card } : null;
  } catch (error) {
    context.log?.warn({ err: error, paymentIntent: intent.id }, 'could not read the card of a payment');
    return null;
  }
}

/** Keeps the card of a paid order among the user's saved cards (after the event committed; a failure is only logged). */
async function saveCard(context: StripeEventContext, order: OrderRow | null, method: SavedCard | null): Promise<void> {
  if (!order || !method) return;
  try {
    await saveMethod(context.db, { userId: order.userId, providerMethodId: method.id, ...method.card });
  } catch (error) {
    context.log?.warn({ err: error, orderId: order.id }, 'could not save the card of a paid order');
  }
}

/** payment_intent.succeeded: the order is credited once, named after its card, and the card is saved. */
export const paymentIntentSucceeded: StripeEventHandler = async (event, context) => {
  const intent = event.data.object as unknown as StripeIntent;
  const order = await stripeOrderFor(context.db, intent.metadata, intent.id);
  const method = order ? await cardOf(context, intent) : null;
  const label = method ? cardLabel(method.card) : null;
  return {
    orderId: order?.id ?? null,
    run: async (tx) =>
      order
        ? payStripeOrder(tx, order, {
            cents: intent.amount_received ?? intent.amount,
            currency: intent.currency,
            paymentRef: intent.id,
            label,
          })
        : 'ignored: unknown order',
    after: () => saveCard(context, order, method),
  };
};

/** payment_intent.payment_failed: a pending order fails with the bank's reason. */
export const paymentIntentFailed: StripeEventHandler = async (event, context) => {
  const intent = event.data.object as unknown as StripeIntent;
  const order = await stripeOrderFor(context.db, intent.metadata, intent.id);
  const reason = intent.last_payment_error?.message || 'The payment failed.';
  return {
    orderId: order?.id ?? null,
    run: async (tx) => {
      if (!order) return 'ignored: unknown order';
      const failed = await markOrderUnpaid(tx, order.id, 'failed', reason);
      return failed ? `failed: ${reason}` : `ignored: order already ${order.status}`;
    },
  };
};
