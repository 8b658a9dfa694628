import { ArrowLeft } from 'lucide-react';

/** A quiet link-styled button that goes one step back. */
export function BackLink({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button type="button" onClick={onClick} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {children}
    </button>
  );
}
