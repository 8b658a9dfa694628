import type {
  AdminPaymentDetail,
  AdminPaymentList,
  AdminPaymentsQuery,
  AdminRefundRequest,
  AdminRefundRequestList,
  ApproveRefundRequestBody,
  RefundHistory,
  RefundRequestDecision,
  RefundResult,
} from '@lumen/core/payments/billing';
import { formatInvoiceNumber } from '@lumen/core/payments/billing';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../plugins/app-error.ts';
import { insertAuditEntry } from '../../audit/index.ts';
import type { AuditActor } from '../../audit/index.ts';
import {
  decideRefundRequest,
  findAdminPaymentsPage,
  findOrderWithUser,
  findRefundHistoryPage,
  findRefundRequestWithOrder,
  findRefundRequestsPage,
  listAccountFlags,
  listEventsOfOrder,
  listRefundRequestsOfOrder,
} from './admin-payments.repository.ts';
import { ownerDto, toAdminPaymentDto, toRefundDto, toRequestSummaryDto } from './admin-payments.dto.ts';
import type { OwnerRow } from './admin-payments.dto.ts';
import { findRefund, latestCryptoPayments, listRefundsOfOrder } from './invoices.repository.ts';
import type { RefundRequestRow } from './invoices.repository.ts';
import { PAYMENT_NOT_FOUND_MESSAGE, remainingCents } from './refunds.service.ts';
import type { RefundInput, RefundService } from './refunds.service.ts';
import type { OrderRow } from './tables.ts';

export const REFUND_REQUEST_NOT_FOUND_MESSAGE = 'Refund request not found';
const ALREADY_DECIDED_MESSAGE = 'This refund request was already decided';

type RequestRow = {
  request: RefundRequestRow;
  order: OrderRow;
  user: OwnerRow;
  decidedBy: { id: string | null; email: string | null } | null;
};

export function createAdminPaymentsService({ db, refunds }: { db: Db; refunds: RefundService }) {
  async function presentRequests(rows: RequestRow[]): Promise<AdminRefundRequest[]> {
    const crypto = await latestCryptoPayments(
      db,
      rows.map((row) => row.order.id),
    );
    return rows.map((row) => ({
      ...toRequestSummaryDto(row.request),
      decidedBy: row.decidedBy?.id && row.decidedBy.email ? { id: row.decidedBy.id, email: row.decidedBy.email } : null,
      order: toAdminPaymentDto(row.order, row.user, crypto.get(row.order.id)),
      user: ownerDto(row.user),
    }));
  }

  async function requestById(requestId: string): Promise<RequestRow> {
    const row = await findRefundRequestWithOrder(db, requestId);
    if (!row) throw new AppError('NOT_FOUND', 404, REFUND_REQUEST_NOT_FOUND_MESSAGE);
    return row;
  }

  async function presentedRequest(requestId: string): Promise<AdminRefundRequest> {
    const [request] = await presentRequests([await requestById(requestId)]);
    if (!request) throw new AppError('NOT_FOUND', 404, REFUND_REQUEST_NOT_FOUND_MESSAGE);
    return request;
  }

  async function refundResult(refundId: string, orderId: string): Promise<RefundResult> {
    const [refund, order] = await Promise.all([findRefund(db, refundId), findOrderWithUser(db, orderId)]);
    if (!refund || !order) throw new AppError('NOT_FOUND', 404, PAYMENT_NOT_FOUND_MESSAGE);
    const crypto = await latestCryptoPayments(db, [orderId]);
    return {
      refund: toRefundDto(refund.refund, refund.actorEmail),
      order: toAdminPaymentDto(order.order, order.user, crypto.get(orderId)),
    };
  }

  return {
    async list(query: AdminPaymentsQuery): Promise<AdminPaymentList> {
      const { rows, total, totals } = await findAdminPaymentsPage(db, query);
      const crypto = await latestCryptoPayments(
        db,
        rows.map((row) => row.order.id),
      );
      return {
        items: rows.map((row) => toAdminPaymentDto(row.order, row.user, crypto.get(row.order.id))),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
        totals,
      };
    },

    async get(orderId: string): Promise<AdminPaymentDetail> {
      const row = await findOrderWithUser(db, orderId);
      if (!row) throw new AppError('NOT_FOUND', 404, PAYMENT_NOT_FOUND_MESSAGE);
      const [crypto, events, refundRows, requests, flags] = await Promise.all([
        latestCryptoPayments(db, [orderId]),
        listEventsOfOrder(db, orderId),
        listRefundsOfOrder(db, orderId),
        listRefundRequestsOfOrder(db, orderId),
        listAccountFlags(db, row.order.userId),
      ]);
      const refundable = row.order.status === 'paid' || row.order.status === 'partially_refunded';
      return {
        ...toAdminPaymentDto(row.order, row.user, crypto.get(orderId)),
        events: events.map((event) => ({
          id: event.id,
          provider: event.provider,
          eventId: event.eventId,
          type: event.type,
          outcome: event.outcome,
          receivedAt: event.receivedAt.toISOString(),
          processedAt: event.processedAt?.toISOString() ?? null,
        })),
        refunds: refundRows.map((refund) => toRefundDto(refund.refund, refund.actorEmail)),
        refundRequests: requests.map(toRequestSummaryDto),
        accountFlags: flags.map((flag) => ({
          id: flag.id,
          reason: flag.reason,
          orderId: flag.orderId,
          createdAt: flag.createdAt.toISOString(),
          resolvedAt: flag.resolvedAt?.toISOString() ?? null,
        })),
        refundableCents: refundable ? remainingCents(row.order) : 0,
      };
    },

    async refund(actor: AuditActor, orderId: string, input: RefundInput): Promise<RefundResult> {
      const outcome = await refunds.refundOrder(actor, orderId, input);
      return refundResult(outcome.refundId, orderId);
    },

    async listRequests(query: {
      status?: 'pending' | 'approved' | 'rejected';
      limit: number;
      page: number;
    }): Promise<AdminRefundRequestList> {
      const { rows, total } = await findRefundRequestsPage(db, query);
      return {
        items: await presentRequests(rows),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },

    async history(query: { limit: number; page: number }): Promise<RefundHistory> {
      const { rows, total } = await findRefundHistoryPage(db, query);
      return {
        items: rows.map((row) => ({
          ...toRefundDto(row.refund, row.actorEmail),
          order: {
            id: row.order.id,
            number: formatInvoiceNumber(row.order.invoiceNumber),
            description: row.order.description,
            provider: row.order.provider,
          },
          user: ownerDto(row.user),
        })),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },

    /** Refunds what the admin chose (default: everything that remains) and links it to the request. */
    async approve(actor: AuditActor, requestId: string, input: ApproveRefundRequestBody): Promise<RefundRequestDecision> {
      const row = await requestById(requestId);
      if (row.request.status !== 'pending') throw new AppError('CONFLICT', 409, ALREADY_DECIDED_MESSAGE);
      const amountCents = input.amountCents ?? remainingCents(row.order);
      const note = input.note ?? null;
      const outcome = await refunds.refundOrder(
        actor,
        row.order.id,
        { amountCents, reason: `Refund request: ${row.request.reason}`.slice(0, 1000), payoutReference: input.payoutReference },
        { requestId, note },
      );
      const result = await refundResult(outcome.refundId, row.order.id);
      return { request: await presentedRequest(requestId), refund: result.refund };
    },

    async reject(actor: AuditActor, requestId: string, note: string, now: Date): Promise<RefundRequestDecision> {
      const row = await requestById(requestId);
      if (row.request.status !== 'pending') throw new AppError('CONFLICT', 409, ALREADY_DECIDED_MESSAGE);
      await db.transaction(async (tx) => {
        const decided = await decideRefundRequest(tx, requestId, {
          status: 'rejected',
          decidedByUserId: actor.userId,
          decisionNote: note,
          refundId: null,
          decidedAt: now,
        });
        if (!decided) throw new AppError('CONFLICT', 409, ALREADY_DECIDED_MESSAGE);
        await insertAuditEntry(tx, actor, {
          action: 'refund_request.reject',
          targetType: 'refund_request',
          targetId: requestId,
          before: { status: 'pending' },
          after: { status: 'rejected', note },
        });
      });
      await refunds.notifyRejected(row.order, note);
      return { request: await presentedRequest(requestId), refund: null };
    },
  };
}

export type AdminPaymentsService = ReturnType<typeof createAdminPaymentsService>;
