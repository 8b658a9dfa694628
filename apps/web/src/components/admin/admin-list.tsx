import type { ReactNode } from 'react';
import { Card, CardTitle } from '@/components/ui/card.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import type { DataColumn } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import type { QueryLike } from '@/components/ui/query-state.tsx';

/** One page of a list as the admin API answers it. */
export type PagedList<T> = { items: T[]; page: number; totalPages: number; total?: number };

type Row<D> = D extends PagedList<infer T> ? T : never;

/**
 * An admin list (decision 094): the query's spinner and error, then what `above` shows (totals), then the empty state,
 * or the count ('12 jobs'), the table (a DataTable, fitted by column priority: decision 079) and its pager, which
 * is disabled while the next page loads. With a `title`, the list is a titled card (a section of a page) whose
 * spinner and error say its title.
 */
export function AdminList<D extends PagedList<unknown>>({
  title,
  query,
  loadingLabel,
  errorMessage,
  emptyTitle,
  emptyText,
  count,
  above,
  caption,
  columns,
  rowKey,
  detail,
  pagerLabel,
  onPageChange,
}: {
  title?: string;
  query: QueryLike<D> & { isFetching?: boolean };
  loadingLabel?: string;
  errorMessage?: string;
  emptyTitle: string;
  emptyText?: ReactNode;
  /** The line above the table, from the list's total: (total) => `${total} jobs`. */
  count?: (total: number) => string;
  /** Shown above the table or the empty state (e.g. the list's totals). */
  above?: (data: D) => ReactNode;
  /** Read by screen readers only. */
  caption: string;
  columns: (DataColumn<Row<D>> | false | undefined)[];
  rowKey: (row: Row<D>) => string | number;
  detail?: (row: Row<D>) => ReactNode;
  pagerLabel: string;
  onPageChange: (page: number) => void;
}) {
  const list = (
    <QueryState
      query={query}
      loadingLabel={loadingLabel ?? `Loading ${title?.toLowerCase()}…`}
      errorMessage={errorMessage ?? `Failed to load ${title?.toLowerCase()}`}
    >
      {(data) => (
        <>
          {above?.(data)}
          {data.items.length === 0 ? (
            <EmptyState title={emptyTitle}>{emptyText}</EmptyState>
          ) : (
            <>
              {count && data.total !== undefined && <p className="mb-2 text-sm text-slate-600">{count(data.total)}</p>}
              <DataTable
                caption={caption}
                rows={data.items as Row<D>[]}
                rowKey={rowKey}
                columns={columns}
                detail={detail}
                pager={{
                  page: data.page,
                  totalPages: data.totalPages,
                  onPageChange,
                  label: pagerLabel,
                  disabled: query.isFetching,
                }}
              />
            </>
          )}
        </>
      )}
    </QueryState>
  );
  if (!title) return list;
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      <div className="mt-3">{list}</div>
    </Card>
  );
}

/** '1 job', '12 jobs'. */
export function countOf(singular: string, plural = `${singular}s`): (total: number) => string {
  return (total) => `${total} ${total === 1 ? singular : plural}`;
}
