import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn.ts';

/**
 * A bordered, horizontally scrollable table (usable at 360 px wide). The scroll area takes the keyboard
 * focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable), and is named by the caption.
 */
export function Table({ className, caption, children, ...props }: HTMLAttributes<HTMLTableElement> & { caption?: string }) {
  return (
    <div
      tabIndex={0}
      role={caption ? 'region' : undefined}
      aria-label={caption}
      className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white focus:ring-2 focus:ring-brand-200 focus:outline-none"
    >
      <table className={cn('w-full text-left text-sm', className)} {...props}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('bg-slate-50 text-slate-600', className)} {...props} />;
}

export function Th({ className, scope = 'col', ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope={scope} className={cn('px-4 py-3 font-semibold whitespace-nowrap', className)} {...props} />;
}

export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('border-t border-slate-100', className)} {...props} />;
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 text-slate-700', className)} {...props} />;
}
