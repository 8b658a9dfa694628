import type { Db } from '../../../../db/database.ts';
import { createSubscriptionOrder, findOrderByProviderPaymentId, markOrderPaid, updateOrder } from '../../orders/index.ts';
import { updateSubscription } from '../card.repository.ts';
import type { OrderRow } from '../../orders/tables.ts';
import type { SubscriptionRow } from '../../subscriptions/tables.ts';
import { planWithoutOrder, stripeSubscriptionFor } from './stripe-event-context.ts';
import type { StripeEventContext, StripeEventHandler } from './stripe-event-context.ts';
import { dateOf, idOf } from './stripe-objects.ts';
import type { StripeInvoice, StripeSubscription } from './stripe-objects.ts';

const monthYear = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The subscription an invoice bills, in the places older and newer API versions put it. */
async function subscriptionOfInvoice(
  context: StripeEventContext,
  invoice: StripeInvoice,
): Promise<{ subscription: SubscriptionRow | null; providerSubscriptionId: string | null }> {
  const details = invoice.parent?.subscription_details;
  const providerSubscriptionId = idOf(details?.subscription) ?? invoice.subscription ?? null;
  const metadata = details?.metadata ?? invoice.subscription_details?.metadata;
  return { subscription: await stripeSubscriptionFor(context.db, metadata, providerSubscriptionId), providerSubscriptionId };
}

/** The order of one paid period, made once per payment (a redelivered invoice finds it by its payment reference). */
async function periodOrder(tx: Db, invoice: StripeInvoice, subscription: SubscriptionRow, periodStart: Date): Promise<OrderRow> {
  const paymentRef = invoice.payment_intent ?? idOf(invoice.payments?.data?.[0]?.payment?.payment_intent) ?? invoice.id;
  const existing = await findOrderByProviderPaymentId(tx, 'stripe', paymentRef);
  if (existing) return existing;
  const base = await createSubscriptionOrder(tx, {
    userId: subscription.userId,
    planId: subscription.planId,
    subscriptionId: subscription.id,
    provider: 'stripe',
    testMode: subscription.testMode,
  });
  return updateOrder(tx, base.id, {
    providerPaymentId: paymentRef,
    amountCents: invoice.amount_paid,
    currency: invoice.currency.toLowerCase(),
    description: `${base.description}, ${monthYear(periodStart)}`,
  });
}

/** One paid subscription period: its own order, credited once, and the subscription's new period. */
async function payPeriod(
  tx: Db,
  invoice: StripeInvoice,
  subscription: SubscriptionRow,
  providerSubscriptionId: string | null,
): Promise<string> {
  if (invoice.amount_paid <= 0) return 'ignored: nothing paid';
  const period = invoice.lines?.data?.[0]?.period;
  const periodStart = dateOf(period?.start) ?? new Date();
  const periodEnd = dateOf(period?.end);
  const order = await periodOrder(tx, invoice, subscription, periodStart);
  await updateSubscription(tx, subscription.id, {
    status: 'active',
    providerSubscriptionId: subscription.providerSubscriptionId ?? providerSubscriptionId,
    currentPeriodStart: periodStart,
    ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
  });
  const { credited } = await markOrderPaid(tx, order.id, { paymentMethodLabel: 'Card' });
  return credited ? 'credited: subscription period' : 'ignored: period already credited';
}

/** invoice.paid: a subscription period is paid (the first one and each renewal). */
export const invoicePaid: StripeEventHandler = async (event, context) => {
  const invoice = event.data.object as unknown as StripeInvoice;
  const { subscription, providerSubscriptionId } = await subscriptionOfInvoice(context, invoice);
  return planWithoutOrder(async (tx) =>
    subscription ? payPeriod(tx, invoice, subscription, providerSubscriptionId) : 'ignored: unknown subscription',
  );
};

/** invoice.payment_failed: an active subscription is past due. */
export const invoicePaymentFailed: StripeEventHandler = async (event, context) => {
  const { subscription } = await subscriptionOfInvoice(context, event.data.object as unknown as StripeInvoice);
  return planWithoutOrder(async (tx) => {
    if (!subscription || subscription.status !== 'active') return 'ignored: no active subscription';
    await updateSubscription(tx, subscription.id, { status: 'past_due' });
    return 'subscription past due';
  });
};

/** customer.subscription.updated and .deleted: the subscription takes Stripe's status, period and cancellation. */
function subscriptionChanged(deletedEvent: boolean): StripeEventHandler {
  return async (event, context) => {
    const remote = event.data.object as unknown as StripeSubscription;
    const subscription = await stripeSubscriptionFor(context.db, remote.metadata, remote.id);
    const item = remote.items?.data?.[0];
    return planWithoutOrder(async (tx) => {
      if (!subscription) return 'ignored: unknown subscription';
      const deleted = deletedEvent || remote.status === 'canceled';
      const start = dateOf(item?.current_period_start ?? remote.current_period_start);
      const end = dateOf(item?.current_period_end ?? remote.current_period_end);
      await updateSubscription(tx, subscription.id, {
        providerSubscriptionId: subscription.providerSubscriptionId ?? remote.id,
        cancelAtPeriodEnd: remote.cancel_at_period_end,
        ...(deleted ? { status: 'canceled', canceledAt: dateOf(remote.canceled_at) ?? new Date() } : {}),
        ...(remote.status === 'past_due' ? { status: 'past_due' } : {}),
        ...(start ? { currentPeriodStart: start } : {}),
        ...(end ? { currentPeriodEnd: end } : {}),
      });
      return deleted ? 'subscription canceled' : 'subscription updated';
    });
  };
}

export const subscriptionUpdated = subscriptionChanged(false);
export const subscriptionDeleted = subscriptionChanged(true);
