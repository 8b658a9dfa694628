import type { ReactNode } from 'react';
import type { LedgerEntry } from '@lumen/core/credits/schemas';
import { cn } from '@/lib/cn.ts';
import { formatDateTime, formatSignedCredits } from '@/lib/format.ts';
import { Table, THead, Td, Th, Tr } from './table.tsx';

/** A column between Date and Credits: its heading, what each row shows and the cell's classes. */
export type LedgerColumn = { header: string; cell: (entry: LedgerEntry) => ReactNode; className?: string };

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
    <Table caption={caption}>
      <THead>
        <tr>
          <Th>Date</Th>
          {columns.map((column) => (
            <Th key={column.header}>{column.header}</Th>
          ))}
          <Th className="text-right">Credits</Th>
          <Th className="text-right">Balance after</Th>
        </tr>
      </THead>
      <tbody>
        {entries.map((entry) => (
          <Tr key={entry.id}>
            <Td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</Td>
            {columns.map((column) => (
              <Td key={column.header} className={column.className}>
                {column.cell(entry)}
              </Td>
            ))}
            <Td className={cn('text-right font-semibold', entry.amount >= 0 ? 'text-emerald-700' : debitClassName)}>
              {formatSignedCredits(entry.amount)}
            </Td>
            <Td className="text-right">{entry.balanceAfter}</Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
