import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { adminSections } from '../api/admin-sections.ts';
import { ProviderBudgetAlert } from '../components/provider-budget-banner.tsx';
import { ServiceEnginesSection } from '../components/service-engines-section.tsx';
import { AnalyticsOverview } from './admin-analytics-page.tsx';

const overview: Array<{ to: string; key: keyof typeof adminSections }> = [
  { to: '/admin/users', key: 'users' },
  { to: '/admin/jobs', key: 'jobs' },
  { to: '/admin/analytics', key: 'analytics' },
  { to: '/admin/providers', key: 'providers' },
  { to: '/admin/credit-packages', key: 'credit-packages' },
  { to: '/admin/service-costs', key: 'service-costs' },
  { to: '/admin/payments', key: 'payments' },
  { to: '/admin/blog', key: 'blog' },
  { to: '/admin/settings', key: 'settings' },
  { to: '/admin/security', key: 'security' },
];

export function AdminHomePage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Admin dashboard"
        description={`Signed in as ${user?.email ?? 'an administrator'}. Manage the platform from here.`}
      />
      <ProviderBudgetAlert />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {overview.map(({ to, key }) => (
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
      <ServiceEnginesSection />
      <section aria-labelledby="overview-heading" className="mt-10">
        <h2 id="overview-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Activity
        </h2>
        <AnalyticsOverview compact />
      </section>
    </>
  );
}
