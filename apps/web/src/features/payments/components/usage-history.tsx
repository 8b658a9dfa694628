import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import type { UsageHistory as UsageHistoryData } from '@lumen/core/credits/schemas';
import { useUsageHistoryQuery } from '@/features/credits/api/usage-history.ts';
import { LedgerHistory } from './ledger-history.tsx';
import type { LedgerHistoryConfig } from './ledger-history.tsx';
import { ledgerKindLabels, serviceName } from './ledger-kind-labels.ts';

const usage: LedgerHistoryConfig<UsageHistoryData> = {
  id: 'usage-history-heading',
  title: 'Usage history',
  caption: 'Credits used per tool run, newest first',
  emptyTitle: 'No usage yet',
  emptyText: 'Each tool run and its credits appear here.',
  columns: [
    { header: 'Service', cell: (entry) => serviceName(entry.serviceKey), className: 'whitespace-nowrap' },
    { header: 'Description', cell: (entry) => entry.description || ledgerKindLabels[entry.kind] },
  ],
  debitClassName: 'text-slate-900',
  totals: ({ totals }) => [
    { label: 'Spent', value: totals.creditsSpent, className: 'text-slate-900' },
    { label: 'Refunded', value: totals.creditsRefunded, className: 'text-emerald-700' },
  ],
};

/** GET /credits/usage-history: credits spent on the tools and refunded for failed jobs. */
export function UsageHistory() {
  const [page, setPage] = useState(1);
  const query = useUsageHistoryQuery({ page, limit: DEFAULT_PAGE_SIZE });
  return <LedgerHistory config={usage} query={query} page={page} onPageChange={setPage} />;
}
