import type { UseQueryResult } from '@tanstack/react-query';
import type { CreditHistory } from '@lumen/core/credits/schemas';
import { LedgerTable } from '@/components/ui/ledger-table.tsx';
import type { LedgerColumn } from '@/components/ui/ledger-table.tsx';
import { HistorySection } from './history-section.tsx';

/** One total above the table, e.g. 'Added: 115'. */
export type LedgerTotal = { label: string; value: number; className: string };

/** What tells one ledger history from another: its texts, columns and totals. */
export type LedgerHistoryConfig<T extends CreditHistory> = {
  id: string;
  title: string;
  caption: string;
  emptyTitle: string;
  emptyText: string;
  columns: LedgerColumn[];
  debitClassName?: string;
  totals: (data: T) => LedgerTotal[];
};

/** A paginated ledger table with its totals, fed by one page's query. */
export function LedgerHistory<T extends CreditHistory>({
  config,
  query,
  page,
  onPageChange,
}: {
  config: LedgerHistoryConfig<T>;
  query: UseQueryResult<T>;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const data = query.data;
  return (
    <HistorySection
      id={config.id}
      title={config.title}
      totals={
        data &&
        config.totals(data).map((total) => (
          <span key={total.label}>
            {`${total.label}: `}
            <strong className={total.className}>{total.value}</strong>
          </span>
        ))
      }
      isPending={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      isEmpty={data?.items.length === 0}
      emptyTitle={config.emptyTitle}
      emptyText={config.emptyText}
      page={page}
      totalPages={data?.totalPages ?? 1}
      onPageChange={onPageChange}
      isFetching={query.isFetching}
    >
      <LedgerTable caption={config.caption} entries={data?.items ?? []} columns={config.columns} debitClassName={config.debitClassName} />
    </HistorySection>
  );
}
