import type { InvoiceStatus } from '@lumen/core/payments/billing';
import { Badge } from '@/components/ui/badge.tsx';
import { invoiceStatusLabels, invoiceStatusTones } from '../api/invoice-status.ts';

export function PaymentStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={invoiceStatusTones[status]}>{invoiceStatusLabels[status]}</Badge>;
}
