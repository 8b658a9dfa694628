import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { AdminList } from '@/components/admin/admin-list.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { formatCents, providerLabels } from '../api/invoice-status.ts';
import { useAdminRefundRequestsQuery, useRefundHistoryQuery } from '../api/admin-payments.ts';
import type { AdminRefundRequestsParams } from '@/query-keys/admin-payment-keys.ts';
import { PaymentDetailDialog } from './payment-detail-dialog.tsx';
import { RefundDecisionDialog } from './refund-decision-dialog.tsx';
import type { RefundDecision } from './refund-decision-dialog.tsx';

const requestTones = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

function RequestsQueue({ onOpenPayment }: { onOpenPayment: (id: string) => void }) {
  const [status, setStatus] = useState<AdminRefundRequestsParams['status'] | ''>('pending');
  const [page, setPage] = useState(1);
  const [decision, setDecision] = useState<RefundDecision | null>(null);
  const query = useAdminRefundRequestsQuery({ page, limit: DEFAULT_PAGE_SIZE, ...(status ? { status } : {}) });

  return (
    <section aria-labelledby="requests-heading">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="requests-heading" className="text-lg font-semibold text-slate-900">
          Refund requests
        </h2>
        <div className="w-44">
          <Label htmlFor="request-status">Status</Label>
          <Select
            id="request-status"
            className="mt-1"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as AdminRefundRequestsParams['status'] | '');
              setPage(1);
            }}
          >
            <option value="pending">Pending</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="">All</option>
          </Select>
        </div>
      </div>
      <AdminList
        query={query}
        loadingLabel="Loading refund requests…"
        errorMessage="Failed to load refund requests"
        emptyTitle={status === 'pending' ? 'No pending refund requests' : 'No refund requests'}
        emptyText="Requests users send from their billing page queue here."
        caption="Refund requests, pending first"
        rowKey={(request) => request.id}
        columns={[
          { header: 'Requested', cell: (request) => formatDateTime(request.createdAt), className: 'whitespace-nowrap' },
          { header: 'User', cell: (request) => request.user.email, className: 'whitespace-nowrap' },
          {
            header: 'Order',
            cell: (request) => (
              <>
                <button type="button" className="text-left text-brand-700 hover:underline" onClick={() => onOpenPayment(request.order.id)}>
                  {request.order.number ?? request.order.description}
                </button>
                <span className="block text-xs text-slate-500">{providerLabels[request.order.provider]}</span>
              </>
            ),
          },
          {
            header: 'Amount',
            align: 'right',
            className: 'whitespace-nowrap',
            cell: (request) => (
              <>
                {formatCents(request.order.amountCents, request.order.currency)}
                {request.order.refundedCents > 0 && (
                  <span className="block text-xs text-slate-500">
                    -{formatCents(request.order.refundedCents, request.order.currency)} refunded
                  </span>
                )}
              </>
            ),
          },
          { header: 'Reason', cell: (request) => request.reason, className: 'max-w-xs' },
          {
            header: 'Status',
            cell: (request) => (
              <>
                <Badge tone={requestTones[request.status]}>{request.status}</Badge>
                {request.decisionNote && <span className="block text-xs text-slate-500">{request.decisionNote}</span>}
                {request.decidedBy && <span className="block text-xs text-slate-500">by {request.decidedBy.email}</span>}
              </>
            ),
          },
          {
            header: 'Actions',
            hideHeader: true,
            className: 'whitespace-nowrap text-right',
            cell: (request) =>
              request.status === 'pending' && (
                <span className="flex justify-end gap-2">
                  <Button
                    size="sm"
                    onClick={() => setDecision({ request, action: 'approve' })}
                    aria-label={`Approve the request of ${request.user.email}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setDecision({ request, action: 'reject' })}
                    aria-label={`Reject the request of ${request.user.email}`}
                  >
                    Reject
                  </Button>
                </span>
              ),
          },
        ]}
        pagerLabel="Refund request pages"
        onPageChange={setPage}
      />
      <RefundDecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </section>
  );
}

function RefundHistorySection({ onOpenPayment }: { onOpenPayment: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const query = useRefundHistoryQuery({ page, limit: DEFAULT_PAGE_SIZE });
  return (
    <section aria-labelledby="history-heading" className="mt-10">
      <h2 id="history-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Refunds made
      </h2>
      <AdminList
        query={query}
        loadingLabel="Loading refunds…"
        errorMessage="Failed to load refunds"
        emptyTitle="No refunds yet"
        caption="Refunds made, newest first"
        rowKey={(refund) => refund.id}
        columns={[
          { header: 'Date', cell: (refund) => formatDateTime(refund.createdAt), className: 'whitespace-nowrap' },
          { header: 'User', cell: (refund) => refund.user.email, className: 'whitespace-nowrap' },
          {
            header: 'Order',
            cell: (refund) => (
              <button type="button" className="text-left text-brand-700 hover:underline" onClick={() => onOpenPayment(refund.order.id)}>
                {refund.order.number ?? refund.order.description}
              </button>
            ),
          },
          { header: 'Amount', cell: (refund) => formatCents(refund.amountCents), align: 'right', className: 'whitespace-nowrap' },
          { header: 'Credits', cell: (refund) => `-${refund.creditsReversed}`, align: 'right' },
          {
            header: 'Method',
            cell: (refund) => (
              <>
                {refund.method}
                {refund.reference && <span className="block max-w-40 truncate text-xs text-slate-500">{refund.reference}</span>}
              </>
            ),
          },
          { header: 'Reason', cell: (refund) => refund.reason, className: 'max-w-xs' },
          { header: 'By', cell: (refund) => refund.actor?.email ?? 'Provider', className: 'whitespace-nowrap' },
        ]}
        pagerLabel="Refund history pages"
        onPageChange={setPage}
      />
    </section>
  );
}

/** /admin/cancellations, the refunds page: the queue of users' refund requests, and every refund made. */
export function AdminCancellationsPage() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Refunds"
        description="Approve or reject users' refund requests (30-day window). Approving refunds the money and reverses the credits not yet spent; every decision is audited."
      />
      <RequestsQueue onOpenPayment={setOpenId} />
      <RefundHistorySection onOpenPayment={setOpenId} />
      <PaymentDetailDialog paymentId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
