import type { ReactNode } from 'react';
import { Card, CardTitle } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

type QueryState<T> = { data: T | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };

/** A titled card around one query: spinner, error with retry, empty text, or the content. */
export function AdminSectionCard<T>({
  title,
  query,
  isEmpty,
  emptyTitle,
  children,
}: {
  title: string;
  query: QueryState<T>;
  isEmpty: (data: T) => boolean;
  emptyTitle: string;
  children: (data: T) => ReactNode;
}) {
  const { data, isPending, isError, refetch } = query;
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      <div className="mt-3">
        {isPending ? (
          <Spinner label={`Loading ${title.toLowerCase()}…`} />
        ) : isError || data === undefined ? (
          <ErrorState message={`Failed to load ${title.toLowerCase()}`} onRetry={() => void refetch()} />
        ) : isEmpty(data) ? (
          <EmptyState title={emptyTitle} />
        ) : (
          children(data)
        )}
      </div>
    </Card>
  );
}
