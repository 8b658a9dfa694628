import { REFUND_WINDOW_DAYS, REFUND_WINDOW_MESSAGE, formatInvoiceNumber, receiptStatuses } from '@lumen/core/payments/billing';
import type { Invoice } from '@lumen/core/payments/billing';
import type { RefundRequestRow } from './invoices.repository.ts';
import type { CryptoPaymentRow } from '../crypto/tables.ts';
import type { OrderRow } from './tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const REQUEST_PENDING_MESSAGE = 'A refund request for this order is already pending';

export const centsToAmount = (cents: number) => Math.round(cents) / 100;

/** 'USD 19.99'. */
export function formatMoney(cents: number, currency: string): string {
  return `${currency.toUpperCase()} ${(cents / 100).toFixed(2)}`;
}

/** The money of a crypto order is the coin that was sent; a card order shows what the provider told us. */
export function paymentMethodOf(order: OrderRow, crypto: CryptoPaymentRow | null | undefined): string | null {
  if (crypto) {
    const paid = crypto.actuallyPaid && Number(crypto.actuallyPaid) > 0 ? crypto.actuallyPaid : crypto.payAmount;
    return `${crypto.payCurrency.toUpperCase()} ${paid}`;
  }
  return order.paymentMethodLabel ?? null;
}

export function hasReceipt(order: OrderRow): boolean {
  return (receiptStatuses as readonly string[]).includes(order.status);
}

export function refundWindowEndsAt(order: OrderRow): Date | null {
  return order.paidAt ? new Date(order.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS) : null;
}

/** Why a refund request cannot be sent now, or null when it can. */
export function refundRequestBlocker(order: OrderRow, latestRequest: RefundRequestRow | null | undefined, now: Date): string | null {
  if (order.status !== 'paid' && order.status !== 'partially_refunded') {
    return order.status === 'refunded' ? 'This order is already fully refunded' : 'Only paid orders can be refunded';
  }
  if (order.refundedCents >= order.amountCents) return 'This order is already fully refunded';
  const endsAt = refundWindowEndsAt(order);
  if (!endsAt || now.getTime() > endsAt.getTime()) return REFUND_WINDOW_MESSAGE;
  if (latestRequest?.status === 'pending') return REQUEST_PENDING_MESSAGE;
  return null;
}

export function toInvoiceDto(
  order: OrderRow,
  related: { request: RefundRequestRow | null | undefined; crypto: CryptoPaymentRow | null | undefined; now: Date },
): Invoice {
  const { request } = related;
  return {
    id: order.id,
    number: formatInvoiceNumber(order.invoiceNumber),
    description: order.description,
    status: order.status,
    amountCents: order.amountCents,
    amount: centsToAmount(order.amountCents),
    currency: order.currency,
    credits: order.credits,
    provider: order.provider,
    paymentMethod: paymentMethodOf(order, related.crypto),
    testMode: order.testMode,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    refundedCents: order.refundedCents,
    refundable: refundRequestBlocker(order, request, related.now) === null,
    refundRequest: request
      ? {
          id: request.id,
          status: request.status,
          reason: request.reason,
          createdAt: request.createdAt.toISOString(),
          decisionNote: request.decisionNote,
        }
      : null,
  };
}
