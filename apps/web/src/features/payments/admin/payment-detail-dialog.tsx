import { Link } from 'react-router';
import type { AdminPaymentDetail } from '@lumen/core/payments/billing';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { formatCents, providerLabels } from '../api/invoice-status.ts';
import { useAdminPaymentQuery } from '../api/admin-payments.ts';
import { PaymentRefundForm } from './payment-refund-form.tsx';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right break-all text-slate-900">{children}</dd>
    </>
  );
}

function Details({ payment }: { payment: AdminPaymentDetail }) {
  const money = (cents: number) => formatCents(cents, payment.currency);
  return (
    <div className="space-y-5 text-sm">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4">
        <Row label="Status">
          <PaymentStatusBadge status={payment.status} />
          {payment.testMode && <span className="ml-2 text-xs font-semibold text-amber-700">TEST MODE</span>}
        </Row>
        <Row label="User">
          <Link to={`/admin/users/${payment.user.id}`} className="text-brand-700 hover:underline">
            {payment.user.email}
          </Link>
        </Row>
        <Row label="Description">{payment.description}</Row>
        <Row label="Amount">{money(payment.amountCents)}</Row>
        <Row label="Credits">{payment.credits}</Row>
        <Row label="Refunded">
          {money(payment.refundedCents)} ({payment.creditsReversed} credits reversed)
        </Row>
        <Row label="Provider">{providerLabels[payment.provider]}</Row>
        <Row label="Provider payment">{payment.providerPaymentId ?? '—'}</Row>
        <Row label="Paid with">{payment.paymentMethod ?? '—'}</Row>
        <Row label="Created">{formatDateTime(payment.createdAt)}</Row>
        <Row label="Paid">{payment.paidAt ? formatDateTime(payment.paidAt) : '—'}</Row>
        {payment.failureReason && <Row label="Failure">{payment.failureReason}</Row>}
      </dl>

      {payment.crypto && (
        <section aria-label="Crypto payment">
          <h3 className="mb-2 font-semibold text-slate-900">Crypto payment</h3>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl border border-slate-200 p-4">
            <Row label="Payment id">{payment.crypto.paymentId}</Row>
            <Row label="Status">{payment.crypto.status}</Row>
            <Row label="Asked">
              {payment.crypto.payAmount} {payment.crypto.payCurrency.toUpperCase()}
            </Row>
            <Row label="Received">
              {payment.crypto.actuallyPaid} {payment.crypto.payCurrency.toUpperCase()}
            </Row>
            <Row label="Address">{payment.crypto.payAddress}</Row>
            <Row label="Transaction">{payment.crypto.txHash ?? '—'}</Row>
            <Row label="Expires">{formatDateTime(payment.crypto.expiresAt)}</Row>
            {payment.crypto.lateDepositAt && <Row label="Late deposit">{formatDateTime(payment.crypto.lateDepositAt)} (not credited)</Row>}
          </dl>
        </section>
      )}

      {payment.accountFlags.length > 0 && (
        <section aria-label="Account flags" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
          {payment.accountFlags.map((flag) => (
            <p key={flag.id}>
              Flagged {formatDateTime(flag.createdAt)}: {flag.reason}
              {flag.resolvedAt ? ' (resolved)' : ''}
            </p>
          ))}
        </section>
      )}

      <section aria-label="Refunds">
        <h3 className="mb-2 font-semibold text-slate-900">Refunds</h3>
        <DataTable
          caption="Refunds of this order"
          rows={payment.refunds}
          rowKey={(refund) => refund.id}
          emptyText="No refunds."
          columns={[
            { header: 'Date', cell: (refund) => formatDateTime(refund.createdAt), className: 'whitespace-nowrap' },
            { header: 'Amount', cell: (refund) => money(refund.amountCents), align: 'right' },
            { header: 'Credits', cell: (refund) => `-${refund.creditsReversed}`, align: 'right' },
            {
              header: 'Method',
              cell: (refund) => (
                <>
                  {refund.method}
                  {refund.reference && <span className="block text-xs break-all text-slate-500">{refund.reference}</span>}
                </>
              ),
            },
            { header: 'Reason', cell: (refund) => refund.reason },
            { header: 'By', cell: (refund) => refund.actor?.email ?? 'Provider' },
          ]}
        />
      </section>

      {payment.refundRequests.length > 0 && (
        <section aria-label="Refund requests">
          <h3 className="mb-2 font-semibold text-slate-900">Refund requests</h3>
          <ul className="space-y-1">
            {payment.refundRequests.map((request) => (
              <li key={request.id}>
                {formatDateTime(request.createdAt)} — <strong>{request.status}</strong>: “{request.reason}”
                {request.decisionNote ? ` — ${request.decisionNote}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label="Provider events">
        <h3 className="mb-2 font-semibold text-slate-900">Provider events</h3>
        <DataTable
          caption="Provider events of this order"
          rows={payment.events}
          rowKey={(event) => event.id}
          emptyText="No events received."
          columns={[
            { header: 'Received', cell: (event) => formatDateTime(event.receivedAt), className: 'whitespace-nowrap' },
            { header: 'Type', cell: (event) => event.type },
            { header: 'Event id', cell: (event) => event.eventId, className: 'text-xs break-all' },
            { header: 'Outcome', cell: (event) => event.outcome ?? '—' },
          ]}
        />
      </section>

      {payment.refundableCents > 0 && <PaymentRefundForm payment={payment} />}
    </div>
  );
}

/** The admin's view of one order: everything known about it, and the refund action. */
export function PaymentDetailDialog({ paymentId, onClose }: { paymentId: string | null; onClose: () => void }) {
  const query = useAdminPaymentQuery(paymentId);
  return (
    <Dialog
      open={paymentId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={query.data ? `Payment ${query.data.number ?? query.data.id.slice(0, 8)}` : 'Payment'}
      size="xl"
    >
      {query.isPending ? (
        <Spinner label="Loading the payment…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load the payment" onRetry={() => void query.refetch()} />
      ) : (
        <Details payment={query.data} />
      )}
    </Dialog>
  );
}
