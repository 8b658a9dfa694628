import { useState } from 'react';
import { Download } from 'lucide-react';
import type { Invoice } from '@lumen/core/payments/billing';
import { REFUND_WINDOW_MESSAGE, receiptStatuses } from '@lumen/core/payments/billing';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDate, formatDateTime } from '@/lib/format.ts';
import { formatCents, providerLabels } from '../api/invoice-status.ts';
import { useInvoiceQuery } from '../api/invoices.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { RefundRequestForm } from './refund-request-form.tsx';
import { useInvoiceDownload } from './use-invoice-download.ts';

const requestTones = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

export function hasReceipt(invoice: Pick<Invoice, 'status'>): boolean {
  return (receiptStatuses as readonly string[]).includes(invoice.status);
}

function RefundState({ invoice }: { invoice: Invoice }) {
  const [asking, setAsking] = useState(false);
  const request = invoice.refundRequest;
  if (request) {
    return (
      <div className="rounded-xl border border-slate-200 p-3 text-sm" aria-label="Refund request">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          Refund request <Badge tone={requestTones[request.status]}>{request.status[0]!.toUpperCase() + request.status.slice(1)}</Badge>
        </p>
        <p className="mt-1 text-slate-600">
          Sent {formatDate(request.createdAt)}: “{request.reason}”
        </p>
        {request.decisionNote && <p className="mt-1 text-slate-700">Reply: {request.decisionNote}</p>}
        {request.status !== 'pending' && invoice.refundable && !asking && (
          <Button size="sm" variant="outline" className="mt-2" onClick={() => setAsking(true)}>
            Request another refund
          </Button>
        )}
        {asking && <RefundRequestForm invoiceId={invoice.id} onDone={() => setAsking(false)} />}
      </div>
    );
  }
  if (!invoice.refundable) {
    return invoice.status === 'paid' ? (
      <p className="text-xs text-slate-500">{REFUND_WINDOW_MESSAGE}; this purchase is outside that window.</p>
    ) : null;
  }
  return asking ? (
    <RefundRequestForm invoiceId={invoice.id} onDone={() => setAsking(false)} />
  ) : (
    <div className="flex items-center justify-between gap-3 text-sm">
      <p className="text-slate-600">{REFUND_WINDOW_MESSAGE}.</p>
      <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
        Request a refund
      </Button>
    </div>
  );
}

/** One invoice: what was bought, how and when, its receipt, and its refund request. */
export function InvoiceDetailDialog({ invoiceId, onClose }: { invoiceId: string | null; onClose: () => void }) {
  const query = useInvoiceQuery(invoiceId);
  const download = useInvoiceDownload();
  const invoice = query.data;
  return (
    <Dialog
      open={invoiceId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={invoice?.number ? `Invoice ${invoice.number}` : 'Invoice'}
      size="lg"
    >
      {query.isPending ? (
        <Spinner label="Loading the invoice…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load the invoice" onRetry={() => void query.refetch()} />
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm">
            <dt className="text-slate-600">Description</dt>
            <dd className="text-right font-semibold text-slate-900">{invoice!.description}</dd>
            <dt className="text-slate-600">Status</dt>
            <dd className="text-right">
              <InvoiceStatusBadge status={invoice!.status} />
            </dd>
            <dt className="text-slate-600">Amount</dt>
            <dd className="text-right text-slate-900">{formatCents(invoice!.amountCents, invoice!.currency)}</dd>
            {invoice!.refundedCents > 0 && (
              <>
                <dt className="text-slate-600">Refunded</dt>
                <dd className="text-right text-slate-900">{formatCents(invoice!.refundedCents, invoice!.currency)}</dd>
              </>
            )}
            <dt className="text-slate-600">Credits</dt>
            <dd className="text-right text-slate-900">{invoice!.credits}</dd>
            <dt className="text-slate-600">Paid with</dt>
            <dd className="text-right text-slate-900">{invoice!.paymentMethod ?? providerLabels[invoice!.provider]}</dd>
            <dt className="text-slate-600">Created</dt>
            <dd className="text-right text-slate-900">{formatDateTime(invoice!.createdAt)}</dd>
            {invoice!.paidAt && (
              <>
                <dt className="text-slate-600">Paid</dt>
                <dd className="text-right text-slate-900">{formatDateTime(invoice!.paidAt)}</dd>
              </>
            )}
          </dl>
          {invoice!.testMode && <p className="text-xs font-semibold text-amber-800">TEST MODE purchase: no real money moved.</p>}
          <RefundState invoice={invoice!} />
          {hasReceipt(invoice!) && (
            <Button variant="outline" onClick={() => download.mutate(invoice!.id)} disabled={download.isPending}>
              <Download className="h-4 w-4" aria-hidden="true" /> Download PDF
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
