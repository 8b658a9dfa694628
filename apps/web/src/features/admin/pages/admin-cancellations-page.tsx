import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { formatCents, providerLabels } from '@/features/payments/api/invoice-status.ts';
import { useAdminRefundRequestsQuery, useRefundHistoryQuery } from '../api/admin-payments.ts';
import type { AdminRefundRequestsParams } from '../api/admin-payments.ts';
import { PaymentDetailDialog } from '../components/payment-detail-dialog.tsx';
import { RefundDecisionDialog } from '../components/refund-decision-dialog.tsx';
import type { RefundDecision } from '../components/refund-decision-dialog.tsx';

const requestTones = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

function RequestsQueue({ onOpenPayment }: { onOpenPayment: (id: string) => void }) {
  const [status, setStatus] = useState<AdminRefundRequestsParams['status'] | ''>('pending');
  const [page, setPage] = useState(1);
  const [decision, setDecision] = useState<RefundDecision | null>(null);
  const { data, isPending, isError, isFetching, refetch } = useAdminRefundRequestsQuery({ page, limit: DEFAULT_PAGE_SIZE, ...(status ? { status } : {}) });

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
      {isPending ? (
        <Spinner label="Loading refund requests…" />
      ) : isError ? (
        <ErrorState message="Failed to load refund requests" onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title={status === 'pending' ? 'No pending refund requests' : 'No refund requests'}>Requests users send from their billing page queue here.</EmptyState>
      ) : (
        <>
          <Table caption="Refund requests, pending first">
            <THead>
              <tr>
                <Th>Requested</Th>
                <Th>User</Th>
                <Th>Order</Th>
                <Th className="text-right">Amount</Th>
                <Th>Reason</Th>
                <Th>Status</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </THead>
            <tbody>
              {data.items.map((request) => (
                <Tr key={request.id}>
                  <Td className="whitespace-nowrap">{formatDateTime(request.createdAt)}</Td>
                  <Td className="whitespace-nowrap">{request.user.email}</Td>
                  <Td>
                    <button type="button" className="text-left text-brand-700 hover:underline" onClick={() => onOpenPayment(request.order.id)}>
                      {request.order.number ?? request.order.description}
                    </button>
                    <span className="block text-xs text-slate-500">{providerLabels[request.order.provider]}</span>
                  </Td>
                  <Td className="text-right whitespace-nowrap">
                    {formatCents(request.order.amountCents, request.order.currency)}
                    {request.order.refundedCents > 0 && <span className="block text-xs text-slate-500">-{formatCents(request.order.refundedCents, request.order.currency)} refunded</span>}
                  </Td>
                  <Td className="max-w-xs">{request.reason}</Td>
                  <Td>
                    <Badge tone={requestTones[request.status]}>{request.status}</Badge>
                    {request.decisionNote && <span className="block text-xs text-slate-500">{request.decisionNote}</span>}
                    {request.decidedBy && <span className="block text-xs text-slate-500">by {request.decidedBy.email}</span>}
                  </Td>
                  <Td className="whitespace-nowrap text-right">
                    {request.status === 'pending' && (
                      <span className="flex justify-end gap-2">
                        <Button size="sm" onClick={() => setDecision({ request, action: 'approve' })} aria-label={`Approve the request of ${request.user.email}`}>
                          Approve
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setDecision({ request, action: 'reject' })} aria-label={`Reject the request of ${request.user.email}`}>
                          Reject
                        </Button>
                      </span>
                    )}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
          <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label="Refund request pages" disabled={isFetching} />
        </>
      )}
      <RefundDecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </section>
  );
}

function RefundHistorySection({ onOpenPayment }: { onOpenPayment: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, refetch } = useRefundHistoryQuery({ page, limit: DEFAULT_PAGE_SIZE });
  return (
    <section aria-labelledby="history-heading" className="mt-10">
      <h2 id="history-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Refunds made
      </h2>
      {isPending ? (
        <Spinner label="Loading refunds…" />
      ) : isError ? (
        <ErrorState message="Failed to load refunds" onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title="No refunds yet" />
      ) : (
        <>
          <Table caption="Refunds made, newest first">
            <THead>
              <tr>
                <Th>Date</Th>
                <Th>User</Th>
                <Th>Order</Th>
                <Th className="text-right">Amount</Th>
                <Th className="text-right">Credits</Th>
                <Th>Method</Th>
                <Th>Reason</Th>
                <Th>By</Th>
              </tr>
            </THead>
            <tbody>
              {data.items.map((refund) => (
                <Tr key={refund.id}>
                  <Td className="whitespace-nowrap">{formatDateTime(refund.createdAt)}</Td>
                  <Td className="whitespace-nowrap">{refund.user.email}</Td>
                  <Td>
                    <button type="button" className="text-left text-brand-700 hover:underline" onClick={() => onOpenPayment(refund.order.id)}>
                      {refund.order.number ?? refund.order.description}
                    </button>
                  </Td>
                  <Td className="text-right whitespace-nowrap">{formatCents(refund.amountCents)}</Td>
                  <Td className="text-right">-{refund.creditsReversed}</Td>
                  <Td>
                    {refund.method}
                    {refund.reference && <span className="block max-w-40 truncate text-xs text-slate-500">{refund.reference}</span>}
                  </Td>
                  <Td className="max-w-xs">{refund.reason}</Td>
                  <Td className="whitespace-nowrap">{refund.actor?.email ?? 'Provider'}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
          <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label="Refund history pages" disabled={isFetching} />
        </>
      )}
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
