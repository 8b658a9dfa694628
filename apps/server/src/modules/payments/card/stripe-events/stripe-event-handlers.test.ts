import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/database.ts';
import type { StripeEventContext } from './stripe-event-context.ts';
import { stripeEventHandlerFor, stripeEventHandlers } from './stripe-event-handlers.ts';

const eventOfType = (type: string) => ({ id: 'evt_test', type, data: { object: {} } }) as unknown as Stripe.Event;
const noContext = {} as StripeEventContext;

describe('the Stripe event table', () => {
  it('handles exactly the event types the server acts on', () => {
    expect(Object.keys(stripeEventHandlers).sort()).toEqual([
      'charge.dispute.created',
      'charge.refunded',
      'checkout.session.async_payment_failed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
      'checkout.session.expired',
      'customer.subscription.deleted',
      'customer.subscription.updated',
      'invoice.paid',
      'invoice.payment_failed',
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });

  it('stores any other type as not handled, with no order, and reads nothing to plan it', async () => {
    for (const type of ['customer.created', 'constructor', '__proto__', 'toString']) {
      const plan = await stripeEventHandlerFor(type)(eventOfType(type), noContext);
      expect(plan.orderId).toBeNull();
      expect(plan.after).toBeUndefined();
      expect(await plan.run({} as Db)).toBe(`ignored: ${type} is not handled`);
    }
  });

  it('gives a handled type its own handler', () => {
    expect(stripeEventHandlerFor('invoice.paid')).toBe(stripeEventHandlers['invoice.paid']);
    expect(stripeEventHandlerFor('checkout.session.async_payment_succeeded')).toBe(stripeEventHandlers['checkout.session.completed']);
  });
});
