import { useEffect, useRef, useState } from 'react';
import type { HTMLAttributes, Ref, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn.ts';

/** Whether the box scrolls sideways and has columns still to the right: the cue says so. */
function useMoreToTheRight() {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setMore(box.scrollWidth - box.clientWidth - box.scrollLeft > 1);
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);
  return { ref, more };
}

/**
 * A bordered table that fits at 360 px wide: when its columns do not fit they scroll sideways inside it, and a
 * cue above it says there is more to the right until the end is reached. The scroll area takes the keyboard
 * focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable), and is named by the caption.
 */
export function Table({
  className,
  caption,
  children,
  ref: tableRef,
  ...props
}: HTMLAttributes<HTMLTableElement> & { caption?: string; ref?: Ref<HTMLTableElement> }) {
  const { ref, more } = useMoreToTheRight();
  return (
    <div>
      <p className={cn('mb-1 text-right text-xs text-slate-500', !more && 'hidden')} data-testid="table-scroll-cue">
        More columns to the right: scroll sideways →
      </p>
      <div
        ref={ref}
        tabIndex={0}
        role={caption ? 'region' : undefined}
        aria-label={caption}
        className={cn(
          'relative overflow-x-auto rounded-2xl border border-slate-200 bg-white focus:ring-2 focus:ring-brand-200 focus:outline-none',
          more && 'shadow-[inset_-12px_0_10px_-10px_rgba(15,23,42,0.25)]',
        )}
      >
        <table ref={tableRef} className={cn('w-full text-left text-sm', className)} {...props}>
          {caption && <caption className="sr-only">{caption}</caption>}
          {children}
        </table>
      </div>
    </div>
  );
}

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('bg-slate-50 text-slate-600', className)} {...props} />;
}

/** A heading cell: a column's heading stays on one line; a row's heading (scope="row") wraps when room is short. */
export function Th({ className, scope = 'col', ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope={scope} className={cn(padding(className), 'font-semibold', scope !== 'row' && 'whitespace-nowrap', className)} {...props} />
  );
}

export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('border-t border-slate-100', className)} {...props} />;
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn(padding(className), 'text-slate-700', className)} {...props} />;
}

const OWN_PADDING = { x: /(^|\s)px-/, y: /(^|\s)py-/ };

/**
 * A cell's padding (px-4 py-3), each direction left out when `className` sets its own: both classes would apply and
 * the stylesheet's order, not the caller, would pick one (the disclosure column's px-0 lost to px-4 and grew from 44
 * to 76 px, so a fitted table overflowed at 360 px).
 */
function padding(className: string | undefined): string {
  return cn(!OWN_PADDING.x.test(className ?? '') && 'px-4', !OWN_PADDING.y.test(className ?? '') && 'py-3');
}
