import type { Analytics } from '@lumen/core/admin/analytics';
import { serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatDuration } from '@/components/admin/job-status-badge.tsx';
import { formatCents, formatMicroUsd } from '@/lib/money-format.ts';

export const marginPendingNote = 'Margin appears after the first real (non-test) sale.';

const serviceName = (service: string) => serviceNames[service as ServiceKey] ?? service;
const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 1000) / 10}%`);

/** Revenue or margin in cents; '—' before the first real sale, red below zero. */
export function MoneyCell({ cents }: { cents: number | null }) {
  if (cents === null) return <>—</>;
  return <span className={cents < 0 ? 'font-semibold text-red-600' : undefined}>{formatCents(cents)}</span>;
}

/** Jobs, success, time, credits, provider cost and margin per service over the range. */
export function ServicesTable({ rows }: { rows: Analytics['services'] }) {
  return (
    <DataTable
      caption="Jobs per service"
      className="mt-3"
      rows={rows}
      rowKey={(row) => row.service}
      columns={[
        { header: 'Service', cell: (row) => serviceName(row.service), className: 'whitespace-nowrap' },
        { header: 'Jobs', cell: (row) => row.jobs, align: 'right' },
        { header: 'Success', cell: (row) => percent(row.successRate), align: 'right' },
        { header: 'Avg. time', cell: (row) => formatDuration(row.averageDurationMs), align: 'right', className: 'whitespace-nowrap' },
        { header: 'Credits', cell: (row) => row.creditsSpent, align: 'right' },
        { header: 'Provider cost', cell: (row) => formatMicroUsd(row.providerCostMicroUsd), align: 'right' },
        { header: 'Margin', cell: (row) => <MoneyCell cents={row.marginCents} />, align: 'right' },
      ]}
    />
  );
}

/** One row per UTC day and service with jobs: what the credits brought in, what the providers cost, and the margin. */
export function ServiceDaysTable({ rows }: { rows: Analytics['serviceDays'] }) {
  return (
    <DataTable
      caption="Cost and margin per service per day"
      className="mt-3"
      rows={rows}
      rowKey={(row) => `${row.date}/${row.service}`}
      emptyText="No jobs in this range."
      columns={[
        { header: 'Date', cell: (row) => row.date, className: 'whitespace-nowrap' },
        { header: 'Service', cell: (row) => serviceName(row.service), className: 'whitespace-nowrap' },
        { header: 'Jobs', cell: (row) => row.jobs, align: 'right' },
        { header: 'Credits', cell: (row) => row.creditsSpent, align: 'right' },
        { header: 'Revenue', cell: (row) => <MoneyCell cents={row.revenueCents} />, align: 'right' },
        { header: 'Provider cost', cell: (row) => formatMicroUsd(row.providerCostMicroUsd), align: 'right' },
        { header: 'Margin', cell: (row) => <MoneyCell cents={row.marginCents} />, align: 'right' },
      ]}
    />
  );
}
