import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';
import { formatDateTime, formatSignedCredits } from '@/lib/format.ts';
import { useAdminUserHistoryQuery } from '../api/get-admin-user-history.ts';

/** The user's credit ledger, newest first, page by page. */
export function UserLedger({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, refetch } = useAdminUserHistoryQuery(userId, { page, limit: DEFAULT_PAGE_SIZE });
  if (isPending) return <Spinner label="Loading the ledger…" />;
  if (isError) return <ErrorState message="Failed to load the credit ledger" onRetry={() => void refetch()} />;
  if (data.items.length === 0) return <EmptyState title="No credit movements yet" />;
  return (
    <>
      <Table caption="Credit ledger, newest first">
        <THead>
          <tr>
            <Th>Date</Th>
            <Th>Description</Th>
            <Th>Kind</Th>
            <Th className="text-right">Credits</Th>
            <Th className="text-right">Balance after</Th>
          </tr>
        </THead>
        <tbody>
          {data.items.map((entry) => (
            <Tr key={entry.id}>
              <Td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</Td>
              <Td>{entry.description}</Td>
              <Td className="whitespace-nowrap">{entry.kind.replace(/_/g, ' ')}</Td>
              <Td className={cn('text-right font-semibold', entry.amount >= 0 ? 'text-emerald-700' : 'text-red-700')}>{formatSignedCredits(entry.amount)}</Td>
              <Td className="text-right">{entry.balanceAfter}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label="Ledger pages" disabled={isFetching} />
    </>
  );
}
