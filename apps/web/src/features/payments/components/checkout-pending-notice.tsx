import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';

/** Until the payments release: says plainly that checkout is not open yet and nothing happened. */
export function CheckoutPendingNotice({ children }: { children: ReactNode }) {
  return (
    <div role="note" className="mt-4 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Checkout opens in the next release</p>
        <p className="mt-1">{children} You have not been charged and no credits were added.</p>
      </div>
    </div>
  );
}
