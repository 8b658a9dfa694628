import { useState } from 'react';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useSecurityEventsQuery } from '../api/security-events.ts';

const PAGE_SIZE = 10;

/** Recent security events of the account: sign-ins, password changes, providers linked, sessions revoked. */
export function SecurityEventsSection() {
  const [page, setPage] = useState(1);
  const query = useSecurityEventsQuery({ page, limit: PAGE_SIZE });

  return (
    <Card>
      <CardTitle>Recent security activity</CardTitle>
      <CardDescription>Sign-ins, password changes and other changes to how you sign in.</CardDescription>
      <div className="mt-4">
        <QueryState
          query={query}
          loadingLabel="Loading security activity…"
          errorMessage="Failed to load your security activity"
          isEmpty={(data) => data.items.length === 0}
          emptyTitle="No security activity yet"
        >
          {(data) => (
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
              pager={{
                page: data.page,
                totalPages: data.totalPages,
                onPageChange: setPage,
                label: 'Security activity pages',
                disabled: query.isFetching,
              }}
            />
          )}
        </QueryState>
      </div>
    </Card>
  );
}
