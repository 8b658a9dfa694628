import type { ComponentProps, Key, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';
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
   * Kept in view at the right edge while the other columns scroll sideways. A column headed 'Status' is pinned
   * so unless it says `pin: false`: a row's status is always visible.
   */
  pin?: 'end' | false;
};

const pinnedEnd = <T,>(column: DataColumn<T>) => column.pin === 'end' || (column.pin === undefined && column.header === 'Status');
/** The first column stays put while the others scroll (from 640 px up: on a phone it would leave no room). */
const FIRST = 'sm:sticky sm:left-0 sm:z-10 sm:bg-inherit';
const END = 'sticky right-0 z-10 bg-inherit shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.2)]';

/**
 * Rows as a bordered table with one heading per column; `emptyText` replaces the table when there are no rows,
 * `pager` adds Previous / Next under it.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  emptyText,
  pager,
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
  className?: string;
  'aria-label'?: string;
}) {
  if (rows.length === 0 && emptyText !== undefined) return <p className="text-sm text-slate-600">{emptyText}</p>;
  const shown = columns.filter((column): column is DataColumn<T> => Boolean(column));
  const right = (column: DataColumn<T>) => (column.align === 'right' ? 'text-right' : undefined);
  return (
    <>
      <Table caption={caption} className={className} aria-label={ariaLabel}>
        <THead>
          <tr>
            {shown.map((column, index) => (
              <Th key={column.header} className={cn(right(column), 'bg-slate-50', index === 0 && FIRST, pinnedEnd(column) && END)}>
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </Th>
            ))}
          </tr>
        </THead>
        <tbody>
          {rows.map((row, index) => (
            <Tr key={rowKey(row)} className="bg-white">
              {shown.map((column, columnIndex) => {
                const Cell = column.rowHeader ? Th : Td;
                return (
                  <Cell
                    key={column.header}
                    scope={column.rowHeader ? 'row' : undefined}
                    className={cn(right(column), column.className, columnIndex === 0 && FIRST, pinnedEnd(column) && END)}
                  >
                    {column.cell(row, index)}
                  </Cell>
                );
              })}
            </Tr>
          ))}
        </tbody>
      </Table>
      {pager && <Pagination {...pager} />}
    </>
  );
}
