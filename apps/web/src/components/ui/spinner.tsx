import { cn } from '@/lib/cn.ts';

export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <span role="status" aria-live="polite" className={cn('inline-flex items-center gap-2 text-slate-500', className)}>
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the available space (route fallbacks, the auth check). */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] w-full items-center justify-center">
      <Spinner label={label} className="[&>span:first-child]:h-8 [&>span:first-child]:w-8" />
    </div>
  );
}
