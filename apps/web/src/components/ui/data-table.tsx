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
};

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
            {shown.map((column) => (
              <Th key={column.header} className={right(column)}>
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </Th>
            ))}
          </tr>
        </THead>
        <tbody>
          {rows.map((row, index) => (
            <Tr key={rowKey(row)}>
              {shown.map((column) => {
                const Cell = column.rowHeader ? Th : Td;
                return (
                  <Cell key={column.header} scope={column.rowHeader ? 'row' : undefined} className={cn(right(column), column.className)}>
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
