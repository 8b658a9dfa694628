import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@lumen/core/credits/rules';
import { jobStatuses } from '@lumen/core/jobs/schemas';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import { AdminFilters, filterOptions } from '@/components/admin/admin-filters.tsx';
import { AdminList, countOf } from '@/components/admin/admin-list.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
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
  const list = useListFilters(jobFilters);
  const { filters, page, setQuery } = list;
  const query = useAdminJobsQuery({ ...filters, page, limit: DEFAULT_PAGE_SIZE });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Jobs"
        description="Every AI job across the platform: who ran it, its status, cost and time. Open one to retry or refund it."
      />
      <AdminFilters
        label="Filter jobs"
        list={list}
        fields={[
          { kind: 'search', id: 'job-search', label: 'User name or e-mail', placeholder: 'ada@example.com' },
          {
            kind: 'select',
            id: 'job-service',
            name: 'service',
            label: 'Service',
            options: filterOptions('All services', serviceKeys, (key) => serviceNames[key]),
          },
          {
            kind: 'select',
            id: 'job-status',
            name: 'status',
            label: 'Status',
            options: filterOptions('All statuses', jobStatuses, (status) => jobStatusLabels[status]),
          },
          { kind: 'dates', id: 'job' },
        ]}
      >
        {filters.userId && <span className="text-sm text-slate-600">Only the jobs of user {filters.userId}</span>}
      </AdminFilters>
      <AdminList
        query={query}
        loadingLabel="Loading jobs…"
        errorMessage="Failed to load jobs"
        emptyTitle="No jobs found"
        emptyText={list.hasFilters ? 'Try other filters.' : 'Jobs appear here as soon as someone uses a tool.'}
        count={countOf('job')}
        caption="Jobs"
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
        pagerLabel="Jobs pages"
        onPageChange={(next) => setQuery({ page: next })}
      />
    </>
  );
}
