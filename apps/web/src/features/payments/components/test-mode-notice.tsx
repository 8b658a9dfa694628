import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

/** Says plainly that the built-in test provider handles this payment: no real money moves. */
export function TestModeNotice({ children }: { children: ReactNode }) {
  return (
    <div
      role="note"
      aria-label="Test mode"
      className="mt-4 flex gap-3 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-bold tracking-wide">TEST MODE</p>
        <div className="mt-0.5">{children}</div>
      </div>
    </div>
  );
}
