import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { balanceStanding, displayedCredit } from '@lumen/core/credits/rules';
import { Card } from '@/components/ui/card.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { costLabel, services } from '@/lib/service-details.ts';
import { useAuth } from '@/features/auth/api/auth-context.ts';

export function DashboardHomePage() {
  const { user } = useAuth();
  const { balance, spent } = displayedCredit(user?.credit);
  return (
    <>
      <PageHeader title={`Welcome, ${user?.firstName ?? 'creator'}!`} description="Pick a tool to start creating. Each run shows its credit cost before you start." />
      <section aria-label="Credits" className="grid gap-4 sm:grid-cols-3">
        <Card>
          <p className="text-sm text-slate-600">Credit balance</p>
          <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="credit-balance">
            {balance}
          </p>
          <p className="mt-1 text-xs text-slate-500">{balanceStanding(balance)}</p>
        </Card>
        <Card>
          <p className="text-sm text-slate-600">Credits spent</p>
          <p className="mt-1 text-3xl font-bold text-slate-900">{spent}</p>
        </Card>
        <Card className="flex flex-col justify-between bg-gradient-to-br from-brand-600 to-brand-800 text-white">
          <p className="text-sm text-brand-100">Need more credits?</p>
          <Link to="/company/pricing" className="mt-3 inline-flex items-center gap-1 font-semibold hover:underline">
            See credit packages <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </Card>
      </section>
      <section aria-labelledby="tools-heading" className="mt-10">
        <h2 id="tools-heading" className="text-lg font-semibold text-slate-900">Tools</h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.key}>
              <Link
                to={service.toolPath}
                className="flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md"
              >
                <span className="rounded-xl bg-brand-50 p-2.5 text-brand-700">
                  <service.icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{service.name}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{service.tagline}</span>
                  <span className="mt-2 block text-xs font-semibold text-brand-700">{costLabel(service.cost)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
