import { formatInvoiceNumber } from '@lumen/core/payments/billing';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { insertAuditEntry } from '../../audit/index.ts';
import type { AuditActor } from '../../audit/index.ts';
import { findCreditAccount } from '../../credits/index.ts';
import { refundIssuedMail, refundRequestDecidedMail } from '../../mail/index.ts';
import type { RefundMailFacts } from '../../mail/index.ts';
import type { Mailer } from '../../mail/index.ts';
import { decidePendingRefundRequestOfOrder, decideRefundRequest, findRefundByReferenceAnyOrder } from './admin-payments.repository.ts';
import { findBuyer, findOrder } from './invoices.repository.ts';
import { markCryptoPaymentsOfOrderRefunded } from './orders.repository.ts';
import { formatMoney } from './invoice.dto.ts';
import { claimRefund } from './orders.repository.ts';
import { reverseOrderCredits } from './orders.service.ts';
import type { OrderRow } from './tables.ts';

/** The part of the card provider a refund needs (CardProvider.refund). */
export type CardRefunder = {
  refund(paymentRef: string, amountCents: number, idempotencyKey: string): Promise<{ refundId: string; status: string }>;
};

export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';
export const PAYOUT_REFERENCE_REQUIRED_MESSAGE =
  'payoutReference is required for crypto refunds: NOWPayments has no refund API, so send the coins back and enter the transaction or payout id';

/** The note on a user's pending request that a full refund closed (shown with the request in billing). */
export const FULL_REFUND_REQUEST_NOTE = 'The payment was refunded in full.';

export type RefundInput = { amountCents: number; reason: string; payoutReference?: string };
/** Set when the refund approves a user's request: linked and decided in the same transaction. */
export type RefundRequestLink = { requestId: string; note: string | null };

export type RefundOutcome = { refundId: string; creditsReversed: number; order: OrderRow };

type Deps = { db: Db; mailer: Mailer; cardRefunder: () => CardRefunder; clock: () => Date };

const orderState = (order: OrderRow) => ({
  status: order.status,
  refundedCents: order.refundedCents,
  creditsReversed: order.creditsReversed,
});

export function remainingCents(order: OrderRow): number {
  return order.amountCents - order.refundedCents;
}

function assertRefundable(order: OrderRow, amountCents: number): void {
  if (order.status === 'refunded') throw new AppError('CONFLICT', 409, 'This payment is already fully refunded');
  if (order.status === 'disputed')
    throw new AppError('CONFLICT', 409, 'A disputed payment cannot be refunded: the card network already took the money back');
  if (order.status !== 'paid' && order.status !== 'partially_refunded') {
    throw new AppError('CONFLICT', 409, 'Only a paid order can be refunded');
  }
  const remaining = remainingCents(order);
  if (amountCents > remaining) {
    throw new AppError('BAD_REQUEST', 400, `The refund cannot be more than what remains: ${formatMoney(remaining, order.currency)}`, {
      details: [{ field: 'amountCents', message: `amountCents must be at most ${remaining}` }],
      meta: { remainingCents: remaining },
    });
  }
}

/**
 * Refunds an order in full or in part (admin). Card: the card provider's refund with an
 * idempotency key, then reverseOrderCredits keyed by the provider's refund id (a charge.refunded
 * webhook for the same refund changes nothing). Crypto: recorded as manual with the payout reference.
 * Credits are reversed in proportion, only those not yet spent. Audited; the user is told by mail.
 */
export function createRefundService({ db, mailer, cardRefunder, clock }: Deps) {
  async function notify(order: OrderRow, facts: RefundMailFacts, link: RefundRequestLink | null): Promise<void> {
    const buyer = await findBuyer(db, order.userId);
    if (!buyer) return;
    const mail = link
      ? refundRequestDecidedMail(buyer, { approved: true, refund: facts, note: link.note })
      : refundIssuedMail(buyer, facts);
    await mailer.send(buyer.email, mail);
  }

  return {
    async refundOrder(
      actor: AuditActor,
      orderId: string,
      input: RefundInput,
      link: RefundRequestLink | null = null,
    ): Promise<RefundOutcome> {
      const order = await findOrder(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', 404, PAYMENT_NOT_FOUND_MESSAGE);
      assertRefundable(order, input.amountCents);

      // Read before the provider is asked: its refund event may be processed before it answers.
      const balanceBefore = (await findCreditAccount(db, order.userId))?.balance ?? 0;
      let method: 'stripe' | 'manual';
      let reference: string;
      if (order.provider === 'nowpayments') {
        if (!input.payoutReference) {
          throw new AppError('BAD_REQUEST', 400, PAYOUT_REFERENCE_REQUIRED_MESSAGE, {
            details: [{ field: 'payoutReference', message: 'payoutReference is required for crypto refunds' }],
          });
        }
        if (await findRefundByReferenceAnyOrder(db, 'manual', input.payoutReference)) {
          throw new AppError('CONFLICT', 409, 'This payout reference is already recorded for a refund');
        }
        method = 'manual';
        reference = input.payoutReference;
      } else {
        if (!order.providerPaymentId?.startsWith('pi_')) throw new AppError('CONFLICT', 409, 'This payment has no card payment to refund');
        // Same order state and amount → same key: a double click refunds once at the provider.
        const key = `refund:${order.id}:${order.refundedCents}:${input.amountCents}`;
        let providerRefund: { refundId: string };
        try {
          providerRefund = await cardRefunder().refund(order.providerPaymentId, input.amountCents, key);
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            503,
            'The card provider did not accept the refund; nothing was changed. Please try again.',
            {
              cause: error,
            },
          );
        }
        method = 'stripe';
        reference = providerRefund.refundId;
      }

      const outcome = await db.transaction(async (tx) => {
        // Fresh and locked: another refund may have landed since the checks above, and for a card
        // the provider's charge.refunded event may already have recorded this one (then a replay).
        const current = await findOrder(tx, order.id, { forUpdate: true });
        if (!current) throw new AppError('NOT_FOUND', 404, PAYMENT_NOT_FOUND_MESSAGE);
        const earlier = await findRefundByReferenceAnyOrder(tx, method, reference);
        if (earlier?.actorUserId) {
          // A repeated click reached the provider with the same idempotency key: already recorded.
          return { refundId: earlier.id, creditsReversed: earlier.creditsReversed, order: current, repeated: true };
        }
        if (method === 'manual') assertRefundable(current, input.amountCents);
        const reversed = await reverseOrderCredits(tx, {
          orderId: order.id,
          refundedCentsTotal: current.refundedCents + input.amountCents,
          reason: input.reason,
          method,
          reference,
          actorUserId: actor.userId,
        });
        if (!reversed.refundId) throw new AppError('CONFLICT', 409, 'Nothing was left to refund on this payment');
        // The provider's webhook may have recorded this very refund first, without a person.
        if (reversed.replay) await claimRefund(tx, reversed.refundId, { actorUserId: actor.userId, reason: input.reason });
        const after = await findOrder(tx, order.id);
        if (!after) throw new AppError('NOT_FOUND', 404, PAYMENT_NOT_FOUND_MESSAGE);
        // NOWPayments cannot refund: once the coins are all given back by hand, the payment reads refunded.
        const cryptoRefunded =
          method === 'manual' && after.status === 'refunded' ? await markCryptoPaymentsOfOrderRefunded(tx, order.id) : [];
        const balanceAfter = (await findCreditAccount(tx, order.userId))?.balance ?? 0;
        await insertAuditEntry(tx, actor, {
          action: 'payment.refund',
          targetType: 'order',
          targetId: order.id,
          before: { ...orderState(order), balance: balanceBefore },
          after: {
            ...orderState(after),
            balance: balanceAfter,
            refundId: reversed.refundId,
            amountCents: input.amountCents,
            creditsReversed: reversed.creditsReversed,
            method,
            reference,
            reason: input.reason,
            ...(cryptoRefunded.length > 0 ? { cryptoPaymentsRefunded: cryptoRefunded } : {}),
          },
        });
        if (link) {
          const decided = await decideRefundRequest(tx, link.requestId, {
            status: 'approved',
            decidedByUserId: actor.userId,
            decisionNote: link.note,
            refundId: reversed.refundId,
            decidedAt: clock(),
          });
          if (!decided) throw new AppError('CONFLICT', 409, 'This refund request was already decided');
          await insertAuditEntry(tx, actor, {
            action: 'refund_request.approve',
            targetType: 'refund_request',
            targetId: link.requestId,
            before: { status: 'pending' },
            after: { status: 'approved', refundId: reversed.refundId, amountCents: input.amountCents, note: link.note },
          });
        } else if (after.status === 'refunded') {
          // A direct refund of everything: the user's pending request for it has its answer.
          const closed = await decidePendingRefundRequestOfOrder(tx, order.id, {
            status: 'approved',
            decidedByUserId: actor.userId,
            decisionNote: FULL_REFUND_REQUEST_NOTE,
            refundId: reversed.refundId,
            decidedAt: clock(),
          });
          if (closed) {
            await insertAuditEntry(tx, actor, {
              action: 'refund_request.approve',
              targetType: 'refund_request',
              targetId: closed.id,
              before: { status: 'pending' },
              after: { status: 'approved', refundId: reversed.refundId, amountCents: input.amountCents, note: FULL_REFUND_REQUEST_NOTE },
            });
          }
        }
        return { refundId: reversed.refundId, creditsReversed: reversed.creditsReversed, order: after, repeated: false };
      });
      if (outcome.repeated) return { refundId: outcome.refundId, creditsReversed: outcome.creditsReversed, order: outcome.order };

      await notify(
        outcome.order,
        {
          receiptNumber: formatInvoiceNumber(outcome.order.invoiceNumber),
          description: outcome.order.description,
          amount: formatMoney(input.amountCents, outcome.order.currency),
          creditsReversed: outcome.creditsReversed,
        },
        link,
      );
      return { refundId: outcome.refundId, creditsReversed: outcome.creditsReversed, order: outcome.order };
    },

    async notifyRejected(order: OrderRow, note: string): Promise<void> {
      const buyer = await findBuyer(db, order.userId);
      if (!buyer) return;
      await mailer.send(
        buyer.email,
        refundRequestDecidedMail(buyer, {
          approved: false,
          receiptNumber: formatInvoiceNumber(order.invoiceNumber),
          description: order.description,
          note,
        }),
      );
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
