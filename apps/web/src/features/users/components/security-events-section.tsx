import { useState } from 'react';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useSecurityEventsQuery } from '../api/get-security-events.ts';

const PAGE_SIZE = 10;

/** Recent security events of the account: sign-ins, password changes, providers linked, sessions revoked. */
export function SecurityEventsSection() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, refetch } = useSecurityEventsQuery({ page, limit: PAGE_SIZE });

  return (
    <Card>
      <CardTitle>Recent security activity</CardTitle>
      <CardDescription>Sign-ins, password changes and other changes to how you sign in.</CardDescription>
      <div className="mt-4">
        {isPending ? (
          <Spinner label="Loading security activity…" />
        ) : isError ? (
          <ErrorState message="Failed to load your security activity" onRetry={() => void refetch()} />
        ) : data.items.length === 0 ? (
          <EmptyState title="No security activity yet" />
        ) : (
          <DataTable
            caption="Recent security activity"
            rows={data.items}
            rowKey={(event) => event.id}
            columns={[
              { header: 'Event', cell: (event) => event.description || event.type, className: 'min-w-48 font-medium text-slate-900' },
              { header: 'Device', cell: (event) => event.device ?? '—', className: 'min-w-32' },
              { header: 'IP', cell: (event) => event.ip ?? '—', className: 'whitespace-nowrap' },
              { header: 'Time', cell: (event) => formatDateTime(event.createdAt), className: 'whitespace-nowrap' },
            ]}
            pager={{ page: data.page, totalPages: data.totalPages, onPageChange: setPage, label: 'Security activity pages', disabled: isFetching }}
          />
        )}
      </div>
    </Card>
  );
}
