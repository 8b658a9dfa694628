import { formatInvoiceNumber } from '@lumen/core/payments/billing';
import type { Invoice, InvoiceList, InvoiceListQuery, InvoiceRefundRequest } from '@lumen/core/payments/billing';
import type { DownloadLink } from '@lumen/core/jobs/schemas';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { SellerConfig } from '../../../config/index.ts';
import type { Db } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/pg-errors.ts';
import { AppError } from '../../../plugins/app-error.ts';
import type { FileLinks } from '../../files/index.ts';
import type { Storage } from '../../files/index.ts';
import {
  findBuyer,
  findInvoicePage,
  findOrderOfUser,
  insertRefundRequest,
  latestCryptoPayments,
  latestRefundRequests,
  listRefundsOfOrder,
  productNameOf,
} from '../orders/index.ts';
import { sellerDetails } from '../orders/index.ts';
import { REQUEST_PENDING_MESSAGE, hasReceipt, paymentMethodOf, refundRequestBlocker, toInvoiceDto } from '../orders/index.ts';
import { renderReceiptPdf } from '../orders/index.ts';
import type { OrderRow } from '../orders/tables.ts';

export const INVOICE_NOT_FOUND_MESSAGE = 'Invoice not found';
export const NO_RECEIPT_MESSAGE = 'A receipt is available once the payment has been received';
/** Receipt links are for an immediate download, like job downloads. */
export const RECEIPT_LINK_TTL_SECONDS = 300;

const providerNames = { stripe: 'Card (Stripe)', nowpayments: 'Crypto (NOWPayments)' } as const;

type Deps = { db: Db; storage: Storage; links: FileLinks; seller: SellerConfig; clock: () => Date };

export function createBillingService({ db, storage, links, seller, clock }: Deps) {
  async function ownOrder(userId: string, orderId: string): Promise<OrderRow> {
    const order = await findOrderOfUser(db, userId, orderId);
    if (!order) throw new AppError('NOT_FOUND', 404, INVOICE_NOT_FOUND_MESSAGE);
    return order;
  }

  async function present(rows: OrderRow[]): Promise<Invoice[]> {
    const ids = rows.map((row) => row.id);
    const [requests, crypto] = await Promise.all([latestRefundRequests(db, ids), latestCryptoPayments(db, ids)]);
    const now = clock();
    return rows.map((row) => toInvoiceDto(row, { request: requests.get(row.id), crypto: crypto.get(row.id), now }));
  }

  return {
    async list(userId: string, query: InvoiceListQuery): Promise<InvoiceList> {
      const { rows, total } = await findInvoicePage(db, userId, query);
      return { items: await present(rows), page: query.page, limit: query.limit, total, totalPages: totalPagesFor(total, query.limit) };
    },

    async get(userId: string, orderId: string): Promise<Invoice> {
      const [invoice] = await present([await ownOrder(userId, orderId)]);
      if (!invoice) throw new AppError('NOT_FOUND', 404, INVOICE_NOT_FOUND_MESSAGE);
      return invoice;
    },

    /**
     * Renders the receipt as it stands now (refunds included), stores it and returns a short-lived
     * signed link to it. Only orders that took money have one.
     */
    async downloadLink(userId: string, orderId: string): Promise<DownloadLink> {
      const order = await ownOrder(userId, orderId);
      const number = formatInvoiceNumber(order.invoiceNumber);
      if (!hasReceipt(order) || !number) throw new AppError('CONFLICT', 409, NO_RECEIPT_MESSAGE);
      const [buyer, productName, refunds, crypto, sellerNow] = await Promise.all([
        findBuyer(db, order.userId),
        productNameOf(db, order),
        listRefundsOfOrder(db, order.id),
        latestCryptoPayments(db, [order.id]),
        sellerDetails(db, seller),
      ]);
      if (!buyer) throw new AppError('NOT_FOUND', 404, INVOICE_NOT_FOUND_MESSAGE);
      const pdf = await renderReceiptPdf({
        number,
        orderId: order.id,
        status: order.status,
        createdAt: order.createdAt,
        paidAt: order.paidAt,
        seller: sellerNow,
        buyer: { name: `${buyer.firstName} ${buyer.lastName}`.trim(), email: buyer.email },
        description: order.description,
        productName,
        credits: order.credits,
        quantity: order.quantity,
        amountCents: order.amountCents,
        currency: order.currency,
        paymentMethod: paymentMethodOf(order, crypto.get(order.id)),
        providerName: providerNames[order.provider],
        testMode: order.testMode,
        refunds: refunds.map(({ refund }) => ({
          createdAt: refund.createdAt,
          amountCents: refund.amountCents,
          creditsReversed: refund.creditsReversed,
          method: refund.method,
          reference: refund.reference,
        })),
        refundedCents: order.refundedCents,
      });
      const key = `receipts/${order.userId}/${order.id}.pdf`;
      await storage.put(key, Buffer.from(pdf));
      const link = links.sign(
        { key, contentType: 'application/pdf', disposition: 'attachment', fileName: `receipt-${number}.pdf` },
        RECEIPT_LINK_TTL_SECONDS,
      );
      return { url: link.url, expiresAt: link.expiresAt.toISOString() };
    },

    /** A refund request within 30 days of payment; one pending request per order. */
    async requestRefund(userId: string, orderId: string, reason: string): Promise<InvoiceRefundRequest> {
      const order = await ownOrder(userId, orderId);
      const requests = await latestRefundRequests(db, [order.id]);
      const blocker = refundRequestBlocker(order, requests.get(order.id), clock());
      if (blocker) throw new AppError('CONFLICT', 409, blocker);
      try {
        const row = await insertRefundRequest(db, { orderId: order.id, userId, reason });
        return {
          id: row.id,
          status: row.status,
          reason: row.reason,
          createdAt: row.createdAt.toISOString(),
          decisionNote: row.decisionNote,
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, REQUEST_PENDING_MESSAGE);
        throw error;
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
