import { Link } from 'react-router';
import type { Overview } from '@lumen/core/admin/overview';
import { formatCents, formatMicroUsd } from '@/lib/money-format.ts';

type Figure = { label: string; value: string; note?: string; to: string };

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 1000) / 10}%`);
const count = (value: number, one: string, many = `${one}s`) => `${value} ${value === 1 ? one : many}`;

/** The list pages' date filters for the range (YYYY-MM-DD, both days included). */
export function rangeQuery(data: Overview): string {
  return new URLSearchParams({ from: data.from.slice(0, 10), to: data.asOf.slice(0, 10) }).toString();
}

function figuresOf(data: Overview): Figure[] {
  const dates = rangeQuery(data);
  const { live, test } = data.revenue;
  const finished = data.jobs.succeeded + data.jobs.failed;
  return [
    {
      label: 'Revenue',
      value: formatCents(live.netCents),
      note: `${count(live.count, 'payment')}, live money only${live.refundedCents > 0 ? `; ${formatCents(live.refundedCents)} refunded` : ''}.`,
      to: `/admin/payments?${dates}`,
    },
    {
      label: 'Test mode (not revenue)',
      value: formatCents(test.netCents),
      note: `${count(test.count, 'test-mode payment')}: no money moved.`,
      to: `/admin/payments?${dates}`,
    },
    { label: 'Sign-ups', value: String(data.signups), to: '/admin/users?sort=newest' },
    { label: 'Paying users', value: String(data.payingUsers), note: 'Paid live money in the period.', to: `/admin/payments?${dates}` },
    { label: 'Jobs', value: String(data.jobs.total), to: `/admin/jobs?${dates}` },
    {
      label: 'Failure rate',
      value: percent(data.jobs.failureRate),
      note: finished === 0 ? 'No finished jobs.' : `${data.jobs.failed} failed of ${finished} finished.`,
      to: `/admin/jobs?status=failed&${dates}`,
    },
    {
      label: 'Provider spend',
      value: formatMicroUsd(data.providerSpendMicroUsd),
      note: 'Hosted AI calls at published prices.',
      to: '/admin/providers',
    },
    { label: 'Credits sold', value: String(data.credits.sold), to: '/admin/analytics' },
    { label: 'Credits spent', value: String(data.credits.spent), note: 'On jobs, refunds deducted.', to: '/admin/analytics' },
  ];
}

/** The range's figures as tiles; each opens the page the figure comes from. */
export function OverviewFigures({ data }: { data: Overview }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5" aria-label="Figures of the period">
      {figuresOf(data).map(({ label, value, note, to }) => (
        <li key={label} className="min-w-0">
          <Link
            to={to}
            aria-label={`${label}: ${value}`}
            className="block h-full rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-brand-300 hover:shadow-md"
          >
            <span className="block text-xs font-medium text-slate-500">{label}</span>
            <span className="mt-1 block text-xl font-bold break-words text-slate-900">{value}</span>
            {note && <span className="mt-1 block text-xs text-slate-500">{note}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
