import type { LedgerEntry } from '@lumen/core/credits/schemas';
import { cn } from '@/lib/cn.ts';
import { formatDateTime, formatSignedCredits } from '@/lib/format.ts';
import { DataTable } from './data-table.tsx';
import type { DataColumn } from './data-table.tsx';

/** A column between Date and Credits. */
export type LedgerColumn = DataColumn<LedgerEntry>;

/** Credit movements as a table: Date, the given columns, signed Credits and Balance after. */
export function LedgerTable({
  caption,
  entries,
  columns,
  debitClassName = 'text-red-700',
}: {
  caption: string;
  entries: LedgerEntry[];
  columns: LedgerColumn[];
  /** The colour of a negative amount (positive amounts are green). */
  debitClassName?: string;
}) {
  return (
    <DataTable
      caption={caption}
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={[
        { header: 'Date', className: 'whitespace-nowrap', cell: (entry) => formatDateTime(entry.createdAt) },
        ...columns,
        {
          header: 'Credits',
          align: 'right',
          priority: 1,
          cell: (entry) => (
            <span className={cn('font-semibold', entry.amount >= 0 ? 'text-emerald-700' : debitClassName)}>
              {formatSignedCredits(entry.amount)}
            </span>
          ),
        },
        { header: 'Balance after', align: 'right', priority: 2, cell: (entry) => entry.balanceAfter },
      ]}
    />
  );
}
