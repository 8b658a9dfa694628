import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, ChevronRight, OctagonAlert } from 'lucide-react';
import type { AttentionItem } from '@lumen/core/admin/overview';
import { cn } from '@/lib/cn.ts';

/** What needs the operator now, the most pressing first; each item opens the page where it is dealt with. */
export function AttentionList({ items }: { items: AttentionItem[] }) {
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-900">
        <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden="true" /> Nothing needs attention.
      </p>
    );
  }
  return (
    <ul className="space-y-2" aria-label="Needs attention">
      {items.map((item) => {
        const critical = item.severity === 'critical';
        const Icon = critical ? OctagonAlert : AlertTriangle;
        return (
          <li key={`${item.kind}:${item.message}`}>
            <Link
              to={item.href}
              className={cn(
                'flex items-start gap-3 rounded-2xl border p-4 text-sm transition hover:shadow-sm',
                critical ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-950',
              )}
            >
              <Icon className={cn('mt-0.5 h-5 w-5 shrink-0', critical ? 'text-red-600' : 'text-amber-600')} aria-hidden="true" />
              <span className="min-w-0 flex-1 font-medium break-words">
                <span className="sr-only">{critical ? 'Critical: ' : 'Warning: '}</span>
                {item.message}
              </span>
              <ChevronRight className="mt-0.5 h-4 w-4 shrink-0 opacity-60" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
