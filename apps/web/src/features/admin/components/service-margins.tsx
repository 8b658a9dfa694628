import { Link } from 'react-router';
import type { Overview } from '@lumen/core/admin/overview';
import { serviceNames } from '@lumen/core/services/catalogue';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { cn } from '@/lib/cn.ts';
import { formatMicroUsd } from '@/lib/money-format.ts';

/** Cents with a fraction (a credit may be worth part of a cent), as dollars. */
const dollars = (cents: number | null) => (cents === null ? '—' : formatMicroUsd(Math.round(cents * 10_000)));
const nameOf = (service: string) => (serviceNames as Record<string, string>)[service] ?? service;

/** Per service: jobs, credits charged, provider spend, and the margin they left (credits at what a credit brought in, less the spend). */
export function ServiceMargins({ data }: { data: Overview }) {
  return (
    <Card>
      <CardTitle>Provider spend and margin per service</CardTitle>
      <CardDescription>
        {data.revenuePerCreditCents === null
          ? 'No real (non-test) sale yet: the margin is shown after the first one.'
          : `Credits charged at ${dollars(data.revenuePerCreditCents)} each (live revenue per credit sold), less what hosted providers cost.`}
      </CardDescription>
      {data.services.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No jobs in this period.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Margin per service">
          {data.services.map((row) => (
            <li key={row.service} className="py-3">
              <p className="font-medium text-slate-900">{nameOf(row.service)}</p>
              <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-xs text-slate-500">Jobs</dt>
                  <dd className="text-slate-800">
                    {row.jobs}
                    {row.failed > 0 && <span className="text-red-700"> ({row.failed} failed)</span>}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Credits charged</dt>
                  <dd className="text-slate-800">{row.creditsSpent}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Provider spend</dt>
                  <dd className="text-slate-800">{formatMicroUsd(row.providerCostMicroUsd)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Margin</dt>
                  <dd className={cn('font-semibold', row.marginCents !== null && row.marginCents < 0 ? 'text-red-700' : 'text-slate-900')}>
                    {dollars(row.marginCents)}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/admin/providers" className="font-semibold text-brand-700 hover:underline">
          Provider calls and prices
        </Link>
        <Link to="/admin/analytics" className="font-semibold text-brand-700 hover:underline">
          Margin per day in Analytics
        </Link>
      </p>
    </Card>
  );
}
