import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** A payment that did not go through, and why. */
export function PaymentAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="mt-4 flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="space-y-1">{children}</div>
    </div>
  );
}
