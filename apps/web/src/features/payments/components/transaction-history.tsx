import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';
import { formatDateTime, formatSignedCredits } from '@/lib/format.ts';
import { useTransactionHistoryQuery } from '@/features/credits/api/get-transaction-history.ts';
import { HistorySection } from './history-section.tsx';
import { ledgerKindLabels } from './ledger-kind-labels.ts';

/** GET /credits/transaction-history: credits added and removed (purchases, grants, adjustments, refunds). */
export function TransactionHistory() {
  const [page, setPage] = useState(1);
  const query = useTransactionHistoryQuery({ page, limit: DEFAULT_PAGE_SIZE });
  const data = query.data;
  return (
    <HistorySection
      id="transactions-heading"
      title="Transaction history"
      totals={
        data && (
          <>
            <span>
              Added: <strong className="text-emerald-700">{data.totals.creditsAdded}</strong>
            </span>
            <span>
              Removed: <strong className="text-red-700">{data.totals.creditsRemoved}</strong>
            </span>
          </>
        )
      }
      isPending={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      isEmpty={data?.items.length === 0}
      emptyTitle="No transactions yet"
      emptyText="Credits you receive or buy appear here."
      page={page}
      totalPages={data?.totalPages ?? 1}
      onPageChange={setPage}
      isFetching={query.isFetching}
    >
      <Table caption="Credit transactions, newest first">
        <THead>
          <tr>
            <Th>Date</Th>
            <Th>Description</Th>
            <Th>Type</Th>
            <Th className="text-right">Credits</Th>
            <Th className="text-right">Balance after</Th>
          </tr>
        </THead>
        <tbody>
          {data?.items.map((entry) => (
            <Tr key={entry.id}>
              <Td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</Td>
              <Td>{entry.description}</Td>
              <Td className="whitespace-nowrap">{ledgerKindLabels[entry.kind] ?? entry.kind}</Td>
              <Td className={cn('text-right font-semibold', entry.amount >= 0 ? 'text-emerald-700' : 'text-red-700')}>{formatSignedCredits(entry.amount)}</Td>
              <Td className="text-right">{entry.balanceAfter}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </HistorySection>
  );
}
