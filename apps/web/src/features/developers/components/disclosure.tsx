import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn.ts';

type DisclosureProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: ReactNode;
  children: ReactNode;
  className?: string;
  summaryClassName?: string;
  'data-testid'?: string;
};

/**
 * A native <details>: the browser opens and closes it (mouse, keyboard, find-in-page) and the toggle event reports it
 * back. Its content is rendered only while it is open, so the ~200 collapsed operations of the reference cost no markup.
 */
export function Disclosure({ open, onOpenChange, summary, children, className, summaryClassName, ...rest }: DisclosureProps) {
  return (
    <details
      open={open}
      // React setting `open` fires toggle too: only a change the browser made is reported.
      onToggle={(event) => {
        if (event.currentTarget.open !== open) onOpenChange(event.currentTarget.open);
      }}
      className={className}
      data-testid={rest['data-testid']}
    >
      <summary
        className={cn(
          'flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl [&::-webkit-details-marker]:hidden',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          summaryClassName,
        )}
      >
        <ChevronRight className={cn('h-4 w-4 shrink-0 text-slate-500 transition-transform', open && 'rotate-90')} aria-hidden="true" />
        {summary}
      </summary>
      {open && children}
    </details>
  );
}
