import { useSearchParams } from 'react-router';
import type { TryOnStatistics } from '@lumen/core/jobs/schemas';
import { Card, CardTitle } from '@/components/ui/card.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useTryOnStatisticsQuery } from '../api/admin-try-on-statistics.ts';
import { fillDays, JobsPerDayChart, SuccessRateChart } from './jobs-per-day-chart.tsx';
import { formatDuration } from '@/components/admin/job-status-badge.tsx';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const isDate = (value: string | null): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/** The last 30 days, today included. */
export function defaultStatisticsRange(now = new Date()): { from: string; to: string } {
  const from = new Date(now);
  from.setUTCDate(from.getUTCDate() - 29);
  return { from: isoDate(from), to: isoDate(now) };
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </Card>
  );
}

function TopTable({ title, items }: { title: string; items: TryOnStatistics['topModels'] }) {
  return (
    <section>
      <h2 className="mb-2 text-lg font-semibold text-slate-900">{title}</h2>
      <DataTable
        caption={title}
        rows={items}
        rowKey={(item) => item.id}
        emptyText="None used in this period."
        columns={[
          { header: '#', cell: (_item, index) => index + 1 },
          { header: 'Name', cell: (item) => item.name, rowHeader: true, className: 'font-medium' },
          { header: 'Uses', cell: (item) => item.uses, align: 'right' },
        ]}
      />
    </section>
  );
}

/** /admin/virtual-try-on/statistics: jobs, success rate and average time in a date range, over time, and the most used models and garments. */
export function TryOnStatisticsPage() {
  const [params, setParams] = useSearchParams();
  const fallback = defaultStatisticsRange();
  const from = isDate(params.get('from')) ? params.get('from')! : fallback.from;
  const to = isDate(params.get('to')) ? params.get('to')! : fallback.to;
  const { data, isPending, isError, isFetching, refetch } = useTryOnStatisticsQuery({ from, to });
  const setRange = (next: { from?: string; to?: string }) => {
    const merged = { from, to, ...next };
    const out = new URLSearchParams();
    if (merged.from) out.set('from', merged.from);
    if (merged.to) out.set('to', merged.to);
    setParams(out, { replace: true });
  };
  return (
    <>
      <PageHeader
        eyebrow="Admin · Virtual try-on"
        title="Virtual try-on statistics"
        description="How often the try-on tool is used, how often it succeeds and how long it takes."
      />
      <form aria-label="Date range" className="mb-6 flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
        <div>
          <Label htmlFor="stats-from">From</Label>
          <Input
            id="stats-from"
            type="date"
            className="mt-1"
            value={from}
            max={to}
            onChange={(event) => event.target.value && setRange({ from: event.target.value })}
          />
        </div>
        <div>
          <Label htmlFor="stats-to">To</Label>
          <Input
            id="stats-to"
            type="date"
            className="mt-1"
            value={to}
            min={from}
            onChange={(event) => event.target.value && setRange({ to: event.target.value })}
          />
        </div>
        {isFetching && !isPending && <Spinner label="Updating…" />}
      </form>
      {isPending ? (
        <Spinner label="Loading statistics…" />
      ) : isError ? (
        <ErrorState message="Failed to load the statistics" onRetry={() => void refetch()} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <Stat label="Total jobs" value={String(data.totalJobs)} note={`${data.succeeded} succeeded, ${data.failed} failed`} />
            <Stat label="Success rate" value={data.totalJobs ? `${(data.successRate * 100).toFixed(1)}%` : '—'} />
            <Stat label="Average time" value={formatDuration(data.avgDurationMs)} note="From start to finish of a run" />
          </div>
          {data.totalJobs === 0 ? (
            <div className="mt-6">
              <EmptyState title="No try-on jobs in this period">Pick a wider date range.</EmptyState>
            </div>
          ) : (
            <div className="mt-6 grid gap-4 lg:grid-cols-2">
              <Card>
                <CardTitle>Jobs per day</CardTitle>
                <p className="mb-2 flex gap-4 text-xs text-slate-600">
                  <span className="inline-flex items-center gap-1">
                    <span className="h-2.5 w-2.5 rounded-sm bg-emerald-500" aria-hidden="true" /> Succeeded
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <span className="h-2.5 w-2.5 rounded-sm bg-red-500" aria-hidden="true" /> Failed
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <span className="h-2.5 w-2.5 rounded-sm bg-slate-400" aria-hidden="true" /> Queued or running
                  </span>
                </p>
                <JobsPerDayChart days={fillDays(data.perDay, from, to)} />
              </Card>
              <Card>
                <CardTitle>Success rate per day</CardTitle>
                <SuccessRateChart days={fillDays(data.perDay, from, to)} />
              </Card>
            </div>
          )}
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <TopTable title="Most used models" items={data.topModels} />
            <TopTable title="Most used garments" items={data.topGarments} />
          </div>
        </>
      )}
    </>
  );
}
