import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { Spinner } from './spinner.tsx';

export type QueryLike<T> = { data: T | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };

/** One query's states: a spinner, an error with retry, an empty state, or the content. */
export function QueryState<T>({
  query,
  loadingLabel,
  errorMessage,
  isEmpty = () => false,
  emptyTitle = '',
  emptyText,
  children,
}: {
  query: QueryLike<T>;
  loadingLabel: string;
  errorMessage: string;
  isEmpty?: (data: T) => boolean;
  emptyTitle?: string;
  /** Under the empty title. */
  emptyText?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data, isPending, isError, refetch } = query;
  if (isPending) return <Spinner label={loadingLabel} />;
  if (isError || data === undefined) return <ErrorState message={errorMessage} onRetry={() => void refetch()} />;
  if (isEmpty(data)) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;
  return children(data);
}
