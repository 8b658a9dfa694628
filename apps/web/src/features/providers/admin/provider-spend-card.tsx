import { Link } from 'react-router';
import type { ProviderHealth } from '@lumen/core/admin/providers';
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx';
import { cn } from '@/lib/cn.ts';
import { formatMicroUsd } from '@/lib/money-format.ts';

function BudgetLine({ todayMicroUsd, capUsd, capReached }: ProviderHealth['spend']) {
  if (capUsd === null) {
    return (
      <p className="mt-1 text-sm text-slate-600">
        No budget set.{' '}
        <Link to="/admin/settings" className="font-semibold text-brand-700 hover:underline">
          Set a daily budget in the settings
        </Link>
      </p>
    );
  }
  const used = capUsd > 0 ? Math.min(1, todayMicroUsd / (capUsd * 1e6)) : 1;
  return (
    <>
      <p className="mt-1 text-sm text-slate-600" data-testid="provider-budget">
        of a daily budget of ${capUsd.toFixed(2)}
        {capUsd === 0 ? ' (every hosted provider is paused)' : ` · ${Math.round(used * 100)}% used`}
      </p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className={cn('h-full rounded-full', capReached ? 'bg-red-500' : 'bg-brand-500')} style={{ width: `${used * 100}%` }} />
      </div>
      <Link to="/admin/settings" className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline">
        Change the budget
      </Link>
    </>
  );
}

/** Today's hosted-provider spend (since 00:00 UTC) against the daily budget, and per provider. */
export function ProviderSpendCard({ spend }: { spend: ProviderHealth['spend'] }) {
  const perProvider = Object.entries(spend.byProvider).sort(([, a], [, b]) => b - a);
  return (
    <Card className="min-w-0">
      <CardTitle>Spend today</CardTitle>
      <CardDescription>The published prices of today&apos;s jobs on hosted providers, since 00:00 UTC.</CardDescription>
      <p className="mt-3 text-3xl font-bold text-slate-900" data-testid="provider-spend-today">
        {formatMicroUsd(spend.todayMicroUsd)}
      </p>
      <BudgetLine {...spend} />
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Per provider</h3>
      {perProvider.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No provider costs today.</p>
      ) : (
        <dl className="mt-1 divide-y divide-slate-100 text-sm" aria-label="Spend today per provider">
          {perProvider.map(([provider, microUsd]) => (
            <div key={provider} className="flex items-baseline justify-between gap-3 py-1.5">
              <dt className="break-all text-slate-700">{provider}</dt>
              <dd className="font-semibold text-slate-900">{formatMicroUsd(microUsd)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
