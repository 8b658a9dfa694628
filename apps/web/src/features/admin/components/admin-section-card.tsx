import type { ReactNode } from 'react';
import { Card, CardTitle } from '@/components/ui/card.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import type { QueryLike } from '@/components/ui/query-state.tsx';

/** A titled card around one query: spinner, error with retry, empty text, or the content. */
export function AdminSectionCard<T>({
  title,
  query,
  isEmpty,
  emptyTitle,
  children,
}: {
  title: string;
  query: QueryLike<T>;
  isEmpty: (data: T) => boolean;
  emptyTitle: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      <div className="mt-3">
        <QueryState
          query={query}
          loadingLabel={`Loading ${title.toLowerCase()}…`}
          errorMessage={`Failed to load ${title.toLowerCase()}`}
          isEmpty={isEmpty}
          emptyTitle={emptyTitle}
        >
          {children}
        </QueryState>
      </div>
    </Card>
  );
}
