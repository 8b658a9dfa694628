import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

/** A history table's frame: heading, totals, loading, failure, empty state and pagination. */
export function HistorySection({
  id,
  title,
  totals,
  isPending,
  isError,
  onRetry,
  isEmpty,
  emptyTitle,
  emptyText,
  page,
  totalPages,
  onPageChange,
  isFetching,
  children,
}: {
  id: string;
  title: string;
  totals?: ReactNode;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  isEmpty: boolean;
  emptyTitle: string;
  emptyText: string;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  isFetching: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {totals && <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">{totals}</div>}
      </div>
      <div className="mt-4">
        {isPending ? (
          <Spinner label={`Loading ${title.toLowerCase()}…`} />
        ) : isError ? (
          <ErrorState message={`Failed to load ${title.toLowerCase()}`} onRetry={onRetry} />
        ) : isEmpty ? (
          <EmptyState title={emptyTitle}>{emptyText}</EmptyState>
        ) : (
          <>
            {children}
            <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} label={`${title} pages`} disabled={isFetching} />
          </>
        )}
      </div>
    </section>
  );
}
