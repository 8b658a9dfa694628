import { formatInvoiceNumber } from '@lumen/core/payments/billing';
import type { AdminPayment, Refund } from '@lumen/core/payments/billing';
import type { RefundRequestRow, RefundRow } from './invoices.repository.ts';
import { centsToAmount, paymentMethodOf } from './invoice.dto.ts';
import type { CryptoPaymentRow } from '../crypto/tables.ts';
import type { OrderRow } from './tables.ts';

export type OwnerRow = { id: string; email: string; firstName: string; lastName: string };

export const ownerDto = (user: OwnerRow) => ({ id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() });

export function toAdminPaymentDto(order: OrderRow, user: OwnerRow, crypto: CryptoPaymentRow | null | undefined): AdminPayment {
  return {
    id: order.id,
    number: formatInvoiceNumber(order.invoiceNumber),
    kind: order.kind,
    description: order.description,
    status: order.status,
    amountCents: order.amountCents,
    amount: centsToAmount(order.amountCents),
    currency: order.currency,
    credits: order.credits,
    provider: order.provider,
    providerPaymentId: order.providerPaymentId,
    paymentMethod: paymentMethodOf(order, crypto),
    testMode: order.testMode,
    failureReason: order.failureReason,
    refundedCents: order.refundedCents,
    creditsReversed: order.creditsReversed,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    user: ownerDto(user),
    crypto: crypto
      ? {
          paymentId: crypto.paymentId,
          status: crypto.status,
          payCurrency: crypto.payCurrency.toUpperCase(),
          payAmount: crypto.payAmount,
          actuallyPaid: crypto.actuallyPaid,
          payAddress: crypto.payAddress,
          txHash: crypto.txHash,
          expiresAt: crypto.expiresAt.toISOString(),
          lateDepositAt: crypto.lateDepositAt?.toISOString() ?? null,
        }
      : null,
  };
}

export function toRefundDto(refund: RefundRow, actorEmail: string | null): Refund {
  return {
    id: refund.id,
    orderId: refund.orderId,
    amountCents: refund.amountCents,
    amount: centsToAmount(refund.amountCents),
    creditsReversed: refund.creditsReversed,
    method: refund.method,
    reference: refund.reference,
    reason: refund.reason,
    actor: refund.actorUserId ? { id: refund.actorUserId, email: actorEmail ?? '' } : null,
    createdAt: refund.createdAt.toISOString(),
  };
}

export function toRequestSummaryDto(request: RefundRequestRow) {
  return {
    id: request.id,
    status: request.status,
    reason: request.reason,
    decisionNote: request.decisionNote,
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
    refundId: request.refundId,
  };
}
