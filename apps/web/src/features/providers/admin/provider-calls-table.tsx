import type { ProviderHealth } from '@lumen/core/admin/providers';
import { serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { formatDuration } from '@/components/admin/job-status-badge.tsx';

type ProviderCalls = ProviderHealth['providers'][number];

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

/** Calls per provider, service and model: how many, how many succeeded, how long they took, and the last failure. */
export function ProviderCallsTable({ rows }: { rows: ProviderCalls[] }) {
  return (
    <DataTable
      caption="Calls per provider, service and model"
      rows={rows}
      rowKey={(row) => `${row.provider}/${row.service}/${row.model}`}
      columns={[
        { header: 'Provider', cell: (row) => row.provider, rowHeader: true, className: 'font-medium text-slate-900' },
        { header: 'Service', cell: (row) => serviceNames[row.service as ServiceKey] ?? row.service, className: 'whitespace-nowrap' },
        { header: 'Model', cell: (row) => row.model, className: 'font-mono text-xs break-all' },
        { header: 'Calls', cell: (row) => row.calls, align: 'right' },
        {
          header: 'Success',
          cell: (row) => percent(row.successRate),
          align: 'right',
          className: 'whitespace-nowrap',
        },
        { header: 'Median', cell: (row) => formatDuration(row.medianMs), align: 'right', className: 'whitespace-nowrap' },
        { header: 'p95', cell: (row) => formatDuration(row.p95Ms), align: 'right', className: 'whitespace-nowrap' },
        {
          header: 'Last failure',
          cell: (row) => (row.lastFailureAt ? formatDateTime(row.lastFailureAt) : 'None'),
          className: 'whitespace-nowrap',
        },
      ]}
    />
  );
}
