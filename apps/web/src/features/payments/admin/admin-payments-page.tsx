import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { invoiceStatuses } from '@lumen/core/payments/billing';
import { AdminFilters, filterOptions } from '@/components/admin/admin-filters.tsx';
import { AdminList } from '@/components/admin/admin-list.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { isoDate, oneOf, someText, useListFilters } from '@/lib/use-list-filters.ts';
import { formatCents, invoiceStatusLabels, providerLabels } from '../api/invoice-status.ts';
import { useAdminPaymentsQuery } from '../api/admin-payments.ts';
import { PaymentDetailDialog } from './payment-detail-dialog.tsx';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

const providers = ['stripe', 'nowpayments'] as const;
const paymentFilters = { status: oneOf(invoiceStatuses), provider: oneOf(providers), search: someText, from: isoDate, to: isoDate };

/** /admin/payments: every order (card and crypto), filtered by status, provider, dates and user, with totals. */
export function AdminPaymentsPage() {
  const list = useListFilters(paymentFilters);
  const { filters, page, setQuery } = list;
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useAdminPaymentsQuery({ ...filters, page, limit: DEFAULT_PAGE_SIZE });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Payments"
        description="Card and cryptocurrency orders, their status and refunds. Open one to see its provider events or refund it."
      />
      <AdminFilters
        label="Filter payments"
        list={list}
        fields={[
          { kind: 'search', id: 'payment-search', label: 'User name or e-mail', placeholder: 'ada@example.com' },
          {
            kind: 'select',
            id: 'payment-status',
            name: 'status',
            label: 'Status',
            options: filterOptions('All but expired', invoiceStatuses, (status) => invoiceStatusLabels[status]),
          },
          {
            kind: 'select',
            id: 'payment-provider',
            name: 'provider',
            label: 'Provider',
            options: filterOptions('All providers', providers, (provider) => providerLabels[provider]),
          },
          { kind: 'dates', id: 'payment' },
        ]}
      />
      <AdminList
        query={query}
        loadingLabel="Loading payments…"
        errorMessage="Failed to load payments"
        emptyTitle="No payments found"
        emptyText={list.hasFilters ? 'Try other filters.' : 'Orders appear here as soon as someone starts a purchase.'}
        above={(data) => (
          <>
            <dl aria-label="Totals" className="mb-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[
                ['Orders paid', String(data.totals.live.count)],
                ['Paid', formatCents(data.totals.live.paidCents)],
                ['Refunded', formatCents(data.totals.live.refundedCents)],
                ['Net', formatCents(data.totals.live.netCents)],
              ].map(([label, value]) => (
                <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="text-xl font-bold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mb-4 text-sm text-slate-600">
              Live money only.{' '}
              {data.totals.test.count > 0
                ? `Test mode, no money moved: ${data.totals.test.count} paid ${data.totals.test.count === 1 ? 'order' : 'orders'}, ${formatCents(data.totals.test.paidCents)} paid, ${formatCents(data.totals.test.netCents)} net.`
                : 'No test-mode payments in this list.'}{' '}
              {filters.status === 'expired' ? '' : 'Abandoned checkouts (expired) are listed under the Expired status.'}
            </p>
          </>
        )}
        caption="Payments, newest first"
        rowKey={(payment) => payment.id}
        columns={[
          {
            header: 'Created',
            rowHeader: true,
            className: 'font-medium',
            cell: (payment) => (
              <button type="button" className="text-brand-700 hover:underline" onClick={() => setOpenId(payment.id)}>
                {formatDateTime(payment.createdAt)}
                <span className="sr-only"> — open payment of {payment.user.email}</span>
              </button>
            ),
          },
          { header: 'Invoice', priority: 5, cell: (payment) => payment.number ?? '—', className: 'whitespace-nowrap' },
          {
            header: 'User',
            priority: 1,
            className: 'whitespace-nowrap',
            cell: (payment) => (
              <>
                {payment.user.email}
                {payment.user.name && <span className="block text-xs text-slate-500">{payment.user.name}</span>}
              </>
            ),
          },
          {
            header: 'Description',
            priority: 4,
            cell: (payment) => (
              <>
                {payment.description}
                {payment.testMode && <span className="ml-2 text-xs font-semibold text-amber-700">TEST</span>}
              </>
            ),
          },
          {
            header: 'Amount',
            align: 'right',
            priority: 2,
            className: 'whitespace-nowrap',
            cell: (payment) => (
              <>
                {formatCents(payment.amountCents, payment.currency)}
                {payment.refundedCents > 0 && (
                  <span className="block text-xs text-slate-500">-{formatCents(payment.refundedCents, payment.currency)}</span>
                )}
              </>
            ),
          },
          {
            header: 'Provider',
            priority: 3,
            className: 'whitespace-nowrap',
            cell: (payment) => (
              <>
                {providerLabels[payment.provider]}
                {payment.crypto && (
                  <span className="block text-xs text-slate-500">
                    {payment.crypto.payCurrency.toUpperCase()} · {payment.crypto.status}
                  </span>
                )}
              </>
            ),
          },
          { header: 'Status', cell: (payment) => <PaymentStatusBadge status={payment.status} /> },
        ]}
        pagerLabel="Payment pages"
        onPageChange={(next) => setQuery({ page: next })}
      />
      <PaymentDetailDialog paymentId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
