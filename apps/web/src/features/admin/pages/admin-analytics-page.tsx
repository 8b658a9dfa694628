import { useState } from 'react';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { analyticsReports } from '@lumen/core/admin/analytics';
import type { Analytics, AnalyticsReport } from '@lumen/core/admin/analytics';
import { serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardTitle } from '@/components/ui/card.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { downloadAnalyticsCsv, useAnalyticsQuery } from '../api/admin-analytics.ts';
import type { AnalyticsRange } from '../api/admin-analytics.ts';
import { AnalyticsCharts } from '../components/analytics-charts.tsx';
import { formatDuration } from '../components/job-status-badge.tsx';

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 1000) / 10}%`);
const reportLabels: Record<AnalyticsReport, string> = {
  daily: 'Daily',
  services: 'Services',
  providers: 'Providers',
  'top-users': 'Top users',
};

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export function defaultRange(): AnalyticsRange {
  return { from: daysAgo(29), to: daysAgo(0) };
}

function Totals({ data }: { data: Analytics }) {
  const tiles: Array<[string, string]> = [
    ['Sign-ups', String(data.totals.signups)],
    ['Active users', String(data.totals.activeUsers)],
    ['Net revenue', usd(data.totals.netRevenueCents)],
    ['Refunded', usd(data.totals.refundedCents)],
    ['Credits sold', String(data.totals.creditsSold)],
    ['Credits spent', String(data.totals.creditsSpent)],
    ['Jobs', String(data.totals.jobs)],
    ['Success rate', percent(data.totals.successRate)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Range picker, totals, charts and tables of the platform's activity; `compact` (the /admin index) leaves out the tables. */
export function AnalyticsOverview({ compact = false }: { compact?: boolean }) {
  const [range, setRange] = useState<AnalyticsRange>(defaultRange);
  const { data, isPending, isError, refetch } = useAnalyticsQuery(range);
  const download = (report: AnalyticsReport) =>
    downloadAnalyticsCsv(report, range).catch((error: unknown) =>
      toast.error('Failed to export', { description: error instanceof Error ? error.message : undefined }),
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="sm:w-44">
          <label htmlFor="analytics-from" className="block text-sm font-medium text-slate-700">
            From
          </label>
          <Input
            id="analytics-from"
            className="mt-1"
            type="date"
            value={range.from}
            max={range.to}
            onChange={(event) => event.target.value && setRange({ ...range, from: event.target.value })}
          />
        </div>
        <div className="sm:w-44">
          <label htmlFor="analytics-to" className="block text-sm font-medium text-slate-700">
            To
          </label>
          <Input
            id="analytics-to"
            className="mt-1"
            type="date"
            value={range.to}
            min={range.from}
            onChange={(event) => event.target.value && setRange({ ...range, to: event.target.value })}
          />
        </div>
        {!compact && (
          <div className="flex flex-wrap gap-2">
            {analyticsReports.map((report) => (
              <Button key={report} variant="outline" size="sm" onClick={() => void download(report)}>
                <Download className="h-4 w-4" aria-hidden="true" /> {reportLabels[report]} CSV
              </Button>
            ))}
          </div>
        )}
      </div>
      {isPending ? (
        <Spinner label="Loading analytics…" />
      ) : isError ? (
        <ErrorState message="Failed to load analytics" onRetry={() => void refetch()} />
      ) : (
        <>
          <Totals data={data} />
          <AnalyticsCharts data={data} />
          {!compact && (
            <div className="grid items-start gap-4 xl:grid-cols-2">
              <Card>
                <CardTitle>Revenue by provider</CardTitle>
                <DataTable
                  caption="Revenue by provider"
                  className="mt-3"
                  rows={data.providers}
                  rowKey={(row) => row.provider}
                  columns={[
                    { header: 'Provider', cell: (row) => row.provider, className: 'capitalize' },
                    { header: 'Orders', cell: (row) => row.orders, align: 'right' },
                    { header: 'Gross', cell: (row) => usd(row.grossCents), align: 'right' },
                    { header: 'Refunded', cell: (row) => usd(row.refundedCents), align: 'right' },
                    { header: 'Net', cell: (row) => usd(row.netCents), align: 'right', className: 'font-semibold' },
                  ]}
                />
              </Card>
              <Card>
                <CardTitle>Jobs per service</CardTitle>
                <DataTable
                  caption="Jobs per service"
                  className="mt-3"
                  rows={data.services}
                  rowKey={(row) => row.service}
                  columns={[
                    { header: 'Service', cell: (row) => serviceNames[row.service as ServiceKey] ?? row.service },
                    { header: 'Jobs', cell: (row) => row.jobs, align: 'right' },
                    { header: 'Success', cell: (row) => percent(row.successRate), align: 'right' },
                    { header: 'Avg. time', cell: (row) => formatDuration(row.averageDurationMs), align: 'right' },
                    { header: 'Credits', cell: (row) => row.creditsSpent, align: 'right' },
                  ]}
                />
              </Card>
              <Card className="xl:col-span-2">
                <CardTitle>Top users</CardTitle>
                <DataTable
                  caption="Top users"
                  className="mt-3"
                  rows={data.topUsers}
                  rowKey={(row) => row.userId}
                  columns={[
                    {
                      header: 'User',
                      className: 'break-all',
                      cell: (row) => (
                        <>
                          {row.name} <span className="text-slate-500">{row.email}</span>
                        </>
                      ),
                    },
                    { header: 'Credits spent', cell: (row) => row.creditsSpent, align: 'right' },
                    { header: 'Jobs', cell: (row) => row.jobs, align: 'right' },
                    { header: 'Revenue', cell: (row) => usd(row.revenueCents), align: 'right' },
                  ]}
                />
              </Card>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** /admin/analytics */
export function AdminAnalyticsPage() {
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Analytics"
        description="Sign-ups, active users, revenue, credits and jobs over the dates you choose (UTC), with CSV export."
      />
      <AnalyticsOverview />
    </>
  );
}
