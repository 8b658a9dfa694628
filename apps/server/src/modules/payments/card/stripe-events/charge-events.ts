import { formatInvoiceNumber } from '@lumen/core/payments/billing';
import type { Db } from '../../../../db/database.ts';
import { refundIssuedMail } from '../../../mail/index.ts';
import {
  decidePendingRefundRequestOfOrder,
  findBuyer,
  findOrderById,
  findRefund,
  formatMoney,
  reverseOrderCredits,
} from '../../orders/index.ts';
import type { OrderRow } from '../../orders/tables.ts';
import { stripeOrderFor } from './stripe-event-context.ts';
import type { StripeEventContext, StripeEventHandler } from './stripe-event-context.ts';
import type { StripeCharge, StripeDispute } from './stripe-objects.ts';

/** The idempotency keys of the refunds this server asks for (refunds.service.ts): `refund:<order>:…`. */
const OWN_REFUND_KEY_PREFIX = 'refund:';

/** The note on a user's pending request that a full refund made from Stripe's side closed. */
export const STRIPE_FULL_REFUND_REQUEST_NOTE = 'The payment was refunded in full through Stripe.';

/** refund_issued for a refund row made from Stripe's side; runs once, after the event that created the row committed. */
async function mailRefundIssued(context: StripeEventContext, refundId: string): Promise<void> {
  if (!context.mailer) return;
  try {
    const refund = (await findRefund(context.db, refundId))?.refund;
    const order = refund ? await findOrderById(context.db, refund.orderId) : null;
    const buyer = order ? await findBuyer(context.db, order.userId) : null;
    if (!refund || !order || !buyer) return;
    await context.mailer.send(
      buyer.email,
      refundIssuedMail(buyer, {
        receiptNumber: formatInvoiceNumber(order.invoiceNumber),
        description: order.description,
        amount: formatMoney(refund.amountCents, order.currency),
        creditsReversed: refund.creditsReversed,
      }),
    );
  } catch (error) {
    context.log?.warn({ err: error, refundId }, 'could not mail the refund made through Stripe');
  }
}

/** A refund made in Stripe's dashboard that gave everything back approves the user's pending refund request. */
async function closeRequestOfFullRefund(tx: Db, orderId: string, refundId: string): Promise<void> {
  const after = await findOrderById(tx, orderId);
  if (after?.status !== 'refunded') return;
  await decidePendingRefundRequestOfOrder(tx, orderId, {
    status: 'approved',
    decidedByUserId: null,
    decisionNote: STRIPE_FULL_REFUND_REQUEST_NOTE,
    refundId,
    decidedAt: new Date(),
  });
}

type ChargeRefund = { charge: StripeCharge; namedRefund: string | null; startedHere: boolean };

/** Records the refund (once, by its reference) and reverses its credits; returns the outcome and a refund made here. */
async function recordRefund(tx: Db, order: OrderRow, { charge, namedRefund, startedHere }: ChargeRefund) {
  const result = await reverseOrderCredits(tx, {
    orderId: order.id,
    refundedCentsTotal: charge.amount_refunded,
    reason: 'Refunded through Stripe',
    method: 'stripe',
    reference: namedRefund ?? `${charge.id}:${charge.amount_refunded}`,
  });
  if (!result.refundId || result.replay) return { outcome: 'ignored: refund already recorded', newRefundId: null };
  if (startedHere) return { outcome: `refunded: ${result.creditsReversed} credits reversed`, newRefundId: null };
  await closeRequestOfFullRefund(tx, order.id, result.refundId);
  return { outcome: `refunded: ${result.creditsReversed} credits reversed`, newRefundId: result.refundId };
}

/**
 * charge.refunded: credits are reversed for the money given back. A refund this server asked for (an admin's) is
 * recorded, mailed and closes its request in the refund service; one made from Stripe's side is done here.
 */
export const chargeRefunded: StripeEventHandler = async (event, context) => {
  const charge = event.data.object as unknown as StripeCharge;
  const order = await stripeOrderFor(context.db, charge.metadata, charge.payment_intent ?? null);
  const namedRefund = charge.refunds?.data?.[0]?.id ?? null;
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
      const recorded = await recordRefund(tx, order, { charge, namedRefund, startedHere });
      newRefundId = recorded.newRefundId;
      return recorded.outcome;
    },
    after: async () => {
      if (newRefundId) await mailRefundIssued(context, newRefundId);
    },
  };
};

/** charge.dispute.created: the disputed amount's credits are reversed and the account is flagged. */
export const chargeDisputeCreated: StripeEventHandler = async (event, context) => {
  const dispute = event.data.object as unknown as StripeDispute;
  const order = await stripeOrderFor(context.db, dispute.metadata, dispute.payment_intent ?? null);
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
};
