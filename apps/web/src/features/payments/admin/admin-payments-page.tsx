import { useState } from 'react';
import { Search } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { invoiceStatuses } from '@lumen/core/payments/billing';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Select } from '@/components/ui/select.tsx';
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
  const { filters, page, setQuery, clear, hasFilters, searchText, setSearchText } = useListFilters(paymentFilters);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useAdminPaymentsQuery({ ...filters, page, limit: DEFAULT_PAGE_SIZE });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Payments"
        description="Card and cryptocurrency orders, their status and refunds. Open one to see its provider events or refund it."
      />
      <form
        role="search"
        aria-label="Filter payments"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({});
        }}
      >
        <div className="lg:col-span-2">
          <Label htmlFor="payment-search">User name or e-mail</Label>
          <Input
            id="payment-search"
            className="mt-1"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="ada@example.com"
          />
        </div>
        <div>
          <Label htmlFor="payment-status">Status</Label>
          <Select
            id="payment-status"
            className="mt-1"
            value={filters.status ?? ''}
            onChange={(event) => setQuery({ status: event.target.value })}
          >
            <option value="">All but expired</option>
            {invoiceStatuses.map((status) => (
              <option key={status} value={status}>
                {invoiceStatusLabels[status]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="payment-provider">Provider</Label>
          <Select
            id="payment-provider"
            className="mt-1"
            value={filters.provider ?? ''}
            onChange={(event) => setQuery({ provider: event.target.value })}
          >
            <option value="">All providers</option>
            {providers.map((provider) => (
              <option key={provider} value={provider}>
                {providerLabels[provider]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="payment-from">From</Label>
          <Input
            id="payment-from"
            className="mt-1"
            type="date"
            value={filters.from ?? ''}
            max={filters.to || undefined}
            onChange={(event) => setQuery({ from: event.target.value })}
          />
        </div>
        <div>
          <Label htmlFor="payment-to">To</Label>
          <Input
            id="payment-to"
            className="mt-1"
            type="date"
            value={filters.to ?? ''}
            min={filters.from || undefined}
            onChange={(event) => setQuery({ to: event.target.value })}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-6">
          <Button type="submit">
            <Search className="h-4 w-4" aria-hidden="true" /> Search
          </Button>
          {hasFilters && (
            <Button variant="ghost" onClick={clear}>
              Clear filters
            </Button>
          )}
        </div>
      </form>
      <QueryState query={query} loadingLabel="Loading payments…" errorMessage="Failed to load payments">
        {(data) => (
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
            {data.items.length === 0 ? (
              <EmptyState title="No payments found">
                {hasFilters ? 'Try other filters.' : 'Orders appear here as soon as someone starts a purchase.'}
              </EmptyState>
            ) : (
              <DataTable
                caption="Payments, newest first"
                rows={data.items}
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
                pager={{
                  page: data.page,
                  totalPages: data.totalPages,
                  onPageChange: (next) => setQuery({ page: next }),
                  label: 'Payment pages',
                  disabled: query.isFetching,
                }}
              />
            )}
          </>
        )}
      </QueryState>
      <PaymentDetailDialog paymentId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
