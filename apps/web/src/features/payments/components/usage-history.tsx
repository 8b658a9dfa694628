import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';
import { formatDateTime, formatSignedCredits } from '@/lib/format.ts';
import { useUsageHistoryQuery } from '@/features/credits/api/get-usage-history.ts';
import { HistorySection } from './history-section.tsx';
import { ledgerKindLabels, serviceName } from './ledger-kind-labels.ts';

/** GET /credits/usage-history: credits spent on the tools and refunded for failed jobs. */
export function UsageHistory() {
  const [page, setPage] = useState(1);
  const query = useUsageHistoryQuery({ page, limit: DEFAULT_PAGE_SIZE });
  const data = query.data;
  return (
    <HistorySection
      id="usage-history-heading"
      title="Usage history"
      totals={
        data && (
          <>
            <span>
              Spent: <strong className="text-slate-900">{data.totals.creditsSpent}</strong>
            </span>
            <span>
              Refunded: <strong className="text-emerald-700">{data.totals.creditsRefunded}</strong>
            </span>
          </>
        )
      }
      isPending={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      isEmpty={data?.items.length === 0}
      emptyTitle="No usage yet"
      emptyText="Each tool run and its credits appear here."
      page={page}
      totalPages={data?.totalPages ?? 1}
      onPageChange={setPage}
      isFetching={query.isFetching}
    >
      <Table caption="Credits used per tool run, newest first">
        <THead>
          <tr>
            <Th>Date</Th>
            <Th>Service</Th>
            <Th>Description</Th>
            <Th className="text-right">Credits</Th>
            <Th className="text-right">Balance after</Th>
          </tr>
        </THead>
        <tbody>
          {data?.items.map((entry) => (
            <Tr key={entry.id}>
              <Td className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</Td>
              <Td className="whitespace-nowrap">{serviceName(entry.serviceKey)}</Td>
              <Td>{entry.description || ledgerKindLabels[entry.kind]}</Td>
              <Td className={cn('text-right font-semibold', entry.amount >= 0 ? 'text-emerald-700' : 'text-slate-900')}>{formatSignedCredits(entry.amount)}</Td>
              <Td className="text-right">{entry.balanceAfter}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </HistorySection>
  );
}
