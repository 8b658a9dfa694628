import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LedgerTable } from '@/components/ui/ledger-table.tsx';
import type { LedgerColumn } from '@/components/ui/ledger-table.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAdminUserHistoryQuery } from '../api/admin-user-credits.ts';

const columns: LedgerColumn[] = [
  { header: 'Description', cell: (entry) => entry.description },
  { header: 'Kind', cell: (entry) => entry.kind.replace(/_/g, ' '), className: 'whitespace-nowrap' },
];

/** The user's credit ledger, newest first, page by page. */
export function UserLedger({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, refetch } = useAdminUserHistoryQuery(userId, { page, limit: DEFAULT_PAGE_SIZE });
  if (isPending) return <Spinner label="Loading the ledger…" />;
  if (isError) return <ErrorState message="Failed to load the credit ledger" onRetry={() => void refetch()} />;
  if (data.items.length === 0) return <EmptyState title="No credit movements yet" />;
  return (
    <>
      <LedgerTable caption="Credit ledger, newest first" entries={data.items} columns={columns} />
      <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label="Ledger pages" disabled={isFetching} />
    </>
  );
}
