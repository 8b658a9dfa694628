import { useState } from 'react';
import { Download } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { invoiceStatuses } from '@lumen/core/payments/billing';
import type { InvoiceStatus } from '@lumen/core/payments/billing';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
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
  const { data, isPending, isError, isFetching, refetch } = useInvoicesQuery({ page, limit: DEFAULT_PAGE_SIZE, ...(status ? { status } : {}) });
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
        {isPending ? (
          <Spinner label="Loading invoices…" />
        ) : isError ? (
          <ErrorState message="Failed to load invoices" onRetry={() => void refetch()} />
        ) : data.items.length === 0 ? (
          <EmptyState title="No invoices yet">{status ? 'No invoices with this status.' : 'Your purchases will appear here.'}</EmptyState>
        ) : (
          <>
            <Table caption="Invoices, newest first">
              <THead>
                <tr>
                  <Th>Invoice</Th>
                  <Th>Date</Th>
                  <Th>Description</Th>
                  <Th className="text-right">Amount</Th>
                  <Th className="text-right">Credits</Th>
                  <Th>Status</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </THead>
              <tbody>
                {data.items.map((invoice) => (
                  <Tr key={invoice.id}>
                    <Th scope="row" className="font-medium text-slate-900">
                      {invoice.number ?? '—'}
                      {invoice.testMode && <span className="ml-2 text-xs font-semibold text-amber-700">TEST</span>}
                    </Th>
                    <Td className="whitespace-nowrap">{formatDate(invoice.paidAt ?? invoice.createdAt)}</Td>
                    <Td>{invoice.description}</Td>
                    <Td className="text-right whitespace-nowrap">{formatCents(invoice.amountCents, invoice.currency)}</Td>
                    <Td className="text-right">{invoice.credits}</Td>
                    <Td>
                      <InvoiceStatusBadge status={invoice.status} />
                      {invoice.refundRequest?.status === 'pending' && <span className="ml-2 text-xs text-slate-500">Refund requested</span>}
                    </Td>
                    <Td className="whitespace-nowrap text-right">
                      <Button size="sm" variant="ghost" onClick={() => setOpenId(invoice.id)} aria-label={`Details of ${invoice.number ?? invoice.description}`}>
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
                    </Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
            <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label="Invoice pages" disabled={isFetching} />
          </>
        )}
      </div>
      <InvoiceDetailDialog invoiceId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
