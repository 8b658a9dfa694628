import { useState } from 'react';
import { Download, Search } from 'lucide-react';
import { toast } from 'sonner';
import { subscriberStatuses } from '@lumen/core/content/newsletter';
import type { SubscriberStatus } from '@lumen/core/content/newsletter';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { AdminList } from '@/components/admin/admin-list.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select } from '@/components/ui/select.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { downloadSubscribersCsv, useSubscribersQuery } from '../api/admin-newsletter.ts';

const statusLabels: Record<SubscriberStatus, { label: string; tone: 'neutral' | 'success' | 'warning' }> = {
  pending: { label: 'Awaiting confirmation', tone: 'warning' },
  confirmed: { label: 'Confirmed', tone: 'success' },
  unsubscribed: { label: 'Unsubscribed', tone: 'neutral' },
};

/** Subscribers with their status, search by e-mail, and the CSV export of what is shown. */
export function SubscribersTab() {
  const [status, setStatus] = useState<SubscriberStatus | ''>('');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const filters = { status: status || undefined, search: search || undefined, page, limit: DEFAULT_PAGE_SIZE };
  const query = useSubscribersQuery(filters);

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
      <form
        role="search"
        aria-label="Filter subscribers"
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_1fr_auto_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(searchText.trim());
          setPage(1);
        }}
      >
        <div>
          <Label htmlFor="subscriber-search">E-mail</Label>
          <Input
            id="subscriber-search"
            className="mt-1"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="subscriber-status">Status</Label>
          <Select
            id="subscriber-status"
            className="mt-1"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as SubscriberStatus | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {subscriberStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value].label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden="true" /> Search
        </Button>
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
      </form>
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
        onPageChange={setPage}
      />
    </div>
  );
}
