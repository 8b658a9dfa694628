import { Fragment, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentProps, Key, ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { columnsThatFit, EXPANDER_WIDTH } from './data-table-fit.ts';
import { Pagination } from './pagination.tsx';
import { Table, THead, Td, Th, Tr } from './table.tsx';

/** One column: its heading, what each row shows, and how it lines up. */
export type DataColumn<T> = {
  header: string;
  /** What the row shows in this column; `index` counts rows from 0. */
  cell: (row: T, index: number) => ReactNode;
  /** Classes of the body cells. */
  className?: string;
  /** Numbers: the heading and the cells are right-aligned. */
  align?: 'right';
  /** The heading is read by screen readers only (an actions column). */
  hideHeader?: boolean;
  /** The cell heads its row (`<th scope="row">`), e.g. the name a row is about. */
  rowHeader?: boolean;
  /**
   * When the columns do not all fit, the ones with the smallest priority stay in the table and the rest move into
   * each row's details (opened by the row's disclosure button). Columns without one rank after those with one, in
   * their order, except an actions column (`hideHeader`), which ranks first. The first column and Status are always
   * shown.
   */
  priority?: number;
  /**
   * Kept in view at the right edge while the other columns scroll sideways. A column headed 'Status' is pinned
   * so unless it says `pin: false`: a row's status is always visible.
   */
  pin?: 'end' | false;
};

const pinnedEnd = <T,>(column: DataColumn<T>) => column.pin === 'end' || (column.pin === undefined && column.header === 'Status');
/** The first column stays put while the others scroll (from 640 px up: on a phone it would leave no room). */
const FIRST = 'sm:sticky sm:left-0 sm:z-10 sm:bg-inherit';
/** The same beside the column of disclosure buttons (which is `w-11`, 2.75 rem, wide). */
const FIRST_AFTER_EXPANDER = 'sm:sticky sm:left-11 sm:z-10 sm:bg-inherit';
const END = 'sticky right-0 z-10 bg-inherit shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.2)]';

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** A column whose text wraps asks for at most this width (px), or its longest word's when that is wider. */
const WRAPPING_WIDTH = 240;

/**
 * Which columns fit the table's box. The columns' widths are measured twice before the browser paints, whenever
 * the rows or columns change, the web fonts load or the box is first laid out: with every cell on one line
 * (`max-content`), then with every cell wrapped as far as it goes (`min-content`). A column needs its one-line
 * width, but one that wraps needs no more than WRAPPING_WIDTH. The box's width is watched with a ResizeObserver.
 * Should the fitted table still overflow its box (a cell wider than measured), the overflow is taken off the room
 * and the columns fitted again, before paint. Where nothing is laid out (a box of no width) every column is shown.
 */
function useFittingColumns<T>(columns: DataColumn<T>[], signature: string) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [widths, setWidths] = useState<{ signature: string; max: number[]; min?: number[] } | null>(null);
  const [available, setAvailable] = useState(0);
  const [fontsLoaded, setFontsLoaded] = useState(0);
  const [trim, setTrim] = useState({ key: '', px: 0 });
  const current = `${signature}#${fontsLoaded}#${available > 0}`;
  const measuring = widths?.signature !== current ? 'max-content' : widths.min ? undefined : 'min-content';
  const trimKey = `${current}#${available}`;
  const trimPx = trim.key === trimKey ? trim.px : 0;

  const always = columns.map((column, index) => index === 0 || column.header === 'Status' || pinnedEnd(column));
  const shown =
    measuring || !widths?.min || !available
      ? columns.map(() => true)
      : columnsThatFit(
          columns.map((column, index) => ({
            width: Math.min(widths.max[index] ?? 0, Math.max(widths.min![index] ?? 0, WRAPPING_WIDTH)),
            always: always[index]!,
            priority: column.priority ?? (column.hideHeader ? 0 : undefined),
          })),
          available - trimPx,
        );

  useIsomorphicLayoutEffect(() => {
    const box = tableRef.current?.parentElement;
    if (!measuring) {
      const overflow = box ? box.scrollWidth - box.clientWidth : 0;
      if (available > 0 && overflow > 1 && shown.some((isShown, index) => isShown && !always[index]))
        setTrim({ key: trimKey, px: trimPx + overflow });
      return;
    }
    const headings = tableRef.current?.tHead?.rows[0]?.cells;
    const px = columns.map((_, index) => headings?.[index]?.getBoundingClientRect().width ?? 0);
    setWidths(measuring === 'max-content' ? { signature: current, max: px } : (before) => before && { ...before, min: px });
  });

  const measureBox = useCallback(() => {
    const box = tableRef.current?.parentElement;
    if (box) setAvailable(box.clientWidth);
  }, []);
  useIsomorphicLayoutEffect(() => {
    measureBox();
    const box = tableRef.current?.parentElement;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measureBox);
    observer.observe(box);
    return () => observer.disconnect();
  }, [measureBox]);
  useEffect(() => {
    const fonts = typeof document === 'undefined' ? undefined : document.fonts;
    if (!fonts) return;
    let live = true;
    const loaded = () => live && setFontsLoaded((count) => count + 1);
    void fonts.ready.then(loaded);
    fonts.addEventListener?.('loadingdone', loaded);
    return () => {
      live = false;
      fonts.removeEventListener?.('loadingdone', loaded);
    };
  }, []);

  return { tableRef, measuring, shown };
}

/**
 * Rows as a bordered table with one heading per column; `emptyText` replaces the table when there are no rows,
 * `pager` adds Previous / Next under it. When the columns do not fit the table's width, the least important move
 * into a details row under each row (label: value), opened by the disclosure button at the row's start; the first
 * column and Status stay. `detail` adds a full-width row under a row (e.g. a panel the row's button opened).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  emptyText,
  pager,
  detail,
  className,
  'aria-label': ariaLabel,
}: {
  /** Read by screen readers only. */
  caption?: string;
  columns: (DataColumn<T> | false | undefined)[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  emptyText?: string;
  pager?: ComponentProps<typeof Pagination>;
  /** Shown in a full-width row under the row when it returns something. */
  detail?: (row: T) => ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  const all = columns.filter((column): column is DataColumn<T> => Boolean(column));
  const signature = `${all.map((column) => column.header).join('\u0000')}|${rows.map(rowKey).join('\u0000')}`;
  const { tableRef, measuring, shown } = useFittingColumns(all, signature);
  const [open, setOpen] = useState<ReadonlySet<Key>>(new Set());
  const id = useId();

  if (rows.length === 0 && emptyText !== undefined) return <p className="text-sm text-slate-600">{emptyText}</p>;
  const visible = all.filter((_, index) => shown[index]);
  const hidden = all.filter((_, index) => !shown[index]);
  const expandable = hidden.length > 0;
  // A <th> centres its text unless told otherwise; a wrapped row heading reads better from the left.
  const right = (column: DataColumn<T>) => (column.align === 'right' ? 'text-right' : 'text-left');
  const first = expandable ? FIRST_AFTER_EXPANDER : FIRST;
  const toggle = (key: Key) =>
    setOpen((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <>
      <Table
        ref={tableRef}
        caption={caption}
        className={className}
        style={measuring ? { width: measuring } : undefined}
        aria-label={ariaLabel}
        data-hidden-columns={expandable ? hidden.length : undefined}
      >
        <THead>
          <tr>
            {expandable && (
              <Th className="w-11 bg-slate-50 px-0 sm:sticky sm:left-0 sm:z-10" style={{ minWidth: EXPANDER_WIDTH }}>
                <span className="sr-only">Details</span>
              </Th>
            )}
            {visible.map((column, index) => (
              <Th key={column.header} className={cn(right(column), 'bg-slate-50', index === 0 && first, pinnedEnd(column) && END)}>
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </Th>
            ))}
          </tr>
        </THead>
        <tbody>
          {rows.map((row, index) => {
            const key = rowKey(row);
            const isOpen = expandable && open.has(key);
            const rowId = `${id}-${index}`;
            const extra = measuring ? undefined : detail?.(row);
            return (
              <Fragment key={key}>
                <Tr className="bg-white">
                  {expandable && (
                    <Td className="w-11 px-1 py-2 sm:sticky sm:left-0 sm:z-10 sm:bg-inherit">
                      <button
                        type="button"
                        className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
                        aria-expanded={isOpen}
                        aria-controls={`${rowId}-more`}
                        aria-labelledby={`${rowId}-toggle ${rowId}-name`}
                        onClick={() => toggle(key)}
                      >
                        <span id={`${rowId}-toggle`} className="sr-only">
                          {isOpen ? 'Hide' : 'Show'} {hidden.length} more {hidden.length === 1 ? 'column' : 'columns'} of
                        </span>
                        <ChevronDown className={cn('h-4 w-4', isOpen && 'rotate-180')} aria-hidden="true" />
                      </button>
                    </Td>
                  )}
                  {visible.map((column, columnIndex) => {
                    const Cell = column.rowHeader ? Th : Td;
                    return (
                      <Cell
                        key={column.header}
                        id={columnIndex === 0 ? `${rowId}-name` : undefined}
                        scope={column.rowHeader ? 'row' : undefined}
                        className={cn(right(column), column.className, columnIndex === 0 && first, pinnedEnd(column) && END)}
                      >
                        {column.cell(row, index)}
                      </Cell>
                    );
                  })}
                </Tr>
                {isOpen && (
                  <Tr id={`${rowId}-more`} className="border-t-0 bg-slate-50" data-testid="table-row-details">
                    <Td colSpan={visible.length + 1} className="pt-1">
                      <dl className="space-y-1.5">
                        {hidden.map((column) => (
                          <div key={column.header} className="flex gap-3">
                            <dt className={cn('w-24 shrink-0 text-xs font-semibold text-slate-500', column.hideHeader && 'sr-only')}>
                              {column.header}
                            </dt>
                            <dd className="min-w-0 [overflow-wrap:anywhere]">{column.cell(row, index)}</dd>
                          </div>
                        ))}
                      </dl>
                    </Td>
                  </Tr>
                )}
                {extra != null && extra !== false && (
                  <Tr className="bg-slate-50">
                    <Td colSpan={visible.length + (expandable ? 1 : 0)}>{extra}</Td>
                  </Tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </Table>
      {pager && <Pagination {...pager} />}
    </>
  );
}
