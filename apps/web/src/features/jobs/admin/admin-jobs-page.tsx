import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { jobStatuses } from '@lumen/core/jobs/schemas';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import { Button } from '@/components/ui/button.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Select } from '@/components/ui/select.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { isoDate, oneOf, someText, useListFilters } from '@/lib/use-list-filters.ts';
import { useAdminJobsQuery } from '../api/admin-jobs.ts';
import { formatDuration, JobStatusBadge, jobStatusLabels } from '@/components/admin/job-status-badge.tsx';

const jobFilters = {
  service: oneOf(serviceKeys),
  status: oneOf(jobStatuses),
  search: someText,
  userId: someText,
  from: isoDate,
  to: isoDate,
};

/** /admin/jobs: every job on the platform, filtered by service, status, user and date, newest first. */
export function AdminJobsPage() {
  const { filters, page, setQuery, clear, hasFilters, searchText, setSearchText } = useListFilters(jobFilters);
  const query = useAdminJobsQuery({ ...filters, page, limit: DEFAULT_PAGE_SIZE });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Jobs"
        description="Every AI job across the platform: who ran it, its status, cost and time. Open one to retry or refund it."
      />
      <form
        role="search"
        aria-label="Filter jobs"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({});
        }}
      >
        <div className="lg:col-span-2">
          <Label htmlFor="job-search">User name or e-mail</Label>
          <Input
            id="job-search"
            className="mt-1"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="ada@example.com"
          />
        </div>
        <div>
          <Label htmlFor="job-service">Service</Label>
          <Select
            id="job-service"
            className="mt-1"
            value={filters.service ?? ''}
            onChange={(event) => setQuery({ service: event.target.value })}
          >
            <option value="">All services</option>
            {serviceKeys.map((key) => (
              <option key={key} value={key}>
                {serviceNames[key]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="job-status">Status</Label>
          <Select
            id="job-status"
            className="mt-1"
            value={filters.status ?? ''}
            onChange={(event) => setQuery({ status: event.target.value })}
          >
            <option value="">All statuses</option>
            {jobStatuses.map((status) => (
              <option key={status} value={status}>
                {jobStatusLabels[status]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="job-from">From</Label>
          <Input
            id="job-from"
            className="mt-1"
            type="date"
            value={filters.from ?? ''}
            max={filters.to || undefined}
            onChange={(event) => setQuery({ from: event.target.value })}
          />
        </div>
        <div>
          <Label htmlFor="job-to">To</Label>
          <Input
            id="job-to"
            className="mt-1"
            type="date"
            value={filters.to ?? ''}
            min={filters.from || undefined}
            onChange={(event) => setQuery({ to: event.target.value })}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-6">
          <Button type="submit">
            <Search className="h-4 w-4" aria-hidden="true" /> Search
          </Button>
          {hasFilters && (
            <Button variant="ghost" onClick={clear}>
              Clear filters
            </Button>
          )}
          {filters.userId && <span className="text-sm text-slate-600">Only the jobs of user {filters.userId}</span>}
        </div>
      </form>
      <QueryState
        query={query}
        loadingLabel="Loading jobs…"
        errorMessage="Failed to load jobs"
        isEmpty={(data) => data.items.length === 0}
        emptyTitle="No jobs found"
        emptyText={hasFilters ? 'Try other filters.' : 'Jobs appear here as soon as someone uses a tool.'}
      >
        {(data) => (
          <>
            <p className="mb-2 text-sm text-slate-600">
              {data.total} job{data.total === 1 ? '' : 's'}
            </p>
            <DataTable
              caption="Jobs"
              rows={data.items}
              rowKey={(job) => job.id}
              columns={[
                {
                  header: 'Created',
                  rowHeader: true,
                  className: 'font-medium',
                  cell: (job) => (
                    <Link to={`/admin/jobs/${job.id}`} className="text-brand-700 hover:underline">
                      {formatDateTime(job.createdAt)}
                      <span className="sr-only"> — open job {job.id}</span>
                    </Link>
                  ),
                },
                { header: 'Service', priority: 1, cell: (job) => serviceNames[job.service], className: 'whitespace-nowrap' },
                { header: 'Status', cell: (job) => <JobStatusBadge status={job.status} refunded={job.refunded} /> },
                {
                  header: 'User',
                  priority: 2,
                  className: 'whitespace-nowrap',
                  cell: (job) => (
                    <Link to={`/admin/users/${job.user.id}`} className="hover:underline">
                      {job.user.email}
                    </Link>
                  ),
                },
                { header: 'Cost', priority: 3, cell: (job) => job.cost, align: 'right' },
                {
                  header: 'Duration',
                  priority: 4,
                  cell: (job) => formatDuration(job.durationMs),
                  align: 'right',
                  className: 'whitespace-nowrap',
                },
                {
                  header: 'Engine',
                  priority: 5,
                  cell: (job) => (job.engine.kind === 'builtin' ? 'Built-in' : 'Remote'),
                  className: 'text-xs text-slate-500',
                },
              ]}
              pager={{
                page: data.page,
                totalPages: data.totalPages,
                onPageChange: (next) => setQuery({ page: next }),
                label: 'Jobs pages',
                disabled: query.isFetching,
              }}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
