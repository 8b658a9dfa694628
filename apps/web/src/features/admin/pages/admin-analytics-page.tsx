import { useState } from 'react';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { analyticsReports } from '@lumen/core/admin/analytics';
import type { Analytics, AnalyticsReport } from '@lumen/core/admin/analytics';
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
import { formatMicroUsd } from '@/lib/money-format.ts';
import { marginPendingNote, ServiceDaysTable, ServicesTable } from '../components/service-cost-tables.tsx';

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
  const { totals } = data;
  const tiles: Array<{ label: string; value: string; note?: string }> = [
    { label: 'Sign-ups', value: String(totals.signups) },
    { label: 'Active users', value: String(totals.activeUsers) },
    { label: 'Net revenue', value: usd(totals.netRevenueCents), note: 'Live money only.' },
    {
      label: 'Test mode (not revenue)',
      value: usd(totals.testMoney.netCents),
      note: `${totals.testMoney.count} test-mode ${totals.testMoney.count === 1 ? 'payment' : 'payments'}: no money moved.`,
    },
    { label: 'Refunded', value: usd(totals.refundedCents) },
    { label: 'Credits sold', value: String(totals.creditsSold) },
    { label: 'Credits spent', value: String(totals.creditsSpent) },
    { label: 'Jobs', value: String(totals.jobs) },
    { label: 'Success rate', value: percent(totals.successRate) },
    { label: 'Provider cost', value: formatMicroUsd(totals.providerCostMicroUsd), note: 'Published prices of hosted AI calls.' },
    {
      label: 'Revenue per credit',
      // Cents with a fraction (e.g. 9.5¢): shown as dollars with 4 decimals.
      value: totals.revenuePerCreditCents === null ? '—' : formatMicroUsd(Math.round(totals.revenuePerCreditCents * 10_000)),
      note: totals.revenuePerCreditCents === null ? 'No real (non-test) sale yet.' : undefined,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {tiles.map(({ label, value, note }) => (
        <div key={label} className="rounded-2xl border border-slate-200 bg-white p-4">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900">{value}</dd>
          {note && <dd className="mt-1 text-xs text-slate-500">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}

/** Range picker, totals, charts and tables of the platform's activity, provider cost and margin; `compact` (the /admin index) leaves out the tables. */
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
            <div className="grid items-start gap-4 xl:grid-cols-2 [&>*]:min-w-0">
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
              <Card className="xl:col-span-2">
                <CardTitle>Jobs per service</CardTitle>
                <ServicesTable rows={data.services} />
                {data.totals.revenuePerCreditCents === null && <p className="mt-2 text-xs text-slate-500">{marginPendingNote}</p>}
              </Card>
              <Card className="xl:col-span-2">
                <CardTitle>Cost and margin per service per day</CardTitle>
                <ServiceDaysTable rows={data.serviceDays} />
                {data.totals.revenuePerCreditCents === null && data.serviceDays.length > 0 && (
                  <p className="mt-2 text-xs text-slate-500">{marginPendingNote}</p>
                )}
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
        description="Sign-ups, active users, revenue, credits, jobs, hosted provider cost and margin over the dates you choose (UTC), with CSV export."
      />
      <AnalyticsOverview />
    </>
  );
}
