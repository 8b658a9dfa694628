import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../../db/database.ts';
import { formatInvoiceNumber } from '@lumen/core/payments/billing';
import { AppError } from '../../../plugins/app-error.ts';
import { refundIssuedMail } from '../../mail/index.ts';
import type { Mailer } from '../../mail/index.ts';
import { decidePendingRefundRequestOfOrder } from '../orders/index.ts';
import { findBuyer, findRefund } from '../orders/index.ts';
import { findSubscription, findSubscriptionByProviderId, saveMethod, updateSubscription } from './card.repository.ts';
import { findOrderById, findOrderByProviderPaymentId, updateOrder } from '../orders/index.ts';
import { createSubscriptionOrder, handleProviderEvent, markOrderPaid, markOrderUnpaid, reverseOrderCredits } from '../orders/index.ts';
import type { ProviderEventResult } from '../orders/index.ts';
import { formatMoney } from '../orders/index.ts';
import type { CardDetails, CardProvider } from './card-provider.ts';
import type { OrderRow, SubscriptionRow } from '../tables.ts';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid signature';

/** The fields read from Stripe objects; older and newer API versions are both accepted. */
type Metadata = Record<string, string> | null | undefined;
type StripeIntent = {
  id: string;
  amount: number;
  amount_received?: number;
  currency: string;
  metadata?: Metadata;
  customer?: string | null;
  payment_method?: string | { id: string } | null;
  last_payment_error?: { message?: string | null } | null;
};
type StripeSession = {
  id: string;
  mode: 'payment' | 'subscription' | 'setup';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total?: number | null;
  currency?: string | null;
  client_reference_id?: string | null;
  metadata?: Metadata;
  payment_intent?: string | { id: string } | null;
  subscription?: string | { id: string } | null;
};
type StripeInvoice = {
  id: string;
  amount_paid: number;
  currency: string;
  billing_reason?: string | null;
  subscription?: string | null;
  subscription_details?: { metadata?: Metadata } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null; metadata?: Metadata } | null } | null;
  lines?: { data?: { period?: { start: number; end: number } }[] };
  payment_intent?: string | null;
  payments?: { data?: { payment?: { payment_intent?: string | { id: string } | null } }[] };
};
type StripeCharge = {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent?: string | null;
  metadata?: Metadata;
  refunds?: { data?: { id: string }[] } | null;
};
type StripeDispute = { id: string; amount: number; reason?: string; charge?: string; payment_intent?: string | null; metadata?: Metadata };
type StripeSubscription = {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at?: number | null;
  metadata?: Metadata;
  current_period_start?: number;
  current_period_end?: number;
  items?: { data?: { current_period_start?: number; current_period_end?: number }[] };
};

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const dateOf = (unixSeconds: number | null | undefined) => (typeof unixSeconds === 'number' ? new Date(unixSeconds * 1000) : null);
const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** 'Visa •••• 4242', shown on invoices. */
export const cardLabel = (card: CardDetails) => `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}`;

const monthYear = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export type StripeWebhookDeps = {
  db: Db;
  provider: CardProvider;
  /** The secret events are signed with: STRIPE_WEBHOOK_SECRET, or the test provider's per-process one. */
  webhookSecret: string;
  log?: FastifyBaseLogger;
  /** Tells the user about refunds made from Stripe's side (the admin's own refunds are mailed by the refund service). */
  mailer?: Pick<Mailer, 'send'>;
};

/** The idempotency keys of the refunds this server asks for (refund-service.ts): `refund:<order>:…`. */
export const OWN_REFUND_KEY_PREFIX = 'refund:';

/** The note on a user's pending request that a full refund made from Stripe's side closed. */
export const STRIPE_FULL_REFUND_REQUEST_NOTE = 'The payment was refunded in full through Stripe.';

export type StripeWebhookHandler = (rawBody: Buffer | string, signature: string | undefined) => Promise<ProviderEventResult>;

/**
 * The one entry of Stripe events, real or from the test provider: verify the signature on the
 * raw body, store the event once and apply it in the same transaction (orders.service).
 */
export function createStripeWebhookHandler(deps: StripeWebhookDeps): StripeWebhookHandler {
  let verifier: Promise<Stripe> | undefined;
  /** The client that checks signatures, made (and the SDK loaded) on the first event, not at the server's start. */
  const stripeVerifier = () =>
    (verifier ??= import('stripe').then(({ default: StripeSdk }) => new StripeSdk('sk_webhook_verification_only')));
  const { db, provider } = deps;

  async function orderFor(metadata: Metadata, providerPaymentId: string | null, fallbackId?: string | null): Promise<OrderRow | null> {
    const byPayment = providerPaymentId ? await findOrderByProviderPaymentId(db, 'stripe', providerPaymentId) : null;
    if (byPayment) return byPayment;
    const candidate = metadata?.orderId ?? fallbackId;
    if (!isUuid(candidate)) return null;
    const order = await findOrderById(db, candidate);
    return order?.provider === 'stripe' ? order : null;
  }

  async function payOrder(
    tx: Db,
    order: OrderRow,
    paid: { cents: number; currency: string; paymentRef: string | null; label?: string | null },
  ): Promise<string> {
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

  /** refund_issued for a refund row made from Stripe's side; runs once, after the event that created the row committed. */
  async function mailRefundIssued(refundId: string): Promise<void> {
    if (!deps.mailer) return;
    try {
      const refund = (await findRefund(db, refundId))?.refund;
      const order = refund ? await findOrderById(db, refund.orderId) : null;
      const buyer = order ? await findBuyer(db, order.userId) : null;
      if (!refund || !order || !buyer) return;
      await deps.mailer.send(
        buyer.email,
        refundIssuedMail(buyer, {
          receiptNumber: formatInvoiceNumber(order.invoiceNumber),
          description: order.description,
          amount: formatMoney(refund.amountCents, order.currency),
          creditsReversed: refund.creditsReversed,
        }),
      );
    } catch (error) {
      deps.log?.warn({ err: error, refundId }, 'could not mail the refund made through Stripe');
    }
  }

  /** The card's display details, read before the transaction (a network call to Stripe). */
  async function cardOf(intent: StripeIntent): Promise<{ id: string; card: CardDetails } | null> {
    const methodId = idOf(intent.payment_method);
    if (!methodId) return null;
    try {
      const card = await provider.retrievePaymentMethod(methodId);
      return card ? { id: methodId, card } : null;
    } catch (error) {
      deps.log?.warn({ err: error, paymentIntent: intent.id }, 'could not read the card of a payment');
      return null;
    }
  }

  async function saveCard(order: OrderRow | null, method: { id: string; card: CardDetails } | null): Promise<void> {
    if (!order || !method) return;
    try {
      await saveMethod(db, { userId: order.userId, providerMethodId: method.id, ...method.card });
    } catch (error) {
      deps.log?.warn({ err: error, orderId: order.id }, 'could not save the card of a paid order');
    }
  }

  async function subscriptionFor(metadata: Metadata, providerSubscriptionId: string | null): Promise<SubscriptionRow | null> {
    const byProvider = providerSubscriptionId ? await findSubscriptionByProviderId(db, providerSubscriptionId) : null;
    if (byProvider) return byProvider;
    return isUuid(metadata?.subscriptionId) ? findSubscription(db, metadata.subscriptionId) : null;
  }

  /** One paid subscription period: its own order, credited once, and the subscription's new period. */
  async function invoicePaid(
    tx: Db,
    invoice: StripeInvoice,
    subscription: SubscriptionRow,
    providerSubscriptionId: string | null,
  ): Promise<string> {
    if (invoice.amount_paid <= 0) return 'ignored: nothing paid';
    const paymentRef = invoice.payment_intent ?? idOf(invoice.payments?.data?.[0]?.payment?.payment_intent) ?? invoice.id;
    const period = invoice.lines?.data?.[0]?.period;
    const periodStart = dateOf(period?.start) ?? new Date();
    const periodEnd = dateOf(period?.end);
    let order = await findOrderByProviderPaymentId(tx, 'stripe', paymentRef);
    if (!order) {
      const base = await createSubscriptionOrder(tx, {
        userId: subscription.userId,
        planId: subscription.planId,
        subscriptionId: subscription.id,
        provider: 'stripe',
        testMode: subscription.testMode,
      });
      order = await updateOrder(tx, base.id, {
        providerPaymentId: paymentRef,
        amountCents: invoice.amount_paid,
        currency: invoice.currency.toLowerCase(),
        description: `${base.description}, ${monthYear(periodStart)}`,
      });
    }
    await updateSubscription(tx, subscription.id, {
      status: 'active',
      providerSubscriptionId: subscription.providerSubscriptionId ?? providerSubscriptionId,
      currentPeriodStart: periodStart,
      ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
    });
    const { credited } = await markOrderPaid(tx, order.id, { paymentMethodLabel: 'Card' });
    return credited ? 'credited: subscription period' : 'ignored: period already credited';
  }

  async function process(
    event: Stripe.Event,
  ): Promise<{ orderId: string | null; run: (tx: Db) => Promise<string>; after?: () => Promise<void> }> {
    const object = event.data.object as unknown;
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = object as StripeIntent;
        const order = await orderFor(intent.metadata, intent.id);
        const method = order ? await cardOf(intent) : null;
        const label = method ? cardLabel(method.card) : null;
        return {
          orderId: order?.id ?? null,
          run: async (tx) =>
            order
              ? payOrder(tx, order, {
                  cents: intent.amount_received ?? intent.amount,
                  currency: intent.currency,
                  paymentRef: intent.id,
                  label,
                })
              : 'ignored: unknown order',
          after: () => saveCard(order, method),
        };
      }
      case 'payment_intent.payment_failed': {
        const intent = object as StripeIntent;
        const order = await orderFor(intent.metadata, intent.id);
        const reason = intent.last_payment_error?.message || 'The payment failed.';
        return {
          orderId: order?.id ?? null,
          run: async (tx) => {
            if (!order) return 'ignored: unknown order';
            const failed = await markOrderUnpaid(tx, order.id, 'failed', reason);
            return failed ? `failed: ${reason}` : `ignored: order already ${order.status}`;
          },
        };
      }
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = object as StripeSession;
        if (session.mode === 'subscription') {
          const providerSubscriptionId = idOf(session.subscription);
          const subscription = await subscriptionFor(session.metadata, providerSubscriptionId);
          return {
            orderId: null,
            run: async (tx) => {
              if (!subscription) return 'ignored: unknown subscription';
              if (!subscription.providerSubscriptionId && providerSubscriptionId) {
                await updateSubscription(tx, subscription.id, { providerSubscriptionId });
              }
              return 'subscription linked';
            },
          };
        }
        const order = await orderFor(session.metadata, session.id, session.client_reference_id);
        return {
          orderId: order?.id ?? null,
          run: async (tx) => {
            if (!order) return 'ignored: unknown order';
            if (session.payment_status !== 'paid') return 'ignored: not paid yet';
            return payOrder(tx, order, {
              cents: session.amount_total ?? 0,
              currency: session.currency ?? '',
              paymentRef: idOf(session.payment_intent),
            });
          },
        };
      }
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed': {
        const session = object as StripeSession;
        const order = session.mode === 'payment' ? await orderFor(session.metadata, session.id, session.client_reference_id) : null;
        const expired = event.type === 'checkout.session.expired';
        return {
          orderId: order?.id ?? null,
          run: async (tx) => {
            if (!order) return 'ignored: unknown order';
            const changed = await markOrderUnpaid(
              tx,
              order.id,
              expired ? 'expired' : 'failed',
              expired ? 'The checkout expired.' : 'The payment failed.',
            );
            return changed ? changed.status : `ignored: order already ${order.status}`;
          },
        };
      }
      case 'invoice.paid': {
        const invoice = object as StripeInvoice;
        const details = invoice.parent?.subscription_details;
        const providerSubscriptionId = idOf(details?.subscription) ?? invoice.subscription ?? null;
        const subscription = await subscriptionFor(details?.metadata ?? invoice.subscription_details?.metadata, providerSubscriptionId);
        return {
          orderId: null,
          run: async (tx) =>
            subscription ? invoicePaid(tx, invoice, subscription, providerSubscriptionId) : 'ignored: unknown subscription',
        };
      }
      case 'invoice.payment_failed': {
        const invoice = object as StripeInvoice;
        const details = invoice.parent?.subscription_details;
        const subscription = await subscriptionFor(
          details?.metadata ?? invoice.subscription_details?.metadata,
          idOf(details?.subscription) ?? invoice.subscription ?? null,
        );
        return {
          orderId: null,
          run: async (tx) => {
            if (!subscription || subscription.status !== 'active') return 'ignored: no active subscription';
            await updateSubscription(tx, subscription.id, { status: 'past_due' });
            return 'subscription past due';
          },
        };
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const remote = object as StripeSubscription;
        const subscription = await subscriptionFor(remote.metadata, remote.id);
        const item = remote.items?.data?.[0];
        return {
          orderId: null,
          run: async (tx) => {
            if (!subscription) return 'ignored: unknown subscription';
            const deleted = event.type === 'customer.subscription.deleted' || remote.status === 'canceled';
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
          },
        };
      }
      case 'charge.refunded': {
        const charge = object as StripeCharge;
        const order = await orderFor(charge.metadata, charge.payment_intent ?? null);
        const namedRefund = charge.refunds?.data?.[0]?.id ?? null;
        const reference = namedRefund ?? `${charge.id}:${charge.amount_refunded}`;
        // Stripe names the request that made the refund: ours carry our idempotency key; the admin's
        // refund then records, mails and closes the request itself (this event may come first).
        const startedHere = event.request?.idempotency_key?.startsWith(OWN_REFUND_KEY_PREFIX) ?? false;
        let newRefundId: string | null = null;
        return {
          orderId: order?.id ?? null,
          run: async (tx) => {
            if (!order) return 'ignored: unknown order';
            if (!order.paidAt) return `ignored: order ${order.status}`;
            // Without the refund's id (recent API versions list no refunds on the charge) this event
            // could not be matched to the admin's record of the same refund: the admin's refund records it.
            if (startedHere && !namedRefund) return 'ignored: our own refund, recorded by the refund service';
            const result = await reverseOrderCredits(tx, {
              orderId: order.id,
              refundedCentsTotal: charge.amount_refunded,
              reason: 'Refunded through Stripe',
              method: 'stripe',
              reference,
            });
            if (!result.refundId || result.replay) return 'ignored: refund already recorded';
            if (!startedHere) {
              newRefundId = result.refundId;
              const after = await findOrderById(tx, order.id);
              if (after?.status === 'refunded') {
                await decidePendingRefundRequestOfOrder(tx, order.id, {
                  status: 'approved',
                  decidedByUserId: null,
                  decisionNote: STRIPE_FULL_REFUND_REQUEST_NOTE,
                  refundId: result.refundId,
                  decidedAt: new Date(),
                });
              }
            }
            return `refunded: ${result.creditsReversed} credits reversed`;
          },
          after: async () => {
            if (newRefundId) await mailRefundIssued(newRefundId);
          },
        };
      }
      case 'charge.dispute.created': {
        const dispute = object as StripeDispute;
        const order = await orderFor(dispute.metadata, dispute.payment_intent ?? null);
        return {
          orderId: order?.id ?? null,
          run: async (tx) => {
            if (!order) return 'ignored: unknown order';
            if (!order.paidAt) return `ignored: order ${order.status}`;
            const result = await reverseOrderCredits(tx, {
              orderId: order.id,
              refundedCentsTotal: order.refundedCents + dispute.amount,
              reason: dispute.reason ?? 'dispute',
              method: 'stripe',
              reference: dispute.id,
              dispute: true,
            });
            return `disputed: ${result.creditsReversed} credits reversed`;
          },
        };
      }
      default:
        return { orderId: null, run: async () => `ignored: ${event.type} is not handled` };
    }
  }

  return async function handleStripeWebhook(rawBody, signature) {
    const verifier = await stripeVerifier();
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('missing signature');
      event = verifier.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
    } catch {
      throw new AppError('BAD_REQUEST', 400, INVALID_SIGNATURE_MESSAGE);
    }
    const plan = await process(event);
    const result = await handleProviderEvent(
      db,
      { provider: 'stripe', eventId: event.id, type: event.type, payload: event, orderId: plan.orderId },
      plan.run,
    );
    if (!result.duplicate && plan.after) await plan.after();
    return result;
  };
}
