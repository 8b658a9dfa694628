import { Link, useSearchParams } from 'react-router';
import { overviewRanges } from '@lumen/core/admin/overview';
import type { OverviewRange } from '@lumen/core/admin/overview';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { cn } from '@/lib/cn.ts';
import { adminSections } from '@/components/admin/admin-sections.ts';
import { useAdminOverviewQuery } from '../api/admin-overview.ts';
import { AttentionList } from '../components/attention-list.tsx';
import { OverviewFigures } from '../components/overview-figures.tsx';
import { ServiceEnginesSection } from '../components/service-engines-section.tsx';
import { ServiceMargins } from '../components/service-margins.tsx';

const rangeLabels: Record<OverviewRange, string> = { today: 'Today', '7d': '7 days', '30d': '30 days' };
const rangeOf = (value: string | null): OverviewRange =>
  (overviewRanges as readonly string[]).includes(value ?? '') ? (value as OverviewRange) : 'today';

const pages: Array<{ to: string; key: keyof typeof adminSections }> = [
  { to: '/admin/users', key: 'users' },
  { to: '/admin/jobs', key: 'jobs' },
  { to: '/admin/payments', key: 'payments' },
  { to: '/admin/analytics', key: 'analytics' },
  { to: '/admin/providers', key: 'providers' },
  { to: '/admin/credit-packages', key: 'credit-packages' },
  { to: '/admin/service-costs', key: 'service-costs' },
  { to: '/admin/blog', key: 'blog' },
  { to: '/admin/settings', key: 'settings' },
  { to: '/admin/security', key: 'security' },
];

function RangeSwitch({ range, onChange }: { range: OverviewRange; onChange: (range: OverviewRange) => void }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      {overviewRanges.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={range === value}
          onClick={() => onChange(value)}
          className={cn(
            'h-8 rounded-md px-3 text-sm font-medium transition-colors',
            range === value ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {rangeLabels[value]}
        </button>
      ))}
    </div>
  );
}

/** /admin: the operator's home: what needs attention now, the period's figures, margin per service, then the admin pages. */
export function AdminHomePage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params.get('range'));
  const query = useAdminOverviewQuery(range);
  const setRange = (value: OverviewRange) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === 'today') next.delete('range');
      else next.set('range', value);
      return next;
    });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Admin dashboard"
        description={`Signed in as ${user?.email ?? 'an administrator'}. What needs attention, and how the platform is doing.`}
        actions={<RangeSwitch range={range} onChange={setRange} />}
      />
      <QueryState query={query} loadingLabel="Loading the dashboard…" errorMessage="Failed to load the dashboard">
        {(data) => (
          <div className="space-y-8">
            <section aria-labelledby="attention-heading">
              <h2 id="attention-heading" className="mb-3 text-lg font-semibold text-slate-900">
                Needs attention
              </h2>
              <AttentionList items={data.attention} />
            </section>
            <section aria-labelledby="figures-heading">
              <h2 id="figures-heading" className="mb-3 text-lg font-semibold text-slate-900">
                {range === 'today' ? 'Today' : `Last ${rangeLabels[range]}`}
                <span className="ml-2 text-sm font-normal text-slate-500">since {data.from.slice(0, 10)}, UTC</span>
              </h2>
              <OverviewFigures data={data} />
            </section>
            <ServiceMargins data={data} />
          </div>
        )}
      </QueryState>
      <ServiceEnginesSection />
      <section aria-labelledby="pages-heading" className="mt-10">
        <h2 id="pages-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Admin pages
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {pages.map(({ to, key }) => (
            <li key={to}>
              <Link
                to={to}
                className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md"
              >
                <span className="block font-semibold text-slate-900">{adminSections[key].title}</span>
                <span className="mt-1 block text-sm text-slate-600">{adminSections[key].description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
