import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { subscriberStatuses } from '@lumen/core/content/newsletter';
import type { SubscriberStatus } from '@lumen/core/content/newsletter';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { AdminFilters, filterOptions } from '@/components/admin/admin-filters.tsx';
import { AdminList } from '@/components/admin/admin-list.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { oneOf, someText, useListFilters } from '@/lib/use-list-filters.ts';
import { downloadSubscribersCsv, useSubscribersQuery } from '../api/admin-newsletter.ts';

const subscriberFilters = { search: someText, status: oneOf(subscriberStatuses) };

const statusLabels: Record<SubscriberStatus, { label: string; tone: 'neutral' | 'success' | 'warning' }> = {
  pending: { label: 'Awaiting confirmation', tone: 'warning' },
  confirmed: { label: 'Confirmed', tone: 'success' },
  unsubscribed: { label: 'Unsubscribed', tone: 'neutral' },
};

/** Subscribers with their status, search by e-mail, and the CSV export of what is shown. */
export function SubscribersTab() {
  const list = useListFilters(subscriberFilters, {}, { inAddress: false });
  const { filters, page, setQuery } = list;
  const query = useSubscribersQuery({ ...filters, page, limit: DEFAULT_PAGE_SIZE });

  return (
    <div className="space-y-4">
      {query.data && (
        <ul className="grid gap-3 sm:grid-cols-3" aria-label="Subscribers by status">
          {subscriberStatuses.map((value) => (
            <li key={value} className="rounded-2xl border border-slate-200 bg-white p-4">
              <p className="text-sm text-slate-600">{statusLabels[value].label}</p>
              <p className="text-2xl font-bold text-slate-900">{query.data.counts[value]}</p>
            </li>
          ))}
        </ul>
      )}
      <AdminFilters
        label="Filter subscribers"
        list={list}
        clearable={false}
        fields={[
          { kind: 'search', id: 'subscriber-search', label: 'E-mail' },
          {
            kind: 'select',
            id: 'subscriber-status',
            name: 'status',
            label: 'Status',
            options: filterOptions('All', subscriberStatuses, (value) => statusLabels[value].label),
          },
        ]}
      >
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void downloadSubscribersCsv({ status: filters.status, search: filters.search }).catch((error: unknown) =>
              toast.error(errorMessage(error, 'Could not export')),
            )
          }
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </Button>
      </AdminFilters>
      <AdminList
        query={query}
        loadingLabel="Loading subscribers…"
        errorMessage="Failed to load subscribers"
        emptyTitle="No subscribers found"
        emptyText="People subscribe with the form at the bottom of the blog and every public page."
        caption="Subscribers"
        rowKey={(subscriber) => subscriber.id}
        columns={[
          { header: 'E-mail', cell: (subscriber) => subscriber.email, className: 'break-all' },
          {
            header: 'Status',
            cell: (subscriber) => <Badge tone={statusLabels[subscriber.status].tone}>{statusLabels[subscriber.status].label}</Badge>,
          },
          { header: 'Subscribed', cell: (subscriber) => formatDateTime(subscriber.createdAt), className: 'whitespace-nowrap' },
          {
            header: 'Confirmed',
            cell: (subscriber) => (subscriber.confirmedAt ? formatDateTime(subscriber.confirmedAt) : '—'),
            className: 'whitespace-nowrap',
          },
        ]}
        pagerLabel="Subscriber pages"
        onPageChange={(next) => setQuery({ page: next })}
      />
    </div>
  );
}
