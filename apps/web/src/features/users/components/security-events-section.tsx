import { useState } from 'react';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, THead, Td, Th, Tr } from '@/components/ui/table.tsx';
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
          <>
            <Table caption="Recent security activity">
              <THead>
                <tr>
                  <Th>Event</Th>
                  <Th>Device</Th>
                  <Th>IP</Th>
                  <Th>Time</Th>
                </tr>
              </THead>
              <tbody>
                {data.items.map((event) => (
                  <Tr key={event.id}>
                    <Td className="min-w-48 font-medium text-slate-900">{event.description || event.type}</Td>
                    <Td className="min-w-32">{event.device ?? '—'}</Td>
                    <Td className="whitespace-nowrap">{event.ip ?? '—'}</Td>
                    <Td className="whitespace-nowrap">{formatDateTime(event.createdAt)}</Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
            <Pagination page={data.page} totalPages={data.totalPages} onPageChange={setPage} label="Security activity pages" disabled={isFetching} />
          </>
        )}
      </div>
    </Card>
  );
}
