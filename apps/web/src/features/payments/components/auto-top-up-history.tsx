import type { AutoTopUpAttempt } from '@lumen/core/payments/auto-top-up';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { formatCents } from '../api/invoice-status.ts';

const statusBadge: Record<AutoTopUpAttempt['status'], { label: string; tone: 'success' | 'danger' | 'neutral' }> = {
  succeeded: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  pending: { label: 'In progress', tone: 'neutral' },
};

/** The latest automatic top-ups: when, what was bought, and why one failed. */
export function AutoTopUpHistory({ items }: { items: AutoTopUpAttempt[] }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">No automatic top-ups yet.</p>;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Latest automatic top-ups</h3>
      <ul className="mt-2 divide-y divide-slate-100" aria-label="Latest automatic top-ups">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium text-slate-900">
                {item.credits} credits, {formatCents(item.amountCents, item.currency)}
              </span>
              <span className="block text-xs text-slate-500">
                {formatDateTime(item.createdAt)}: the balance fell to {item.balanceAtTrigger}
                {item.failureMessage ? `. ${item.failureMessage}` : ''}
              </span>
            </span>
            <Badge tone={statusBadge[item.status].tone}>{statusBadge[item.status].label}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
