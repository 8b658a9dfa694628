import { useState } from 'react';
import { Download } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { invoiceStatuses } from '@lumen/core/payments/billing';
import type { InvoiceStatus } from '@lumen/core/payments/billing';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Label } from '@/components/ui/label.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Select } from '@/components/ui/select.tsx';
import { formatDate } from '@/lib/format.ts';
import { formatCents, invoiceStatusLabels } from '../api/invoice-status.ts';
import { useInvoicesQuery } from '../api/invoices.ts';
import { hasReceipt, InvoiceDetailDialog } from './invoice-detail-dialog.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { useInvoiceDownload } from './use-invoice-download.ts';

/** The user's purchases: filter by status (All sends none), page through, open one, download its PDF receipt. */
export function InvoicesSection() {
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useInvoicesQuery({ page, limit: DEFAULT_PAGE_SIZE, ...(status ? { status } : {}) });
  const download = useInvoiceDownload();

  return (
    <section aria-labelledby="invoices-heading" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="invoices-heading" className="text-lg font-semibold text-slate-900">
            Invoices
          </h2>
          <p className="text-sm text-slate-600">Your purchases and their receipts. Refunds can be requested within 30 days.</p>
        </div>
        <div className="w-48">
          <Label htmlFor="invoice-status">Status</Label>
          <Select
            id="invoice-status"
            className="mt-1"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as InvoiceStatus | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {invoiceStatuses.map((value) => (
              <option key={value} value={value}>
                {invoiceStatusLabels[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="mt-4">
        <QueryState
          query={query}
          loadingLabel="Loading invoices…"
          errorMessage="Failed to load invoices"
          isEmpty={(data) => data.items.length === 0}
          emptyTitle="No invoices yet"
          emptyText={status ? 'No invoices with this status.' : 'Your purchases will appear here.'}
        >
          {(data) => (
            <DataTable
              caption="Invoices, newest first"
              rows={data.items}
              rowKey={(invoice) => invoice.id}
              columns={[
                {
                  header: 'Invoice',
                  rowHeader: true,
                  className: 'font-medium text-slate-900',
                  cell: (invoice) => (
                    <>
                      {invoice.number ?? '—'}
                      {invoice.testMode && <span className="ml-2 text-xs font-semibold text-amber-700">TEST</span>}
                    </>
                  ),
                },
                { header: 'Date', cell: (invoice) => formatDate(invoice.paidAt ?? invoice.createdAt), className: 'whitespace-nowrap' },
                { header: 'Description', cell: (invoice) => invoice.description },
                {
                  header: 'Amount',
                  cell: (invoice) => formatCents(invoice.amountCents, invoice.currency),
                  align: 'right',
                  className: 'whitespace-nowrap',
                },
                { header: 'Credits', cell: (invoice) => invoice.credits, align: 'right' },
                {
                  header: 'Status',
                  cell: (invoice) => (
                    <>
                      <InvoiceStatusBadge status={invoice.status} />
                      {invoice.refundRequest?.status === 'pending' && <span className="ml-2 text-xs text-slate-500">Refund requested</span>}
                    </>
                  ),
                },
                {
                  header: 'Actions',
                  hideHeader: true,
                  className: 'whitespace-nowrap text-right',
                  cell: (invoice) => (
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setOpenId(invoice.id)}
                        aria-label={`Details of ${invoice.number ?? invoice.description}`}
                      >
                        Details
                      </Button>
                      {hasReceipt(invoice) && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => download.mutate(invoice.id)}
                          disabled={download.isPending}
                          aria-label={`Download PDF of ${invoice.number ?? invoice.description}`}
                        >
                          <Download className="h-4 w-4" aria-hidden="true" /> PDF
                        </Button>
                      )}
                    </>
                  ),
                },
              ]}
              pager={{
                page: data.page,
                totalPages: data.totalPages,
                onPageChange: setPage,
                label: 'Invoice pages',
                disabled: query.isFetching,
              }}
            />
          )}
        </QueryState>
      </div>
      <InvoiceDetailDialog invoiceId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
