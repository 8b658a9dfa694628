import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import type { TransactionHistory as TransactionHistoryData } from '@lumen/core/credits/schemas';
import { useTransactionHistoryQuery } from '@/features/credits/api/transaction-history.ts';
import { LedgerHistory } from './ledger-history.tsx';
import type { LedgerHistoryConfig } from './ledger-history.tsx';
import { ledgerKindLabels } from './ledger-kind-labels.ts';

const transactions: LedgerHistoryConfig<TransactionHistoryData> = {
  id: 'transactions-heading',
  title: 'Transaction history',
  caption: 'Credit transactions, newest first',
  emptyTitle: 'No transactions yet',
  emptyText: 'Credits you receive or buy appear here.',
  columns: [
    { header: 'Description', cell: (entry) => entry.description },
    { header: 'Type', cell: (entry) => ledgerKindLabels[entry.kind] ?? entry.kind, className: 'whitespace-nowrap' },
  ],
  totals: ({ totals }) => [
    { label: 'Added', value: totals.creditsAdded, className: 'text-emerald-700' },
    { label: 'Removed', value: totals.creditsRemoved, className: 'text-red-700' },
  ],
};

/** GET /credits/transaction-history: credits added and removed (purchases, grants, adjustments, refunds). */
export function TransactionHistory() {
  const [page, setPage] = useState(1);
  const query = useTransactionHistoryQuery({ page, limit: DEFAULT_PAGE_SIZE });
  return <LedgerHistory config={transactions} query={query} page={page} onPageChange={setPage} />;
}
